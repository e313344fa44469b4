/**
 * Two production server processes (node server.js, tests/support/server-process.ts) on one SQLite
 * file, each with its own page cache, while shoppers keep asking for a product page on both: when
 * a write made elsewhere (this test's process, as an order or a staff edit on any process would)
 * sells the product out or changes its price, neither process shows the old page longer than the
 * stale bound (PAGE_CACHE_STALE_SECONDS, 1 s here) after the write, and both show the new one
 * afterwards (docs/decisions/051-page-cache-under-a-sale.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { formatMoney } from "~/rules/money";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createProduct } from "./helpers";

const STALE_SECONDS = 1;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  servers = await Promise.all(
    [1, 2].map(() => startServerProcess({ PAGE_CACHE_STALE_SECONDS: String(STALE_SECONDS) })),
  );
});

afterAll(async () => {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
});

/** One answer as a shopper saw it: when it was asked for (ms since 1970), X-Cache and the page. */
type Seen = { askedAt: number; answeredAt: number; cache: string | null; html: string };

/**
 * Asks for `path` on every server with `perServer` shoppers each, one request after another, until
 * `stop()` says so; returns every answer.
 */
async function browse(path: string, perServer: number, stop: () => boolean): Promise<Seen[]> {
  const seen: Seen[] = [];
  const shopper = async (origin: string) => {
    while (!stop()) {
      const askedAt = Date.now();
      const response = await fetch(origin + path);
      expect(response.status).toBe(200);
      const html = await response.text();
      seen.push({ askedAt, answeredAt: Date.now(), cache: response.headers.get("X-Cache"), html });
    }
  };
  await Promise.all(servers.flatMap((server) => Array.from({ length: perServer }, () => shopper(server.origin))));
  return seen;
}

/** Whether the product page's buttons let a shopper buy (not disabled) and it does not say "Out of stock". */
function buyable(html: string): boolean {
  return !html.includes("Out of stock") && /<button[^>]*value="add"(?![^>]*\sdisabled="")[^>]*>/.test(html);
}

describe("two processes sharing the database, each with its page cache", () => {
  it("never shows a sold-out product as buyable longer than the stale bound after it sold out", async () => {
    const fan = await createProduct({ name: "Two Process Fan", pricePaisa: 480_000, stockQuantity: 3 });
    const path = `/products/${fan.id}`;
    for (const server of servers) expect(buyable(await (await fetch(server.origin + path)).text())).toBe(true);

    let soldOutAt = 0;
    let stopAt = Infinity;
    const seen = browse(path, 4, () => Date.now() > stopAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The last three units go in one order, as a checkout on either process takes them.
    const sellingAt = Date.now();
    const { count } = await prisma.productVariant.updateMany({
      where: { id: fan.variantId, stockQuantity: { gte: 3 } },
      data: { stockQuantity: { decrement: 3 } },
    });
    expect(count).toBe(1);
    soldOutAt = Date.now();
    stopAt = soldOutAt + STALE_SECONDS * 1000 + 700;
    const answers = await seen;

    // Answers complete before the sale began must show the product buyable; one asked just before
    // it may have been rendered after it, so the time asked says nothing here.
    const before = answers.filter((answer) => answer.answeredAt < sellingAt);
    const pastBound = answers.filter((answer) => answer.askedAt > soldOutAt + STALE_SECONDS * 1000);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((answer) => buyable(answer.html))).toBe(true);
    expect(pastBound.length).toBeGreaterThan(10);
    expect(pastBound.filter((answer) => buyable(answer.html))).toEqual([]);
    // Only an answer marked stale may show what the page was before the sale's last units went.
    const old = answers.filter((answer) => answer.askedAt > soldOutAt && buyable(answer.html));
    expect(old.every((answer) => answer.cache === "STALE")).toBe(true);
  });

  it("never shows a changed price longer than the stale bound after the change", async () => {
    const lamp = await createProduct({ name: "Two Process Lamp", pricePaisa: 250_000, stockQuantity: 100 });
    const path = `/products/${lamp.id}`;
    const oldPrice = formatMoney(250_000);
    const newPrice = formatMoney(199_000);
    for (const server of servers) expect(await (await fetch(server.origin + path)).text()).toContain(oldPrice);

    let changedAt = 0;
    let stopAt = Infinity;
    const seen = browse(path, 4, () => Date.now() > stopAt);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await prisma.productVariant.update({ where: { id: lamp.variantId }, data: { pricePaisa: 199_000 } });
    changedAt = Date.now();
    stopAt = changedAt + STALE_SECONDS * 1000 + 700;
    const answers = await seen;

    const pastBound = answers.filter((answer) => answer.askedAt > changedAt + STALE_SECONDS * 1000);
    expect(pastBound.length).toBeGreaterThan(10);
    expect(pastBound.filter((answer) => !answer.html.includes(newPrice))).toEqual([]);
    const old = answers.filter((answer) => answer.askedAt > changedAt && answer.html.includes(oldPrice));
    expect(old.every((answer) => answer.cache === "STALE")).toBe(true);
  });
});
