import "@/lib/server/job-catalog"; // registers every job definition before the list below is built
import { createJobFunctions } from "@/lib/jobs/inngest-driver";
import { jobs } from "@/lib/jobs/registry";
import { inngest } from "./client";

/** Built from the same definitions the pg-boss driver runs: job bodies are written once. */
export const functions = createJobFunctions(inngest, jobs());
