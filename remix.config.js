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
    // On, though each page then matches its path's parents against every route to inline a
    // partial manifest (6 % of an uncached product page's CPU): off, the whole manifest
    // (2.4 kB gzip) would put the home page's scripts over their 90 kB budget.
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
