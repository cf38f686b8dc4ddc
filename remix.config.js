/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  serverModuleFormat: "esm",
  // dayjs plugins and locales are CommonJS files imported by subpath, which Node ESM cannot resolve.
  // @mantine/dates goes in too, so its date labels use that same dayjs (th locale, Buddhist Era)
  // on the server as in the browser; an external copy would format the SSR text in English.
  // All of Mantine and the icons are bundled too, so esbuild keeps only what the app uses: loaded
  // from node_modules, their CommonJS barrels (every component, ~5,000 icons) cost ~60 MiB of RSS
  // at start (docs/decisions/026-memory-on-a-small-server.md).
  serverDependenciesToBundle: [/^dayjs/, /^@mantine\//, /^@tabler\/icons-react/],
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
