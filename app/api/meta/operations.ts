// The description of the API itself.
import { z } from "~/utils/zod";
import { Access, operation, reply } from "../operation";
import { META } from "../common";

export const openApiDocument = operation({
  id: "openApiDocument",
  method: "GET",
  path: "/api/v1/openapi.json",
  role: Access.Public,
  tag: META,
  summary: "This document (OpenAPI 3.1), generated from the contract",
  responses: { 200: reply("OpenAPI 3.1", z.looseObject({ openapi: z.literal("3.1.0") })) },
});

/** The meta area's operations, in the order the document lists them. */
export const metaOperations = { openApiDocument } as const;
