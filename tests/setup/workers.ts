// The worker threads' bundles from the current source (scripts/build-workers.mjs), before any unit
// test starts one: a bundle left by an older `npm run build` would test old code.
export default async function setup() {
  const { buildWorkers } = await import("../../scripts/build-workers.mjs");
  await buildWorkers();
}
