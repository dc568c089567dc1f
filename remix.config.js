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
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
