// zod for modules that also run in the browser. Its object schemas probe for
// eval() (new Function) when they are built, to compile fast parsers; the
// shop's CSP forbids eval, so the probe fails and the browser reports a CSP
// violation on every page that defines a schema. jitless skips the probe. The
// setting is global, and this module runs before any schema is built by a
// module that imports z from here (ESLint sends browser code here).
import { z } from "zod";
import { config } from "zod/v4/core";

config({ jitless: true });

export { z };
