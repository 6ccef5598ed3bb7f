/**
 * The crawl jobs' names, beside their definitions (./jobs.ts), in a module of their own so the
 * frontier and the map can enqueue them without loading the handlers (and without an import circle).
 */
export const CRAWL_PAGE_JOB = "crawl-page";
export const MAP_RENDER_JOB = "map-render";
