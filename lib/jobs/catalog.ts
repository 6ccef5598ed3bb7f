/**
 * Imports every module that calls defineJob(), for its side effect of registering the definition.
 * Both entry points load it: startJobs() (pg-boss workers) and inngest/functions.ts (the Inngest
 * route), so a job listed here runs on either driver. One import line per job module.
 */
import "@/lib/runner/jobs";
