/**
 * A product import's pictures at the pixel limit (run: `npm run bench:import-images`): BENCH_PICTURES
 * PNGs (default 12) of 6,300 × 6,300 px (39.7 megapixels, just under the 40 MP limit; one plain
 * colour each, about 116 KB), queued as an import's pictures on a fresh database and fetched by the
 * picture workers of this process from a local HTTP server, as after a real import. Meanwhile a
 * second process asks this one for a small page every 50 ms (the page is read from disk, like a
 * stored file, so it waits for the same thread pool as sharp) and reports its answer times.
 *
 * Prints the time for all pictures, resident memory before, at its peak and 2 s after, the shopper's
 * p50/p95/max answer times before (quiet) and during, and the event loop's delay during. The PNGs
 * are made once in a child process and kept in the system's temporary folder. `npm run` sets
 * MALLOC_ARENA_MAX=2 as `npm start` does. Asserts nothing: the figures are read here (docs/decisions/054-picture-storage.md).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { freshBenchShop } from "./bench-env";

const PICTURES = Number(process.env.BENCH_PICTURES ?? 12);
const SIDE = 6300;
const pictureDir = path.join(os.tmpdir(), `haat-bench-pictures-${SIDE}`);
const pictureFile = (index: number) => path.join(pictureDir, `${index}.png`);

if (process.argv.includes("--make-pictures")) {
  const sharp = (await import("sharp")).default;
  fs.mkdirSync(pictureDir, { recursive: true });
  for (let index = 0; index < PICTURES; index++) {
    if (fs.existsSync(pictureFile(index))) continue;
    const background = { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 };
    await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background } })
      .png()
      .toFile(pictureFile(index));
  }
  process.exit(0);
}

// The pictures are made in another process, so that making them does not count in this one's memory.
const made = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--make-pictures"], {
  stdio: "inherit",
  env: process.env,
});
if (made.status !== 0) throw new Error("The benchmark's pictures could not be made");

const dir = await freshBenchShop("haat-bench-import-images-", { IMPORT_IMAGES_ALLOW_PRIVATE: "true" });
// The page a shopper asks for: 30 KB read from disk at each request.
const pagePath = path.join(dir, "page.html");
fs.writeFileSync(pagePath, "<p>A stored page.</p>\n".repeat(1400));
const pictures = Array.from({ length: PICTURES }, (_, index) => fs.readFileSync(pictureFile(index)));
const server = http.createServer((request, response) => {
  const picture = /^\/pictures\/(\d+)\.png$/.exec(request.url ?? "");
  if (picture) {
    response.writeHead(200, { "Content-Type": "image/png" }).end(pictures[Number(picture[1])]);
    return;
  }
  fs.promises.readFile(pagePath).then(
    (page) => response.writeHead(200, { "Content-Type": "text/html" }).end(page),
    () => response.writeHead(500).end(),
  );
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A shopper in another process asking for the page every 50 ms for `ms` ms: its answer times, in ms. */
function shopper(ms: number): Promise<number[]> {
  const code = `
    const times = [];
    const end = Date.now() + ${ms};
    (async () => {
      while (Date.now() < end) {
        const start = performance.now();
        await fetch(${JSON.stringify(`${base}/page`)}).then((r) => r.arrayBuffer());
        times.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 50));
      }
      process.stdout.write(JSON.stringify(times));
    })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (status) => (status === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(out))));
  });
}

/** p50, p95 and max of `times` (ms), as text. */
function percentiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (${times.length} requests)`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const { prisma } = await import("../../app/models/db/client.server");
const { startImportImages, importImagesIdle } =
  await import("../../app/server/catalogue/import/picture-workers.server");
const imported = await prisma.productImport.create({
  data: { fileName: "bench.csv", format: "shopify", csv: "", status: "imported" },
});
for (let index = 0; index < PICTURES; index++) {
  const product = await prisma.product.create({
    data: { name: `Poster ${index}`, slug: `poster-${index}`, description: "", minPricePaisa: 100, maxPricePaisa: 100 },
  });
  await prisma.productImportImage.create({
    data: {
      importId: imported.id,
      productId: product.id,
      productName: product.name,
      url: `${base}/pictures/${index}.png`,
      position: 0,
    },
  });
}

const quiet = await shopper(3000);
const rssBefore = process.memoryUsage.rss();
const peakBefore = process.resourceUsage().maxRSS * 1024;
const delay = monitorEventLoopDelay({ resolution: 10 });
let busy = true;
const during: Promise<number[]> = (async () => {
  const times: number[] = [];
  while (busy) times.push(...(await shopper(2000)));
  return times;
})();
delay.enable();
const start = performance.now();
startImportImages();
await importImagesIdle();
const elapsed = (performance.now() - start) / 1000;
delay.disable();
busy = false;
const duringTimes = await during;
const peak = process.resourceUsage().maxRSS * 1024;
await new Promise((resolve) => setTimeout(resolve, 2000));
const rssAfter = process.memoryUsage.rss();
const statuses = await prisma.productImportImage.groupBy({ by: ["status", "error"], _count: { _all: true } });

console.log(
  `${PICTURES} pictures of ${SIDE} × ${SIDE} px PNG (${(pictures[0]!.length / 1024).toFixed(0)} KB each), ${os.cpus().length} cores, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? "(unset)"}`,
);
console.log(`  all pictures stored           ${elapsed.toFixed(1)} s`);
console.log(
  `  outcome                       ${statuses.map((s) => `${s.status}${s.error ? ` (${s.error})` : ""}: ${s._count._all}`).join(", ")}`,
);
console.log(
  `  resident memory               before ${mb(rssBefore)}, peak ${mb(peak)}${peak === peakBefore ? " (the peak was before)" : ""}, 2 s after ${mb(rssAfter)}`,
);
console.log(`  shopper's page, quiet         ${percentiles(quiet)}`);
console.log(`  shopper's page, during        ${percentiles(duringTimes)}`);
console.log(
  `  event loop delay, during      p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p95 ${(delay.percentile(95) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
);
server.closeAllConnections();
server.close();
await prisma.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });
