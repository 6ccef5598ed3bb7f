/**
 * The crawl-page job's name, beside its definition (./jobs.ts), in a module of its own so the
 * frontier can enqueue it without loading the handler (and without an import circle).
 */
export const CRAWL_PAGE_JOB = "crawl-page";
