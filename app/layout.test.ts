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
});
