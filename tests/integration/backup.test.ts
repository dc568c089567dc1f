// `npm run backup` and `npm run restore` as an operator runs them: against a real
// shop's running embedded PostgreSQL while orders keep being written, into fresh
// and occupied data folders, and between databases on a server via DATABASE_URL.
// The restored copy is compared with the source table by table, row by row.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { root, startEmbeddedPostgres } from "../../scripts/db.js";
import { request, shopDatabaseUrl, shopProcesses } from "../fixtures/shop-process";

vi.setConfig({ testTimeout: 120_000 });
const shops = shopProcesses("backup");
afterAll(() => shops.cleanUp());

type Run = { code: number | null; stdout: string; stderr: string };

/** `node scripts/<script> ...args` with `env` over this process's environment. */
function run(script: "backup.js" | "restore.js", args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "scripts", script), ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Every table of public and pgboss as its row count and the md5 of its rows (sorted), plus the
 * sequences' values and the schema's indexes, triggers and constraints, read in one snapshot.
 */
function fingerprint(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const result: Record<string, string> = {};
    const { rows: tables } = await client.query<{ s: string; t: string }>(
      `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1, 2`,
    );
    for (const { s, t } of tables) {
      const { rows } = await client.query<{ n: string; h: string }>(
        `SELECT count(*) AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS h FROM "${s}"."${t}" x`,
      );
      result[`${s}.${t}`] = `${rows[0].n} rows, ${rows[0].h}`;
    }
    const { rows: sequences } = await client.query<{ s: string; t: string }>(
      `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind = 'S'`,
    );
    for (const { s, t } of sequences) {
      const { rows } = await client.query(`SELECT last_value, is_called FROM "${s}"."${t}"`);
      result[`sequence ${s}.${t}`] = JSON.stringify(rows[0]);
    }
    const schemaObjects = {
      indexes: "SELECT indexdef AS d FROM pg_indexes WHERE schemaname IN ('public', 'pgboss')",
      triggers: "SELECT tgname::text || tgenabled::text || pg_get_triggerdef(oid) AS d FROM pg_trigger WHERE NOT tgisinternal",
      constraints: `SELECT conname::text || pg_get_constraintdef(oid) AS d FROM pg_constraint
                     WHERE connamespace IN (SELECT oid FROM pg_namespace WHERE nspname IN ('public', 'pgboss'))`,
    };
    for (const [name, sql] of Object.entries(schemaObjects)) {
      const { rows } = await client.query(`SELECT count(*) AS n, md5(string_agg(d, ',' ORDER BY d)) AS h FROM (${sql}) x`);
      result[name] = `${rows[0].n}, ${rows[0].h}`;
    }
    await client.query("COMMIT");
    return result;
  });
}

/** Orders one writer commits one at a time (order, then its three lines, in one transaction): `written` are committed. */
function orderWriter(url: string, buyerId: string, productId: string) {
  let stop = false;
  let written = 0;
  const client = new pg.Client({ connectionString: url });
  const done = (async () => {
    await client.connect();
    while (!stop) {
      const n = written + 1;
      await client.query("BEGIN");
      await client.query(`INSERT INTO "Order" (id, "buyerId", "totalCents", "updatedAt", "shipName") VALUES ($1, $2, $3, now(), $4)`, [
        `w-${n}`,
        buyerId,
        300 * n,
        `writer ${n}`,
      ]);
      // The transaction stays open a moment, so a backup starting now meets it half done.
      await new Promise((resolve) => setTimeout(resolve, 2));
      for (let k = 1; k <= 3; k++) {
        await client.query(
          `INSERT INTO "OrderLine" (id, "orderId", "productId", name, description, slug, "unitPriceCents", quantity)
           VALUES ($1, $2, $3, 'Line', 'written during a backup', 'line', 100 * $4::int, $4::int)`,
          [`w-${n}-${k}`, `w-${n}`, productId, n],
        );
      }
      await client.query("COMMIT");
      written = n;
    }
    await client.end();
  })();
  return {
    get written() {
      return written;
    },
    finish: async () => {
      stop = true;
      await done;
      return written;
    },
  };
}

const md5 = (data: Buffer) => createHash("md5").update(data).digest("hex");

/** A real photo of about 1 MB (noise does not compress). */
async function bigPhoto() {
  return sharp({ create: { width: 600, height: 580, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

describe("the embedded default", () => {
  it("backs up a running shop while it writes, restores one consistent snapshot, and the restored shop serves", async () => {
    const source = await shops.start("source");
    const sourceUrl = shopDatabaseUrl(source);

    // A buyer, a product with a photo of about 1 MB, an e-mail record and a waiting job.
    const photo = await bigPhoto();
    expect(photo.length).toBeGreaterThan(900_000);
    const { buyerId, productId, jobId } = await withClient(sourceUrl, async (client) => {
      await client.query(
        `INSERT INTO "Category" (id, name, slug) VALUES ('backupcategory0000000001', 'Lamps', 'lamps');
         INSERT INTO "User" (id, name, email, "passwordHash", phone, address, "answerHash", "updatedAt")
         VALUES ('backupbuyer0000000000001', 'Buyer', 'buyer@example.com', 'x', '555 0100', '1 Main St', 'x', now())`,
      );
      await client.query(
        `INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, "categoryId", "updatedAt")
         VALUES ('backupphoto0000000000001', 'Backup Test Lamp', 'backup-test-lamp', 'A lamp with a large photo.', 4200, 7,
                 'backupcategory0000000001', now())`,
      );
      await client.query(
        `INSERT INTO "ProductPhoto" ("productId", "contentType", size, width, height, data, "thumbData", "thumbType",
                                     "thumbWidth", "thumbHeight", etag, "updatedAt", "variantsMadeAt")
         VALUES ('backupphoto0000000000001', 'image/png', $1, 600, 580, $2, $3, 'image/png', 60, 58, $4, now(), now())`,
        [photo.length, photo, photo.subarray(0, 1000), md5(photo).slice(0, 16)],
      );
      await client.query(
        `INSERT INTO "EmailMessage" (id, key, kind, "to", subject, html, text, status, "sentAt")
         VALUES ('backup-mail', 'backup-mail', 'test', 'someone@example.com', 'Kept', '<p>Kept</p>', 'Kept', 'SENT', now())`,
      );
      // The shop makes its queues as it starts working.
      let queue: { name: string } | undefined;
      for (let waited = 0; !queue && waited < 15_000; waited += 100) {
        queue = (await client.query(`SELECT name FROM pgboss.queue ORDER BY name LIMIT 1`)).rows[0];
        if (!queue) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(queue).toBeDefined();
      const {
        rows: [job],
      } = await client.query(
        `INSERT INTO pgboss.job (name, data, start_after) VALUES ($1, '{"kept": true}', now() + interval '1 day') RETURNING id`,
        [queue!.name],
      );
      return { buyerId: "backupbuyer0000000000001", productId: "backupphoto0000000000001", jobId: job.id as string };
    });

    // Orders keep coming while the backup runs.
    const writer = orderWriter(sourceUrl, buyerId, productId);
    while (writer.written < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = path.join(shops.scratch, "during-writes.backup");
    const embedded = { DATABASE_URL: "", EMBEDDED_PG_DIR: source.dataDir };
    const backup = await run("backup.js", [file], embedded);
    const writtenByThen = writer.written;
    while (writer.written < writtenByThen + 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const written = await writer.finish();
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up \d+ tables, \d+ rows from embedded PostgreSQL in .* \(running, port \d+\) to .* in [\d.]+ s\n$/,
    );
    // The shop was not stopped, and is still its folder's owner.
    expect(source.child.exitCode).toBeNull();
    expect((await request(source.port, "/healthz")).status).toBe(200);

    // Restored into a folder that does not exist yet.
    const restoredDir = path.join(shops.scratch, "restored", "pg");
    const restore = await run("restore.js", [file], { DATABASE_URL: "", EMBEDDED_PG_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored \d+ tables, \d+ rows from .* into embedded PostgreSQL in .* in [\d.]+ s\n$/);

    const restoredServer = await startEmbeddedPostgres({ dir: restoredDir });
    try {
      const restoredUrl = restoredServer.urlFor("shop");
      const numbers = await withClient(restoredUrl, async (client) => {
        const { rows } = await client.query<{ id: string; lines: number; events: number }>(
          `SELECT o.id, (SELECT count(*)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS lines,
                  (SELECT count(*)::int FROM "OrderEvent" e WHERE e."orderId" = o.id) AS events
             FROM "Order" o WHERE o.id LIKE 'w-%'`,
        );
        // Every order has all its lines, and the one event the source's trigger wrote (the load fired no trigger).
        for (const row of rows) expect(row, row.id).toMatchObject({ lines: 3, events: 1 });
        return rows.map((row) => Number(row.id.slice(2))).sort((a, b) => a - b);
      });
      // One snapshot: the orders written before some moment during the backup, none missing, none after.
      expect(numbers.length).toBeGreaterThanOrEqual(20);
      expect(numbers.length).toBeLessThanOrEqual(writtenByThen);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      // Those rows are the source's rows.
      const ids = numbers.map((n) => `w-${n}`);
      const rowsOf = (url: string) =>
        withClient(url, async (client) => {
          const { rows } = await client.query(
            `SELECT (SELECT md5(string_agg(o::text, ',' ORDER BY o.id)) FROM "Order" o WHERE o.id = ANY($1)) AS orders,
                    (SELECT md5(string_agg(l::text, ',' ORDER BY l.id)) FROM "OrderLine" l WHERE l."orderId" = ANY($1)) AS lines,
                    (SELECT md5(data) FROM "ProductPhoto" WHERE "productId" = 'backupphoto0000000000001') AS photo,
                    (SELECT count(*)::int FROM "EmailMessage" WHERE id = 'backup-mail') AS mail,
                    (SELECT data::text FROM pgboss.job WHERE id = $2) AS job`,
            [ids, jobId],
          );
          return rows[0];
        });
      const [fromSource, fromRestored] = await Promise.all([rowsOf(sourceUrl), rowsOf(restoredUrl)]);
      expect(fromRestored).toEqual(fromSource);
      expect(fromRestored).toMatchObject({ photo: md5(photo), mail: 1, job: '{"kept": true}' });
      // The next order number continues after the source's.
      const next = await withClient(restoredUrl, (client) => client.query(`SELECT last_value FROM "Order_number_seq"`));
      expect(Number(next.rows[0].last_value)).toBeGreaterThanOrEqual(10_000 + numbers.length);
    } finally {
      await restoredServer.stop();
    }

    // With nothing written any more: back up again (until the shop's own background work left the source
    // unchanged across the whole backup), restore over the first copy, and every table is the source's.
    const second = path.join(shops.scratch, "quiet.backup");
    let expected: Record<string, string> | undefined;
    for (let attempt = 1; attempt <= 5 && !expected; attempt++) {
      const before = await fingerprint(sourceUrl);
      const again = await run("backup.js", [second], embedded);
      expect(again.code, again.stderr).toBe(0);
      const after = await fingerprint(sourceUrl);
      if (JSON.stringify(before) === JSON.stringify(after)) expected = after;
    }
    expect(expected, "the source kept changing during every backup").toBeDefined();
    expect(Number(expected!["public.Order"].split(" ")[0])).toBeGreaterThanOrEqual(written);

    const refused = await run("restore.js", [second], { DATABASE_URL: "", EMBEDDED_PG_DIR: restoredDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^restore: embedded PostgreSQL in .* already holds a shop \(\d+ tables\); .* add --force to replace it\n$/,
    );
    const forced = await run("restore.js", [second, "--force"], { DATABASE_URL: "", EMBEDDED_PG_DIR: restoredDir });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const check = await startEmbeddedPostgres({ dir: restoredDir });
    try {
      expect(await fingerprint(check.urlFor("shop"))).toEqual(expected);
    } finally {
      await check.stop();
    }

    // A shop started on the restored folder serves the restored catalogue, photo and all.
    const restoredShop = await shops.start("restored");
    expect((await request(restoredShop.port, "/healthz")).status).toBe(200);
    const page = await request(restoredShop.port, "/product/backup-test-lamp");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Backup Test Lamp");
    expect(page.body).toContain("/api/v1/product/product-photo/backupphoto0000000000001");
    const served = await fetch(`http://127.0.0.1:${restoredShop.port}/api/v1/product/product-photo/backupphoto0000000000001`);
    expect(served.status).toBe(200);
    expect(md5(Buffer.from(await served.arrayBuffer()))).toBe(md5(photo));

    // Restoring into a folder a running shop owns is refused, and touches nothing.
    const busy = await run("restore.js", [second, "--force"], { DATABASE_URL: "", EMBEDDED_PG_DIR: restoredShop.dataDir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/^restore: a shop \(pid \d+, port \d+\) is running on .*; stop it first\n$/);
    expect((await request(restoredShop.port, "/product/backup-test-lamp")).status).toBe(200);

    // A folder nobody runs is started for the backup, and stopped and released after it.
    restoredShop.child.kill("SIGTERM");
    expect(await restoredShop.exited).toBe(0);
    const stopped = await run("backup.js", [path.join(shops.scratch, "stopped.backup")], {
      DATABASE_URL: "",
      EMBEDDED_PG_DIR: restoredShop.dataDir,
    });
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toMatch(/^Backed up \d+ tables, \d+ rows from embedded PostgreSQL in .* to /);
    expect(fs.existsSync(path.join(restoredShop.dataDir, "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(`${restoredShop.dataDir}.owner.json`)).toBe(false);

    source.child.kill("SIGTERM");
    expect(await source.exited).toBe(0);
  });
});

describe("DATABASE_URL", () => {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const sourceUrl = process.env.DATABASE_URL!;
  const copyName = `${new URL(sourceUrl).pathname.slice(1)}_copy`;
  const copyUrl = Object.assign(new URL(sourceUrl), { pathname: `/${copyName}` }).toString();
  afterAll(() => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${copyName}" WITH (FORCE)`)));

  it("copies a database into a new one on the same server, refuses to overwrite it, and refuses damaged files", async () => {
    await withClient(sourceUrl, (client) =>
      client.query(
        `INSERT INTO "Category" (id, name, slug) VALUES ('urlcategory0000000000001', 'Chairs', 'chairs');
         INSERT INTO "Product" (id, name, slug, description, "priceCents", quantity, "categoryId", "updatedAt", options)
         SELECT 'urlproduct' || lpad(g::text, 14, '0'), 'Chair ' || g, 'chair-' || g, E'Tab\\there, "quoted", back\\\\slash\\nnew line',
                1000 + g, g, 'urlcategory0000000000001', now(), '[{"name": "Size", "values": ["S", "M"]}]'
           FROM generate_series(1, 40) g;
         INSERT INTO "ProductPhoto" ("productId", "contentType", size, width, height, data, "thumbData", "thumbType",
                                     "thumbWidth", "thumbHeight", etag, "updatedAt")
         SELECT id, 'image/png', 3000, 10, 10, decode(repeat(md5(id), 100), 'hex'), '\\x00ff', 'image/png', 1, 1, md5(id), now()
           FROM "Product";
         -- An admin: its insert writes an audit entry (a trigger the restore must not fire again).
         INSERT INTO "User" (id, name, email, "passwordHash", phone, address, "answerHash", role, "updatedAt")
         VALUES ('urladmin0000000000000001', 'Admin', 'admin@example.com', 'x', '555', 'Here', 'x', 1, now()),
                ('urlbuyer0000000000000001', 'Zoë Ünicode ✓', 'buyer@example.com', 'x', '555', 'There', 'x', 0, now());
         INSERT INTO "Order" (id, "buyerId", "totalCents", "updatedAt", "paymentStatus")
         SELECT 'urlorder' || lpad(g::text, 16, '0'), 'urlbuyer0000000000000001', g * 100, now(), 'REFUNDED'
           FROM generate_series(1, 30) g;
         INSERT INTO "OrderLine" (id, "orderId", "productId", name, description, slug, "unitPriceCents", quantity)
         SELECT 'urlline' || lpad(g::text, 17, '0'), 'urlorder' || lpad((g % 30 + 1)::text, 16, '0'),
                'urlproduct' || lpad((g % 40 + 1)::text, 14, '0'), 'Chair', '', 'chair', 100, 1
           FROM generate_series(1, 90) g;
         INSERT INTO "RateLimit" (key, count, "resetAt") SELECT 'key-' || g, g, now() FROM generate_series(1, 2000) g;
         SELECT pgboss.create_queue('backup-test', '{"policy": "standard"}');
         INSERT INTO pgboss.job (name, data) VALUES ('backup-test', '{"n": 1}'), ('backup-test', '{"n": 2}');`,
      ),
    );
    const file = path.join(shops.scratch, "url.backup");
    const backup = await run("backup.js", [file], { DATABASE_URL: sourceUrl });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`from 127.0.0.1:${new URL(sourceUrl).port}/${new URL(sourceUrl).pathname.slice(1)} (DATABASE_URL)`);
    expect(backup.stdout).not.toContain("postgres:postgres");

    // The database does not exist yet: it is created.
    const restore = await run("restore.js", [file], { DATABASE_URL: copyUrl });
    expect(restore.code, restore.stderr).toBe(0);
    const source = await fingerprint(sourceUrl);
    expect(await fingerprint(copyUrl)).toEqual(source);
    expect(source).toMatchObject({
      "public.Product": expect.stringMatching(/^40 rows/),
      "public.AuditEntry": expect.stringMatching(/^1 rows/),
    });
    expect(source["pgboss.job"]).toMatch(/^2 rows/);

    // A database that holds a shop is refused without --force, and left as it was.
    const refused = await run("restore.js", [file], { DATABASE_URL: copyUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds a shop .* add --force to replace it\n$/);
    expect(refused.stderr.split("\n")).toHaveLength(2);

    // Damaged files, each refused in one line with exit code 1, and the database still as it was (even with --force).
    const broken = (name: string, bytes: Buffer) => {
      const target = path.join(shops.scratch, name);
      fs.writeFileSync(target, bytes);
      return target;
    };
    const whole = fs.readFileSync(file);
    const flipped = Buffer.from(whole);
    for (let i = Math.floor(whole.length / 2); i < Math.floor(whole.length / 2) + 16; i++) flipped[i] ^= 0xff;
    const lines = zlib.gunzipSync(whole).toString("utf8").split("\n");
    const header = JSON.parse(lines[0]);
    const cases: [string, string[], RegExp][] = [
      ["missing", [path.join(shops.scratch, "no-such.backup")], /^restore: no such file: .*no-such\.backup\n$/],
      ["no file named", [], /^restore: usage: npm run restore -- FILE \[--force\]\n$/],
      ["not gzip", [broken("text.backup", Buffer.from("hello\n"))], /is not a Storefront backup \(not gzip data\)\n$/],
      ["gzip, not a backup", [broken("other.backup", zlib.gzipSync("hello\n"))], /is not a Storefront backup\n$/],
      [
        "another format",
        [broken("future.backup", zlib.gzipSync([JSON.stringify({ ...header, version: 99 }), ...lines.slice(1)].join("\n")))],
        /is a format 99 backup; this checkout reads format 1\n$/,
      ],
      ["cut short", [broken("cut.backup", whole.subarray(0, Math.floor(whole.length * 0.7))), "--force"], /is cut short/],
      ["flipped bytes", [broken("flipped.backup", flipped), "--force"], /is corrupt/],
      [
        "edited rows",
        [
          broken("edited.backup", zlib.gzipSync(lines.map((line) => line.replace("buyer@example.com", "buyer@example.org")).join("\n"))),
          "--force",
        ],
        /is corrupt \(checksum mismatch\)/,
      ],
    ];
    for (const [label, args, message] of cases) {
      const result = await run("restore.js", args, { DATABASE_URL: copyUrl });
      expect(result.code, label).toBe(1);
      expect(result.stderr, label).toMatch(message);
      expect(result.stderr.split("\n"), label).toHaveLength(2);
    }
    expect(await fingerprint(copyUrl)).toEqual(source);

    // An unreachable server, in one line.
    const nowhere = await run("restore.js", [file], { DATABASE_URL: "postgresql://postgres:postgres@127.0.0.1:1/shop" });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toBe("restore: Cannot reach PostgreSQL at 127.0.0.1:1/shop (DATABASE_URL): connection refused\n");
    const unreadable = await run("backup.js", [path.join(shops.scratch, "x.backup")], {
      DATABASE_URL: "postgresql://postgres:postgres@127.0.0.1:1/shop",
    });
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toBe("backup: Cannot reach PostgreSQL at 127.0.0.1:1/shop (DATABASE_URL): connection refused\n");
    expect(fs.readdirSync(shops.scratch).filter((name) => name.includes("partial"))).toEqual([]);

    // --force replaces it.
    const forced = await run("restore.js", [file, "--force"], { DATABASE_URL: copyUrl });
    expect(forced.code, forced.stderr).toBe(0);
    expect(await fingerprint(copyUrl)).toEqual(source);
  });
});
