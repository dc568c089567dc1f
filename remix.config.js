/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // Tests build into their own folder so several runs never overwrite each other.
  serverBuildPath: process.env.REMIX_BUILD_DIR ? `${process.env.REMIX_BUILD_DIR}/index.js` : "build/index.js",
  assetsBuildDirectory: process.env.REMIX_BUILD_DIR ? `${process.env.REMIX_BUILD_DIR}/public` : "public/build",
  publicPath: "/build/",
  serverDependenciesToBundle: [/^remix-toast/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: with it on, every page rendered matched its path's parents against all routes again
    // to inline a partial manifest (6 % of an uncached page's CPU, and ~3 KB of its HTML); the
    // whole manifest is one fingerprinted file a browser keeps for a year.
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
