import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi";

// The generated /api/v1/openapi.json, byte for byte (key order included): the
// contract may be reorganised, but what it describes must not change unnoticed.
// A deliberate change to the API updates the snapshot with `vitest -u`.
describe("the OpenAPI document", () => {
  it("is the snapshot", async () => {
    await expect(JSON.stringify(openApiDocument(), null, 2) + "\n").toMatchFileSnapshot("./__snapshots__/openapi.json");
  });
});
