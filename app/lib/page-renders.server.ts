import pLimit from "p-limit";

/**
 * How many HTML pages the server renders at once; the others wait their turn, in order.
 *
 * A page's render is one long synchronous piece of CPU work (20–170 ms for an admin list on the
 * bench data set). When the server is saturated, every request that arrives waits behind all the
 * renders already queued on the event loop, so a burst of admin pages delayed the employees'
 * check-ins by seconds. With at most two at a time, a check-in waits behind two renders at most;
 * the pages wait among themselves. The API, data requests and uploads never wait here.
 */
export const PAGE_RENDERS_AT_ONCE = 2;

export const pageRenders = pLimit(PAGE_RENDERS_AT_ONCE);
