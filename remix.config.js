/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  serverModuleFormat: "esm",
  // dayjs plugins and locales are CommonJS files imported by subpath, which Node ESM cannot resolve.
  serverDependenciesToBundle: [/^dayjs/],
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
