// The description's handler: the OpenAPI document, generated once per process.
import { json } from "@remix-run/node";
import type { AreaHandlers } from "../handler";
import { openApiDocument } from "../openapi";
import type { metaOperations } from "./operations";

export const metaHandlers: AreaHandlers<typeof metaOperations> = {
  openApiDocument: () => json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
};
