/**
 * Imports every module that calls defineJob(), for its side effect of registering the definition.
 * Part of the composition root: lib/jobs runs whatever is registered and imports nothing above it.
 * Both entry points load this: ensureBooted() (lib/server/boot.ts, before the workers start) and
 * inngest/functions.ts (the Inngest route), so a job listed here runs on either driver. One import
 * line per job module.
 */
import "@/lib/runner/jobs";
import "@/lib/crawl/jobs";
