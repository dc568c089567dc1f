// Rules of the house's layout (the README's folder map, docs/architecture.md)
// that a test can hold, so a change that breaks one fails here
// instead of in review. Add a rule as its own `it`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const APP = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.dirname(APP);

/** Every source file under `dir` (TypeScript or JavaScript; snapshots and other data are not code). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file))
    .map((file) => path.join(dir, file));
}

function lineCount(file: string): number {
  const text = readFileSync(file, "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** The code without its comments (a comment may name a Request; code may not). Not a parser: enough for these rules. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/**
 * Pairs of domain areas that still import each other both ways, to be
 * resolved by direction (a new pair fails the test): an order's e-mails
 * read the order, and the order's status change queues them; a refund
 * records itself on the order, and the order's cancel refunds it; a
 * parcel queues its "shipped" e-mail, which names the carrier.
 */
const KNOWN_TWO_WAY = ["mail <-> orders", "mail <-> shipments", "orders <-> payments"];

describe("the house's layout", () => {
  it("keeps every file under app/api to 400 lines (an area grows a folder, not a file)", () => {
    const files = sourceFiles(path.join(APP, "api"));
    expect(files.length).toBeGreaterThan(0);
    const tooLong = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: lineCount(file) }))
      .filter(({ lines }) => lines > 400)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it("keeps the server apart from the scripts: server/ imports nothing from scripts/ (the stand-ins live in dev/)", () => {
    const imports = sourceFiles(path.join(ROOT, "server")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)]
        .map((match) => match[1])
        .filter((specifier) => /(^|\/)scripts\//.test(specifier))
        .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
    );
    expect(imports).toEqual([]);
  });

  it("loads the local stand-ins (dev/) only when their service is not configured: never by a static import of the server", () => {
    const staticDev = sourceFiles(path.join(ROOT, "server")).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*from\s*["']([^"']*\/dev\/[^"']+)["']/gm)].map(
        (match) => `${path.relative(ROOT, file)}: ${match[1]}`,
      ),
    );
    expect(staticDev).toEqual([]);
  });

  it("keeps HTTP out of the rules: no file under app/domain imports @remix-run/* or uses the Request, Response or Headers globals", () => {
    const http = sourceFiles(path.join(APP, "domain"))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) => {
        const code = withoutComments(readFileSync(file, "utf8"));
        const found = [
          ...[...code.matchAll(/(?:from|import\()\s*["'](@remix-run\/[^"']+)["']/g)].map((match) => match[1]),
          ...[...code.matchAll(/\b(Request|Response|Headers)\b/g)].map((match) => match[1]),
        ];
        return [...new Set(found)].map((name) => `${path.relative(ROOT, file)}: ${name}`);
      });
    expect(http).toEqual([]);
  });

  it("keeps app/utils below everything: it imports nothing from app/domain, app/components or app/http", () => {
    const imports = sourceFiles(path.join(APP, "utils"))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']([^"']+)["']/g)]
          .map((match) => match[1])
          .filter((specifier) => /^~\/(domain|components|http)\//.test(specifier) || /^\.\.\/(domain|components|http)\//.test(specifier))
          .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
      );
    expect(imports).toEqual([]);
  });

  it("keeps two domain areas from importing each other both ways", () => {
    const domain = path.join(APP, "domain");
    const areaOf = (file: string) => path.relative(domain, file).split(path.sep)[0];
    const edges = new Set<string>();
    for (const file of sourceFiles(domain).filter((file) => !/\.test\.tsx?$/.test(file))) {
      const from = areaOf(file);
      for (const match of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["']~\/domain\/([^/"']+)\//g))
        if (match[1] !== from) edges.add(`${from} -> ${match[1]}`);
    }
    const both = [...edges]
      .filter((edge) => {
        const [from, to] = edge.split(" -> ");
        return from < to && edges.has(`${to} -> ${from}`);
      })
      .map((edge) => edge.replace(" -> ", " <-> "));
    expect(both.sort()).toEqual(KNOWN_TWO_WAY);
  });

  it("keeps every domain file to 400 lines, unless it says at its top why it must be one file", () => {
    const tooLong = sourceFiles(path.join(APP, "domain"))
      .filter((file) => lineCount(file) > 400)
      .filter((file) => !/why one file/i.test(readFileSync(file, "utf8").split("\n").slice(0, 30).join("\n")))
      .map((file) => `${path.relative(ROOT, file)}: ${lineCount(file)} lines`);
    expect(tooLong).toEqual([]);
  });
});
