/**
 * The catalogue's change log against a real database (SQLite, and PostgreSQL in its run): what the
 * triggers write for each kind of write (app/models/catalogue/changes/change-log.server.ts, the migrations
 * …_catalogue_changes and, on PostgreSQL, …_database_rules), and what each change alters on the
 * page cache's stored pages (app/server/http/page-cache/page-changes.server.ts;
 * docs/decisions/051-page-cache-under-a-sale.md). On PostgreSQL the log reaches this process through
 * its feed, a moment after the commit: each read here first waits for what was committed
 * (`catalogueChangesSettled`), as the page cache's next read would see it.
 */
import Database from "better-sqlite3";
import { beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import {
  catalogueChangesAfter as changesAfterNow,
  catalogueChangesSettled,
  catalogueVersion as versionNow,
  pruneCatalogueChanges,
} from "~/models/catalogue/changes/change-log.server";
import { prisma } from "~/models/db/client.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { pageChangesAfter } from "~/server/http/page-cache/page-changes.server";
import { createCategory, createProduct, createProductWithVariants } from "./helpers";
import { placeOrder } from "./place-order";

/** The latest change's id, once every change committed so far has reached this process. */
async function catalogueVersion(): Promise<number> {
  await catalogueChangesSettled();
  return versionNow();
}

/** The changes after `afterId`, once every change committed so far has reached this process. */
async function catalogueChangesAfter(afterId: number, limit: number) {
  await catalogueChangesSettled();
  return changesAfterNow(afterId, limit);
}

/** The changes written since `mark` (a `catalogueVersion()`), as the page cache reads them. */
async function since(mark: number) {
  await catalogueChangesSettled();
  return pageChangesAfter(mark, 1000).map((change) => change.alters);
}

const sqlite = getEnv().databaseKind === "sqlite";

beforeEach(async () => {
  await getShopSettings();
});

describe("the catalogue's change log", () => {
  it("records a stock-only change of a variant with the units before and after, and nothing for a write that changes nothing", async () => {
    const product = await createProductWithVariants({
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { values: ["S"], pricePaisa: 10_000, stockQuantity: 30 },
        { values: ["M"], pricePaisa: 12_000, stockQuantity: 20 },
      ],
    });
    const [small] = await prisma.productVariant.findMany({
      where: { productId: product.id },
      orderBy: { position: "asc" },
    });
    const mark = await catalogueVersion();
    await prisma.productVariant.update({ where: { id: small!.id }, data: { stockQuantity: { decrement: 1 } } });
    await prisma.productVariant.update({ where: { id: small!.id }, data: { pricePaisa: 10_000 } });
    const rows = await catalogueChangesAfter(mark, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "stock",
      productId: product.id,
      variantStockBefore: 30,
      variantStockAfter: 29,
      productStockBefore: 50,
      productStockAfter: 49,
      trackStock: true,
      lowStockThreshold: 5,
    });
    expect(Math.abs(rows[0]!.changedAt - Date.now())).toBeLessThan(5_000);
    expect(await catalogueVersion()).toBe(rows[0]!.id);
  });

  it("records a price, a name, an option, a value or a picture as a change of the product", async () => {
    const product = await createProduct({ name: "Change Lamp", pricePaisa: 50_000, stockQuantity: 100 });
    const mark = await catalogueVersion();
    await prisma.productVariant.update({ where: { id: product.variantId }, data: { pricePaisa: 45_000 } });
    // Price and units in one write: not only stock.
    await prisma.productVariant.update({
      where: { id: product.variantId },
      data: { pricePaisa: 44_000, stockQuantity: 99 },
    });
    await prisma.product.update({ where: { id: product.id }, data: { name: "Change Lamp 2" } });
    const option = await prisma.productOption.create({ data: { productId: product.id, name: "Colour", position: 0 } });
    await prisma.productOptionValue.create({ data: { optionId: option.id, value: "Red", position: 0 } });
    const image = await prisma.image.create({ data: { key: "change-lamp", width: 10, height: 10, variantWidths: "" } });
    expect(await catalogueVersion(), "a picture no product shows yet changes nothing").toBe(mark + 5);
    await prisma.productImage.create({ data: { productId: product.id, imageId: image.id, position: 0 } });
    const whole = { productId: product.id, page: true, card: true, lists: true };
    expect(await since(mark)).toEqual([whole, whole, whole, whole, whole, whole]);
  });

  it("records categories, the settings and a picture's file as shared changes, which alter every page", async () => {
    const mark = await catalogueVersion();
    await createCategory("Change Fans");
    const {
      id: _id,
      updatedAt: _at,
      logoId: _logoId,
      logo: _logo,
      courierCsvColumns: _columns,
      ...input
    } = await getShopSettings();
    await saveShopSettings({ ...input, lowStockThreshold: input.lowStockThreshold + 1 });
    const image = await prisma.image.create({ data: { key: "change-fan", width: 10, height: 10, variantWidths: "" } });
    await prisma.image.update({ where: { id: image.id }, data: { alt: "A fan" } });
    expect(await since(mark)).toEqual(["all", "all", "all"]);
    await saveShopSettings(input);
  });

  it("compares every column of a variant but its units: a new column joins the trigger", async () => {
    if (!sqlite) {
      // PostgreSQL's trigger compares the whole row less its units (to_jsonb), so a new column joins
      // by itself: its function must keep doing so.
      const [fn] = await prisma.$queryRaw<{ source: string }[]>`
        SELECT prosrc AS "source" FROM pg_proc WHERE proname = 'CatalogueChange_variant'`;
      expect(fn!.source).toContain(`(to_jsonb(OLD) - 'stockQuantity') = (to_jsonb(NEW) - 'stockQuantity')`);
      return;
    }
    const db = new Database(getEnv().databasePath, { readonly: true });
    try {
      const columns = db
        .prepare<[], { name: string }>(`SELECT "name" FROM pragma_table_info('ProductVariant')`)
        .all()
        .map((column) => column.name);
      const trigger = db
        .prepare<[], { sql: string }>(
          `SELECT "sql" FROM sqlite_master WHERE name = 'ProductVariant_catalogue_change_stock'`,
        )
        .get()!.sql;
      const compared = [...trigger.matchAll(/OLD\."(\w+)" IS NEW\."\1"/g)].map((match) => match[1]);
      expect(columns).toContain("stockQuantity");
      expect(compared.sort()).toEqual(columns.filter((column) => column !== "stockQuantity").sort());
    } finally {
      db.close();
    }
  });

  it("prunes changes older than an hour, and keeps the latest id", async () => {
    await createCategory("Change Old");
    const latest = await catalogueVersion();
    expect(await pruneCatalogueChanges(Date.now() + 2 * 60 * 60 * 1000)).toBeGreaterThan(0);
    expect(await prisma.catalogueChange.count()).toBe(0);
    // SQLite's reader reads the table; PostgreSQL's feed keeps in memory what it has read.
    if (sqlite) expect(await catalogueChangesAfter(0, 10)).toEqual([]);
    expect(await catalogueVersion()).toBe(latest);
  });
});

describe("what a stock change alters on the pages", () => {
  /** Sets the variant's units as an order or a count does, and returns what that alters. */
  async function setUnits(variantId: number, units: number) {
    const mark = await catalogueVersion();
    await prisma.productVariant.update({ where: { id: variantId }, data: { stockQuantity: units } });
    return await since(mark);
  }

  it("alters nothing while the page's words stay, the product's page at 'only N left', its cards when it sells out", async () => {
    const product = await createProduct({ name: "Sale Fan", pricePaisa: 30_000, stockQuantity: 57 });
    const page = { productId: product.id, page: true, card: false, lists: false };
    const pageAndCards = { productId: product.id, page: true, card: true, lists: false };
    expect(await setUnits(product.variantId, 56)).toEqual([null]);
    expect(await setUnits(product.variantId, 6)).toEqual([null]);
    expect(await setUnits(product.variantId, 5)).toEqual([page]);
    expect(await setUnits(product.variantId, 4)).toEqual([page]);
    expect(await setUnits(product.variantId, 0)).toEqual([pageAndCards]);
    expect(await setUnits(product.variantId, 80)).toEqual([pageAndCards]);
  });

  it("alters a variant's product page when the variant sells out, and its cards only when the last one does", async () => {
    const product = await createProductWithVariants({
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { values: ["S"], pricePaisa: 10_000, stockQuantity: 1 },
        { values: ["M"], pricePaisa: 12_000, stockQuantity: 1 },
      ],
    });
    const [small, medium] = await prisma.productVariant.findMany({
      where: { productId: product.id },
      orderBy: { position: "asc" },
    });
    expect(await setUnits(small!.id, 0)).toEqual([{ productId: product.id, page: true, card: false, lists: false }]);
    expect(await setUnits(medium!.id, 0)).toEqual([{ productId: product.id, page: true, card: true, lists: false }]);
  });

  it("alters nothing for a product that does not count stock", async () => {
    const product = await createProduct({ name: "Uncounted Switch", pricePaisa: 1_000 });
    expect(await setUnits(product.variantId, 3)).toEqual([null]);
  });

  it("records an order's unit taken as a stock change that alters nothing above the threshold", async () => {
    const product = await createProduct({ name: "Ordered Fan", pricePaisa: 30_000, stockQuantity: 40 });
    const mark = await catalogueVersion();
    await placeOrder([[product.variantId, 2]]);
    expect(await since(mark)).toEqual([null]);
  });
});
