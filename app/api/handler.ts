// What a handler of an /api/v1 operation is given and returns, typed from the
// operation's declaration, and the type of an area's handlers (one per operation
// of app/api/<area>/operations.ts, by key).
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import type { PublicUser } from "~/domain/accounts/session.server";
import type { OperationSpec } from "./operation";

/** What a handler is given, typed from its declaration. */
export type HandlerArgs<Op extends OperationSpec> = {
  request: Request;
  context: AppLoadContext;
  /** Called through a deprecated alias (the old shop's own client). */
  viaAlias: boolean;
  /** The caller, for an operation that needs one (null for public operations: nobody is looked up). */
  user: Op["role"] extends "public" ? null : Op["role"] extends "user-or-guest" ? PublicUser | null : PublicUser;
  params: Op extends { params: infer P extends z.ZodType } ? z.output<P> : Record<string, never>;
  query: Op extends { query: infer Q extends z.ZodType } ? z.output<Q> : Record<string, never>;
  /** JSON: the parsed body (as sent, already valid, when declared `asSent`); a form: its fields, already valid (the model parses them into its own types); raw: the bytes. */
  body: Op extends { body: { type: "json"; asSent: true } }
    ? unknown
    : Op extends { body: { type: "json"; schema: infer S extends z.ZodType } }
      ? z.output<S>
      : Op extends { body: { type: "form" } }
        ? Record<string, unknown>
        : Op extends { body: { type: "raw" } }
          ? Uint8Array
          : undefined;
};

export type Handler<Op extends OperationSpec> = (args: HandlerArgs<Op>) => Promise<Response> | Response;

/** One handler per operation of an area, each typed from its own declaration. */
export type AreaHandlers<T extends Record<string, OperationSpec>> = { [K in keyof T]: Handler<T[K]> };
