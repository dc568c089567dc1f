// Every environment variable the shop reads is validated (one rule, in
// settings.server.ts or env.server.ts) and listed: in the README's
// configuration table, or, for those the shop sets for itself, in
// docs/operations.md. And every variable those tables list is read.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appSettingsSchema } from "./env.server";
import { serverSettings } from "./settings.server";

const root = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The `NAME`s of a Markdown table's first column, in the section that starts at `heading`. */
function tableNames(markdown: string, heading: string): Set<string> {
  const section = markdown.slice(markdown.indexOf(heading));
  const end = section.indexOf("\n## ", heading.length);
  const firstCells = (end > 0 ? section.slice(0, end) : section).matchAll(/^\|([^|\n]*)\|/gm);
  return new Set([...firstCells].flatMap((cell) => [...cell[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1])));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|js|cjs)$/.test(entry.name) && !/\.(test|spec)\./.test(entry.name) ? [file] : [];
  });
}

/** Variables named as `process.env.NAME`, `process.env["NAME"]` or `env.NAME` (an alias of process.env) in the files. */
function readsIn(files: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files)
    for (const match of read(file).matchAll(/\b(?:process\.)?env(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g))
      found.set(match[1] ?? match[2], file);
  return found;
}

const documented = new Set([
  ...tableNames(read("README.md"), "## Configuration"),
  ...tableNames(read("docs/operations.md"), "## Variables the shop sets for itself"),
]);

describe("settings", () => {
  it("every variable the app and the server read is validated and listed in the README or docs/operations.md", () => {
    const validated = new Set([...Object.keys(appSettingsSchema.shape), ...Object.keys(serverSettings.shape)]);
    const direct = readsIn([...sourceFiles("app"), ...sourceFiles("server")]);
    const missing = [...new Set([...validated, ...direct.keys()])].filter((name) => !documented.has(name)).sort();
    expect(missing, "variables read but not listed").toEqual([]);
    const unvalidated = [...direct.keys()].filter((name) => !validated.has(name)).sort();
    expect(unvalidated, "variables read directly without a rule in settings.server.ts or env.server.ts").toEqual([]);
  });

  it("every variable the tables list is read somewhere (no stale rows)", () => {
    const validated = new Set([...Object.keys(appSettingsSchema.shape), ...Object.keys(serverSettings.shape)]);
    const anywhere = readsIn([...sourceFiles("app"), ...sourceFiles("server"), ...sourceFiles("scripts"), "playwright.config.ts"]);
    const stale = [...documented].filter((name) => !validated.has(name) && !anywhere.has(name)).sort();
    expect(stale).toEqual([]);
  });
});
