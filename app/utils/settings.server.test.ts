import { describe, expect, it } from "vitest";
import { serverSettings, settingsProblem, sharedSettings } from "./settings.server";
import { z } from "zod";

const app = z.object(sharedSettings);

describe("settings", () => {
  it("gives the server and the app one value per shared variable, with the same defaults", () => {
    const given = { PORT: "8080", TRUST_PROXY: "2", MAX_UPLOAD_BYTES: "1000", APP_URL: "https://shop.example/" };
    const server = serverSettings.parse(given);
    const shared = app.parse(given);
    expect(shared).toEqual({ PORT: 8080, TRUST_PROXY: 2, MAX_UPLOAD_BYTES: 1000, APP_URL: "https://shop.example" });
    for (const name of Object.keys(shared) as (keyof typeof shared)[]) expect(server[name]).toEqual(shared[name]);
    expect(app.parse({ PORT: " " })).toEqual({ PORT: 3000, TRUST_PROXY: 0, MAX_UPLOAD_BYTES: 5 * 1024 * 1024, APP_URL: undefined });
  });

  it("names the variable and what was given in one line", () => {
    const problem = (source: Record<string, string>) => {
      const result = serverSettings.safeParse(source);
      return result.success ? null : settingsProblem(result.error);
    };
    expect(problem({ TRUST_PROXY: "11" })).toBe('TRUST_PROXY must be a whole number from 0 to 10 (got "11")');
    expect(problem({ ACCESS_LOG: "maybe" })).toBe('ACCESS_LOG must be true or false (got "maybe")');
    expect(problem({ APP_URL: "shop" })).toBe('APP_URL must be an absolute URL such as https://shop.example (got "shop")');
    expect(problem({ ACCESS_LOG: "off", PAGE_CACHE_MB: "0" })).toBeNull();
  });
});
