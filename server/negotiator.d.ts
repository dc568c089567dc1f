// negotiator 0.6.4 (the version `compression` uses), as far as the server
// uses it; the published @types stop short of `encoding`'s preferred order.
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    /** The client's most wanted of `available`; ties go to the first of `preferred`. */
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
