/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  serverModuleFormat: "esm",
  // dayjs plugins and locales are CommonJS files imported by subpath, which Node ESM cannot resolve.
  // @mantine/dates goes in too, so its date labels use that same dayjs (th locale, Buddhist Era)
  // on the server as in the browser; an external copy would format the SSR text in English.
  serverDependenciesToBundle: [/^dayjs/, /^@mantine\/dates/],
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
