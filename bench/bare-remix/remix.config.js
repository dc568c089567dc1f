// The bare Remix floor (bench/catalog.js builds it once per run into the run's
// folder through BARE_REMIX_BUILD_DIR; by hand it builds into ./build).
// The shop's future flags, so that the comparison is the shop against the
// framework as the shop configures it, not against other defaults.
const buildDir = process.env.BARE_REMIX_BUILD_DIR ?? "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: "esm",
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: `${buildDir}/public/build`,
  cacheDirectory: `${buildDir}/.cache`,
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
