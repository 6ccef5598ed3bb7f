-- What a cache hit is answered from is kept in each server process's memory (lib/store/hot-hits.ts).
-- Every change to what it copies announces itself, whoever makes it (the API, the admin command,
-- retention, SQL by hand), so every process drops its copy when the transaction commits.

-- A cache entry written, replaced or deleted: its key.
CREATE FUNCTION ptd_cache_entry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ptd_hot_hits', 'entry:' || COALESCE(NEW."cacheKey", OLD."cacheKey"));
  RETURN NULL;
END $$;
CREATE TRIGGER "CacheEntry_notify_hot_hits" AFTER INSERT OR UPDATE OR DELETE ON "CacheEntry"
  FOR EACH ROW EXECUTE FUNCTION ptd_cache_entry_changed();

-- A stored result purged or deleted: any entry may point at it.
CREATE FUNCTION ptd_result_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ptd_hot_hits', 'entry:*');
  RETURN NULL;
END $$;
CREATE TRIGGER "Result_notify_hot_hits" AFTER UPDATE OF "purgedAt", "body" OR DELETE ON "Result"
  FOR EACH ROW EXECUTE FUNCTION ptd_result_gone();

-- An organization's credits, reservations or plan changed: the quota headers a hit carries.
CREATE FUNCTION ptd_usage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ptd_hot_hits', 'usage:' || COALESCE(NEW."id", OLD."id"));
  RETURN NULL;
END $$;
CREATE TRIGGER "Organization_notify_hot_hits" AFTER UPDATE OR DELETE ON "Organization"
  FOR EACH ROW EXECUTE FUNCTION ptd_usage_changed();
