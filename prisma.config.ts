// Prisma CLI configuration. The CLI here runs its WebAssembly schema engine
// through the pg driver adapter, so no native engine is ever downloaded.
import path from "node:path";
import { createRequire } from "node:module";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// `generate` needs some URL to avoid falling back to engine downloads; the
// real one is set by scripts/db.js (embedded server) or by the environment.
process.env.DATABASE_URL ||= "postgresql://postgres:postgres@127.0.0.1:5432/shop";

// The schema engine cannot deserialize PostgreSQL's internal `char` (oid 18)
// and `name` (oid 19) columns returned by catalog queries (prisma/orm#27403).
// Present them as `text` (oid 25); their text encoding is identical.
const require = createRequire(import.meta.url);
const Query = require("pg/lib/query.js");
const patched = Symbol.for("storefront.pg.textCatalogTypes");
if (!Query.prototype[patched]) {
  const original = Query.prototype.handleRowDescription;
  Query.prototype.handleRowDescription = function (msg: { fields: { dataTypeID: number }[] }) {
    for (const field of msg.fields) {
      if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
    }
    return original.call(this, msg);
  };
  Query.prototype[patched] = true;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations"), seed: "tsx prisma/seed.ts" },
  async adapter() {
    // allowExitOnIdle: idle pooled connections must not keep the CLI alive.
    return new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true });
  },
});
