// Where a worker's CPU time goes: reads the V8 CPU profiles that
// `BENCH_CPU_PROF=folder npm run bench` leaves (one per process) and prints
// the busiest one's time by part (self time of each function, put in the
// part its source file belongs to), then its heaviest functions.
//
//   node bench/profile.js .cache/profile            the largest profile there
//   node bench/profile.js some.cpuprofile           one file
import fs from "node:fs";
import path from "node:path";

const target = process.argv[2];
if (!target) {
  console.error("usage: node bench/profile.js <folder or .cpuprofile>");
  process.exit(2);
}

function busiest(folder) {
  const files = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => path.join(folder, name));
  if (!files.length) throw new Error(`no .cpuprofile in ${folder}`);
  return files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
}

const file = fs.statSync(target).isDirectory() ? busiest(target) : target;
const profile = JSON.parse(fs.readFileSync(file, "utf8"));

// The parts, first match wins: the file a function lives in says what it does.
const PARTS = [
  ["idle", (url, name) => name === "(idle)"],
  ["garbage collection", (url, name) => name === "(garbage collector)"],
  ["render (react-dom/server)", (url) => /react-dom|\/react\//.test(url)],
  ["compression", (url, name) => /zlib|compression/.test(url) || /^(?:brotli|deflate|gzip)/i.test(name)],
  ["database client (pg, Prisma)", (url) => /node_modules\/(?:pg|pg-protocol|pg-pool|@prisma|\.prisma)\//.test(url)],
  ["Remix runtime (loaders, data, routing)", (url) => /@remix-run|react-router|turbo-stream/.test(url)],
  [
    "Express and middleware libraries",
    (url) => /node_modules\/(?:express|router|body-parser|send|finalhandler|on-finished|on-headers|cookie|qs)\//.test(url),
  ],
  ["metrics (prom-client)", (url) => /prom-client/.test(url)],
  ["other libraries", (url) => /node_modules/.test(url)],
  ["the shop's server (server-build)", (url) => /server-build/.test(url)],
  ["the shop's app (build)", (url) => /\/build\//.test(url)],
  ["Node internals (http, net, streams)", (url) => url.startsWith("node:") || /^internal\//.test(url)],
  ["native and V8", (url, name) => url === "" || name.startsWith("(")],
  ["other", () => true],
];

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
// Self time: samples land on the function running at the time.
const deltas = profile.timeDeltas;
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i += 1) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (deltas[i] ?? 0));
}

const byPart = new Map();
const byFunction = new Map();
let total = 0;
let busy = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = nodes.get(id);
  const { url, functionName } = callFrame;
  const name = functionName || "(anonymous)";
  const part = PARTS.find(([, test]) => test(url, name))[0];
  byPart.set(part, (byPart.get(part) ?? 0) + us);
  total += us;
  if (part !== "idle") {
    busy += us;
    const key = `${name} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(?=(?:build|server-build)\/)/, "")}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
}

const ms = (us) => `${(us / 1000).toFixed(0)} ms`;
const share = (us, of) => `${((100 * us) / of).toFixed(1)} %`;
console.log(`${path.basename(file)}: ${ms(total)} sampled, ${ms(busy)} busy (${share(busy, total)})`);
console.log("\npart | busy time | share of busy");
console.log("---|---|---");
for (const [part, us] of [...byPart].sort((a, b) => b[1] - a[1])) {
  if (part === "idle") continue;
  console.log(`${part} | ${ms(us)} | ${share(us, busy)}`);
}
console.log("\nheaviest functions (self time):");
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 25))) {
  console.log(`${share(us, busy).padStart(7)}  ${key}`);
}
