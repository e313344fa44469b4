/**
 * Matching a product CSV's products to the shop's, for the dry run and the writing of an import
 * (docs/decisions/049-product-import.md): by handle, then by SKU, with the SKU problems that keep
 * a product out; and the reads both need: the matched products as stored (`StoredProduct`), the
 * shop's categories by name, the pictures the shop has for the file's addresses, and those already
 * queued for a product.
 */
import { Prisma } from "~/generated/prisma/client";
import type { ImportedProduct, RowProblem } from "~/rules/product-csv";
import { sameTextKey, skuKey } from "~/rules/variants";
import { displayOrder, liveVariantsSelect, optionsForEditing, productTextsSelect } from "../product-selects.server";

const storedSelect = {
  ...productTextsSelect,
  categoryId: true,
  isPublished: true,
  isFeatured: true,
  trackStock: true,
  options: optionsForEditing,
  variants: liveVariantsSelect,
  images: {
    orderBy: displayOrder,
    select: { imageId: true, position: true, image: { select: { key: true, sourceUrl: true } } },
  },
} satisfies Prisma.ProductSelect;

/** A product of the shop as the import compares and writes it (app/rules/product-import-changes.ts `ShopProduct`). */
export type StoredProduct = Prisma.ProductGetPayload<{ select: typeof storedSelect }>;

/** The upload key of an address of one of this shop's pictures ("…/uploads/<key>/<width>.webp"), else null. */
function ownImageKey(url: string): string | null {
  const match = /\/uploads\/([a-f0-9]{32})\/\d{1,5}\.webp(?:[?#].*)?$/.exec(url);
  return match ? match[1]! : null;
}

/**
 * The shop's images that the addresses `urls` already stand for: this shop's own picture
 * addresses (its export) by upload key, and pictures imported before by their source address.
 * Returns address → Image id.
 */
export async function knownImages(db: Prisma.TransactionClient, urls: readonly string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const unique = [...new Set(urls)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    const keys = chunk.flatMap((url) => ownImageKey(url) ?? []);
    const rows = await db.image.findMany({
      where: { OR: [{ key: { in: keys } }, { sourceUrl: { in: chunk } }] },
      orderBy: { id: "asc" },
      select: { id: true, key: true, sourceUrl: true },
    });
    for (const url of chunk) {
      const key = ownImageKey(url);
      const row = rows.find((image) => (key !== null && image.key === key) || image.sourceUrl === url);
      if (row) known.set(url, row.id);
    }
  }
  return known;
}

/**
 * Finds the shop's product for each of the file's, by handle first (exactly, as stored), then by
 * a SKU of its variants (case-insensitively, all of them pointing at one product no other file
 * product claimed). Also refuses SKUs given twice in the file or belonging to another product of
 * the shop.
 */
export async function matchProducts(
  db: Prisma.TransactionClient,
  products: readonly ImportedProduct[],
): Promise<{ matches: Map<ImportedProduct, { id: number; by: "handle" | "sku" }>; problems: RowProblem[] }> {
  const matches = new Map<ImportedProduct, { id: number; by: "handle" | "sku" }>();
  const problems: RowProblem[] = [];
  const byHandle = new Map<string, number>();
  const handles = products.map((product) => product.handle);
  for (let start = 0; start < handles.length; start += 500) {
    const rows = await db.product.findMany({
      where: { handle: { in: handles.slice(start, start + 500) } },
      select: { id: true, handle: true },
    });
    for (const row of rows) byHandle.set(row.handle!, row.id);
  }
  const skuOwner = new Map<string, { productId: number; name: string }>();
  const skus = [
    ...new Set(products.flatMap((product) => product.variants.flatMap((v) => (v.sku ? [skuKey(v.sku)] : [])))),
  ];
  for (let start = 0; start < skus.length; start += 500) {
    const chunk = skus.slice(start, start + 500);
    const rows = await db.$queryRaw<{ sku: string; productId: number | bigint; name: string }[]>`
      SELECT lower(v."sku") AS "sku", v."productId" AS "productId", p."name" AS "name"
      FROM "ProductVariant" v JOIN "Product" p ON p."id" = v."productId"
      WHERE lower(v."sku") IN (${Prisma.join(chunk)})`;
    for (const row of rows) skuOwner.set(row.sku, { productId: Number(row.productId), name: row.name });
  }

  const claimed = new Set<number>();
  for (const product of products) {
    const id = byHandle.get(product.handle);
    if (id !== undefined && !claimed.has(id)) {
      matches.set(product, { id, by: "handle" });
      claimed.add(id);
    }
  }
  for (const product of products) {
    if (matches.has(product)) continue;
    const owners = new Set(
      product.variants.flatMap((v) => (v.sku ? [skuOwner.get(skuKey(v.sku))?.productId ?? -1] : [])),
    );
    owners.delete(-1);
    const [owner] = [...owners];
    if (owners.size === 1 && owner !== undefined && !claimed.has(owner)) {
      matches.set(product, { id: owner, by: "sku" });
      claimed.add(owner);
    }
  }

  const inFile = new Map<string, ImportedProduct>();
  for (const product of products) {
    for (const variant of product.variants) {
      if (!variant.sku) continue;
      const key = skuKey(variant.sku);
      const earlier = inFile.get(key);
      if (earlier) {
        problems.push({
          row: variant.row,
          column: null,
          code: "skuTwiceInFile",
          severity: "error",
          value: variant.sku,
        });
        if (earlier !== product) continue;
      }
      inFile.set(key, product);
      const owner = skuOwner.get(key);
      if (owner && owner.productId !== matches.get(product)?.id) {
        problems.push({
          row: variant.row,
          column: null,
          code: "skuTaken",
          severity: "error",
          value: `${variant.sku} (${owner.name})`,
        });
      }
    }
  }
  return { matches, problems };
}

/**
 * The addresses of the pictures queued, being fetched or failed for each of the products
 * `productIds` (by any import): an import does not queue them again.
 */
export async function queuedPictures(
  db: Prisma.TransactionClient,
  productIds: readonly number[],
): Promise<Map<number, Set<string>>> {
  const queued = new Map<number, Set<string>>();
  for (let start = 0; start < productIds.length; start += 500) {
    const rows = await db.productImportImage.findMany({
      where: {
        productId: { in: productIds.slice(start, start + 500) },
        status: { in: ["pending", "fetching", "failed"] },
      },
      select: { productId: true, url: true },
    });
    for (const row of rows) {
      const urls = queued.get(row.productId) ?? new Set<string>();
      urls.add(row.url);
      queued.set(row.productId, urls);
    }
  }
  return queued;
}

/** The shop's categories by name (English and Bangla, compared by `sameTextKey`, app/rules/variants.ts) → id. */
export async function categoryIndex(db: Prisma.TransactionClient): Promise<Map<string, number>> {
  const rows = await db.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, nameBn: true } });
  const index = new Map<string, number>();
  for (const row of rows) {
    if (!index.has(sameTextKey(row.name))) index.set(sameTextKey(row.name), row.id);
    if (row.nameBn && !index.has(sameTextKey(row.nameBn))) index.set(sameTextKey(row.nameBn), row.id);
  }
  return index;
}

/** Loads the stored products with these ids, by id. */
export async function loadStored(
  db: Prisma.TransactionClient,
  ids: readonly number[],
): Promise<Map<number, StoredProduct>> {
  const stored = new Map<number, StoredProduct>();
  for (let start = 0; start < ids.length; start += 200) {
    const rows = await db.product.findMany({
      where: { id: { in: ids.slice(start, start + 200) } },
      select: storedSelect,
    });
    for (const row of rows) stored.set(row.id, row);
  }
  return stored;
}
