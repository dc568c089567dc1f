import { describe, expect, it } from "vitest";
import { futureFlagConstants, minifyScript } from "./optimize-client-build.js";

describe("the client build's second minification", () => {
  it("folds remix.config.js's future flags into constants, so branches our settings never take drop out", async () => {
    const flags = futureFlagConstants({ v3_singleFetch: false, v3_lazyRouteDiscovery: true });
    expect(flags).toEqual({
      "window.__remixContext.future.v3_singleFetch": false,
      "window.__remixContext.future.v3_lazyRouteDiscovery": true,
    });
    const code = await minifyScript(
      `export function start() {
        if (window.__remixContext.future.v3_singleFetch) return decodeTurboStream(window.__remixContext.stream);
        return window.__remixContext.future.v3_lazyRouteDiscovery ? "lazy" : "eager";
      }
      function decodeTurboStream(stream) { return "turbo " + stream; }`,
      flags,
    );
    expect(code).not.toContain("turbo");
    expect(code).not.toContain("v3_singleFetch");
    expect(code).toContain('"lazy"');
    expect(code).not.toContain('"eager"');
  });

  it("reads the flags from remix.config.js by default", () => {
    expect(futureFlagConstants()["window.__remixContext.future.v3_singleFetch"]).toBe(false);
  });

  it("keeps what the module exports", async () => {
    const code = await minifyScript(`const greeting = "hello"; export function greet(name) { return greeting + ", " + name; }`);
    const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    expect(module.greet("shop")).toBe("hello, shop");
  });
});
