/**
 * Catalogue listing on a catalogue larger than SQLite's 999 bound values,
 * which once made /products fail with Prisma's P2029 (regression test).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listOrdersForAdmin } from "~/models/orders/order-reads.server";
import { listProducts } from "~/models/catalogue/product-listings.server";
import { listProductsForAdmin } from "~/models/catalogue/product-admin.server";
import { loader as productsLoader } from "~/routes/_shop.products._index";
import { prisma } from "~/models/db/client.server";
import { ADMIN_PAGE_SIZE, STOREFRONT_PAGE_SIZE } from "~/rules/pagination";
import { unitPricePaisa } from "~/rules/money";
import { createCategory, createProductsInBulk, get, runData } from "./helpers";

const COUNT = 1200;
let lighting: { id: number };

beforeAll(async () => {
  lighting = await createCategory("Lighting");
  const other = await createCategory("Other");
  await createProductsInBulk([
    ...Array.from({ length: COUNT }, (_, i) => ({
      name: `${i % 2 ? "Lamp" : "Switch"} ${String(i).padStart(4, "0")}`,
      slug: `p-${i}`,
      description: "x",
      pricePaisa: 10_000 + ((i * 7919) % 90_000),
      // Every third product is discounted below its price, which reorders price sorts.
      discountedPricePaisa: i % 3 === 0 ? 5_000 + (i % 40) * 100 : null,
      categoryId: i % 2 ? lighting.id : other.id,
    })),
    {
      name: "50% off_bulb",
      slug: "x",
      description: "x",
      pricePaisa: 100,
      discountedPricePaisa: null,
      categoryId: null,
    },
  ]);
  await prisma.order.createMany({
    data: Array.from({ length: 1100 }, (_, i) => ({
      customerName: `C${i}`,
      customerPhone: "01712345678",
      customerAddress: "Dhaka",
      shippingMethod: "Inside Dhaka",
      shippingFeePaisa: 6000,
      subtotalPaisa: 100,
      totalPaisa: 6100,
      itemCount: 1,
      checkoutToken: `bulk-${i}`,
    })),
  });
});

describe("listProducts", () => {
  it("pages through more than 999 products", async () => {
    const first = await listProducts({ sort: "name" });
    expect(first.total).toBe(COUNT + 1);
    expect(first.items).toHaveLength(STOREFRONT_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil((COUNT + 1) / STOREFRONT_PAGE_SIZE));
    const last = await listProducts({ sort: "name", page: first.pageCount });
    expect(last.items.length).toBe((COUNT + 1) % STOREFRONT_PAGE_SIZE || STOREFRONT_PAGE_SIZE);
    expect((await listProducts({ sort: "name", page: first.pageCount + 1 })).items).toEqual([]);
  });

  it("sorts by the price a shopper pays, across pages", async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => listProducts({ categoryId: lighting.id, sort: "price-asc", page })),
    );
    const charged = pages.flatMap((p) => p.items).map(unitPricePaisa);
    expect(charged).toEqual([...charged].sort((a, b) => a - b));
    const all = await prisma.productVariant.findMany({ where: { product: { categoryId: lighting.id } } });
    const cheapest = Math.min(...all.map(unitPricePaisa));
    expect(charged[0]).toBe(cheapest);
    const desc = await listProducts({ categoryId: lighting.id, sort: "price-desc" });
    expect(unitPricePaisa(desc.items[0]!)).toBe(Math.max(...all.map(unitPricePaisa)));
  });

  it("filters by category and searches names case-insensitively, wildcards taken literally", async () => {
    const lamps = await listProducts({ categoryId: lighting.id, query: "lAmP 00" });
    expect(lamps.total).toBe(50); // odd numbers 0001..0099
    expect(lamps.items.every((p) => p.name.startsWith("Lamp 00"))).toBe(true);
    expect((await listProducts({ query: "50%" })).items.map((p) => p.name)).toEqual(["50% off_bulb"]);
    expect((await listProducts({ query: "f_b" })).items.map((p) => p.name)).toEqual(["50% off_bulb"]);
    expect((await listProducts({ query: "%" })).total).toBe(1);
  });

  it("the /products loader reads page, sort and category from the URL and ignores bad values", async () => {
    const data = await runData(productsLoader, get(`/products?category=${lighting.id}&sort=price-desc&page=2`));
    expect(data.products.page).toBe(2);
    expect(data.products.total).toBe(COUNT / 2);
    expect(data.sort).toBe("price-desc");
    expect(data.activeCategory?.id).toBe(lighting.id);
    const bad = await runData(productsLoader, get("/products?category=abc&sort=evil&page=-3"));
    expect([bad.products.page, bad.sort, bad.activeCategory]).toEqual([1, "name", null]);
  });
});

describe("admin lists", () => {
  it("page products and orders instead of loading them all", async () => {
    const products = await listProductsForAdmin(1);
    expect(products.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(products.total).toBe(COUNT + 1);
    const orders = await listOrdersForAdmin(2);
    expect(orders.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(orders.total).toBeGreaterThanOrEqual(1100);
  });
});
