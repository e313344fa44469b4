/**
 * Districts under their current official names (app/rules/districts.ts), with the old spellings
 * still accepted: a checkout posting an old name stores the new one, the admin orders search finds
 * an order by either name, and the migration rewrites stored orders (district and address key).
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { addressKey } from "~/rules/order-limits";
import { loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { type CookieJar, createAdmin, createProduct, get, runData, signedInJar } from "./helpers";
import { placeOrder } from "./place-order";

const MIGRATION = path.resolve("prisma/migrations/20261126120000_official_district_names/migration.sql");

let staff: CookieJar;
let lamp: number;

/** An order stored as one placed before the change would be: `district` as given, its address key with it. */
async function storedOrder(name: string, district: string, keyed = true) {
  const address = "House 3, Road 1";
  const area = "Kandirpar";
  const order = await prisma.order.create({
    data: {
      customerName: name,
      customerPhone: "01711222333",
      customerAddress: address,
      area,
      district,
      addressKey: keyed ? addressKey(address, area, district) : null,
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12000,
      subtotalPaisa: 10000,
      totalPaisa: 22000,
      itemCount: 0,
      status: "pending",
      checkoutToken: `district-${Math.random()}`.replace(/[^A-Za-z0-9_-]/g, "x"),
    },
  });
  return order.id;
}

/** The ids the admin orders list finds for the search text `q`, ascending. */
async function search(q: string) {
  const data = await runData(ordersLoader, get(`/admin/orders?q=${encodeURIComponent(q)}`, staff));
  return data.orders.items.map((order) => order.id).sort((a, b) => a - b);
}

/** Runs the migration's statements on the worker's database, as `npm run setup` would on a shop's. */
async function runMigration() {
  const sql = fs
    .readFileSync(MIGRATION, "utf8")
    .replace(/^--.*$/gm, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
  expect(sql).toHaveLength(5);
  for (const statement of sql) await prisma.$executeRawUnsafe(statement);
}

beforeAll(async () => {
  staff = await signedInJar((await createAdmin()).id);
  lamp = (await createProduct({ name: "District Lamp", pricePaisa: 10000 })).variantId;
});

describe("old district names", () => {
  it("a checkout posting an old name (a page cached before the change) stores the current one", async () => {
    const id = await placeOrder([[lamp, 1]], {
      name: "Old Page Shopper",
      phone: "01711222444",
      district: "Barisal",
      area: "Band Road",
      shippingMethod: "Outside Dhaka",
    });
    expect(await prisma.order.findUnique({ where: { id }, select: { district: true, addressKey: true } })).toEqual({
      district: "Barishal",
      addressKey: addressKey("House 4, Road 2", "Band Road", "Barishal"),
    });
  });

  it("the orders search finds a stored old-name order by the new name, and the migration rewrites it", async () => {
    const comilla = await storedOrder("Comilla Shopper", "Comilla");
    const unkeyed = await storedOrder("Unkeyed Shopper", "Comilla", false);
    const bogra = await storedOrder("Bogra Shopper", "Bogra");
    const sylhet = await storedOrder("Sylhet Shopper", "Sylhet");
    const cumilla = await placeOrder([[lamp, 1]], {
      name: "New Page Shopper",
      phone: "01711222555",
      district: "Cumilla",
      shippingMethod: "Outside Dhaka",
    });

    // Before the migration: the new name, the old one in any case, and the Bangla one find both.
    for (const q of ["Cumilla", "comilla", "কুমিল্লা"]) expect(await search(q), q).toEqual([comilla, unkeyed, cumilla]);
    expect(await search("Bogura")).toEqual([bogra]);
    expect(await search("Cumil")).toEqual([]); // a district is searched by its whole name
    expect(await search("Sylhet Shopper")).toEqual([sylhet]); // names are still searched

    await runMigration();
    const stored = await prisma.order.findMany({
      where: { id: { in: [comilla, unkeyed, bogra, sylhet] } },
      orderBy: { id: "asc" },
      select: { district: true, addressKey: true },
    });
    expect(stored).toEqual([
      { district: "Cumilla", addressKey: addressKey("House 3, Road 1", "Kandirpar", "Cumilla") },
      { district: "Cumilla", addressKey: null },
      { district: "Bogura", addressKey: addressKey("House 3, Road 1", "Kandirpar", "Bogura") },
      { district: "Sylhet", addressKey: addressKey("House 3, Road 1", "Kandirpar", "Sylhet") },
    ]);
    expect(
      await prisma.order.count({
        where: { district: { in: ["Comilla", "Barisal", "Chittagong", "Jessore", "Bogra"] } },
      }),
    ).toBe(0);

    // After it: the old name still finds the orders, now stored under the new one.
    expect(await search("Comilla")).toEqual([comilla, unkeyed, cumilla]);
    expect(await search("Bogra")).toEqual([bogra]);
  });
});
