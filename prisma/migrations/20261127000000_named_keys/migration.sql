-- Named API keys (issue 26): what a key is for, shown beside its prefix; existing keys get a default.
ALTER TABLE "ApiKey" ADD COLUMN "name" TEXT NOT NULL DEFAULT 'Default key';
