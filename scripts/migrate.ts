/** Applies committed migrations to the configured database (DATABASE_URL; embedded PGlite when unset). */
import { closeDb, dbConfig, dbReady } from "@/lib/db";

dbReady()
  .then(async () => {
    console.log(`migrations applied (${dbConfig().kind})`);
    await closeDb();
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
