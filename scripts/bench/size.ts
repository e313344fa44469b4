/**
 * `npm run size`: builds the shop, serves it on a throw-away database with the demo catalogue,
 * and prints per storefront page (home, products, a product page in English and in Bangla, the
 * Bangla home, the cart with one item) the
 * gzipped bytes of HTML, CSS and JavaScript the page loads (scripts/bench/page-weight.ts), against the
 * budgets (docs/decisions/016-storefront-javascript-budget.md) for the product page: HTML ≤ 30 KB, CSS ≤ 20 KB, JavaScript ≤ 100 KB in all
 * (1 KB = 1000 bytes). The other pages are shown against the same numbers for information.
 * Exits 1 when a product page (either language) is over budget, 2 when the measurement itself failed.
 *
 * "A purchase needs 0 bytes of JavaScript": every step of an order (add to cart, checkout) is a
 * plain HTML form; tests/e2e/order-flow.spec.ts proves it by placing orders with JavaScript off.
 *
 * Options: `--no-build` measures the existing build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUDGETS, kb, measurePage, overBudget, type PageWeight } from "./page-weight";
import { freePort } from "../lib/free-port";

const STARTUP_TIMEOUT_MS = 300_000;

async function waitForServer(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(baseUrl)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** A cart cookie holding one of `variantId`, made by posting the Add to Cart form. */
async function cartCookie(baseUrl: string, variantId: number): Promise<string> {
  const response = await fetch(new URL("/cart", baseUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(baseUrl).origin },
    body: new URLSearchParams({ intent: "add", variantId: String(variantId), quantity: "1" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .find((pair) => pair.startsWith("haat_cart="));
  if (!cookie) throw new Error(`adding to the cart answered ${response.status} without a cart cookie`);
  return cookie;
}

async function main(): Promise<number> {
  if (!process.argv.includes("--no-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) return 2;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-size-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/`;
  console.log(`Seeding the demo catalogue and serving it on ${baseUrl} …`);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo/serve-demo.ts"], {
    env: { ...process.env, DEMO_DIR: dir, PORT: String(port), PUBLIC_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForServer(baseUrl, child);
    const listing = await (await fetch(new URL("/products", baseUrl))).text();
    const productId = Number(/href="\/products\/(\d+)"/.exec(listing)?.[1]);
    if (!productId) throw new Error("no product link on /products");
    // The first card sold as one variant carries its variant id in its Add to Cart form.
    const variantId = Number(/name="variantId" value="(\d+)"/.exec(listing)?.[1]);
    if (!variantId) throw new Error("no Add to Cart form on /products");
    const cookie = await cartCookie(baseUrl, variantId);
    // The demo product with the most options (the ceiling fan: sweep × colour), found by its name.
    const suggestions = (await (await fetch(new URL("/resources/search-suggestions?q=Batash", baseUrl))).json()) as {
      suggestions?: { id: number }[];
    };
    const withOptions = suggestions.suggestions?.[0]?.id;
    if (!withOptions)
      throw new Error("no product with options (the demo's Batash ceiling fan) in the search suggestions");
    const pages: Row[] = [
      { name: "home", path: "/", enforced: false },
      { name: "products", path: "/products", enforced: false },
      { name: "product", path: `/products/${productId}`, enforced: true },
      { name: "product (Bangla)", path: `/bn/products/${productId}`, enforced: true },
      { name: "product with options (Bangla)", path: `/bn/products/${withOptions}`, enforced: true },
      { name: "home (Bangla)", path: "/bn", enforced: false },
      { name: "cart (1 item)", path: "/cart", cookie, enforced: false },
    ];
    for (const row of pages) row.weight = await measurePage(baseUrl, row.path, row.cookie);
    printTable(pages);
    const over = pages.filter((row) => row.enforced && overBudget(row.weight!).length > 0);
    console.log("\nA purchase needs 0 bytes of JavaScript: every step is a plain HTML form (proved by the js-off");
    console.log("project of tests/e2e/order-flow.spec.ts, which places orders with JavaScript disabled).");
    if (over.length > 0) {
      console.error(
        `\nOver budget: ${over.map((row) => `${row.name} (${overBudget(row.weight!).join(", ")})`).join("; ")}`,
      );
      return 1;
    }
    console.log("\nThe product page is within its budgets.");
    return 0;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Row = { name: string; path: string; cookie?: string; enforced: boolean; weight?: PageWeight };

function printTable(rows: Row[]) {
  const header = ["page", "path", "HTML", "CSS (of it inline)", "JS (of it inline)", "within budget"];
  const lines = rows.map(({ name, path: pagePath, enforced, weight: w }) => {
    const over = overBudget(w!);
    const verdict = over.length === 0 ? "yes" : `${enforced ? "NO" : "over (not enforced)"}: ${over.join(", ")}`;
    return [
      name,
      pagePath,
      kb(w!.html),
      `${kb(w!.css)} (${kb(w!.inlineCss)})`,
      `${kb(w!.js)} (${kb(w!.inlineJs)})`,
      verdict,
    ];
  });
  const budget = [
    "budget (product page)",
    "",
    `≤ ${kb(BUDGETS.html)}`,
    `≤ ${kb(BUDGETS.css)}`,
    `≤ ${kb(BUDGETS.js)}`,
    "",
  ];
  const all = [header, ...lines, budget];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const format = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\nGzipped bytes each page loads (1 KB = 1000 bytes):\n`);
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of [...lines, budget]) console.log(format(row));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("npm run size failed:", error);
    process.exit(2);
  },
);
