/**
 * The dry run of a product CSV import (docs/decisions/049-product-import.md): what importing a
 * file's products would do to the shop as it is now (create, update, nothing), the categories it
 * would create and the pictures it would fetch, without writing. The writing
 * (./import-writing.server.ts) works it out again before it writes.
 */
import type { ImportedProduct, RowProblem } from "~/rules/product-csv";
import { isUnchanged } from "~/rules/product-import-changes";
import { sameTextKey } from "~/rules/variants";
import { prisma } from "../../db/client.server";
import { categoryIndex, knownImages, loadStored, matchProducts, queuedPictures } from "./import-matching.server";
import type { ImportOptions } from "./stored-imports.server";

/** What the import will do with one product of the file. */
export type PlannedProduct = {
  product: ImportedProduct;
  action: "create" | "update" | "unchanged";
  /** The shop's product it updates; null for a new one. */
  productId: number | null;
  /** How it was found: by handle or by SKU; null for a new one. */
  matchedBy: "handle" | "sku" | null;
  /**
   * How many of its pictures the import would fetch: none for an unchanged product; for the others
   * those the shop does not have and that are not already queued or failed for this product (a
   * failed one is fetched again by "Try again" on its import's page, not by importing the file again).
   */
  picturesToFetch: number;
};

/** The dry run of a file's products against the shop. */
export type ImportPlan = {
  planned: PlannedProduct[];
  /** Problems found against the shop (SKUs), each keeping its product out. */
  problems: RowProblem[];
  /** Category names the import will create. */
  newCategories: string[];
};
/**
 * The dry run: what importing `products` would do to the shop as it is now, with `options`,
 * without writing. Products with a SKU problem against the shop or the file are left out of
 * `planned` (their problems say why).
 */
export async function planImport(
  products: readonly ImportedProduct[],
  options: ImportOptions = { hideNew: false },
): Promise<ImportPlan> {
  const { matches, problems } = await matchProducts(prisma, products);
  const refused = new Set(problems.map((problem) => problem.row));
  const categories = await categoryIndex(prisma);
  const matchedIds = [...matches.values()].map((match) => match.id);
  const stored = await loadStored(prisma, matchedIds);
  const queued = await queuedPictures(prisma, matchedIds);
  const known = await knownImages(
    prisma,
    products.flatMap((product) => product.imageUrls),
  );
  const newCategories = new Map<string, string>();
  const planned: PlannedProduct[] = [];
  for (const product of products) {
    if (product.variants.some((variant) => refused.has(variant.row))) continue;
    const categoryName = product.category?.name ?? null;
    const match = matches.get(product);
    const current = match ? stored.get(match.id) : undefined;
    // A file without a category keeps the product's (a new product has none).
    const categoryId =
      categoryName === null ? (current?.categoryId ?? null) : (categories.get(sameTextKey(categoryName)) ?? null);
    if (categoryName !== null && categoryId === null && !newCategories.has(sameTextKey(categoryName))) {
      newCategories.set(sameTextKey(categoryName), categoryName);
    }
    const queuedHere = (current && queued.get(current.id)) || new Set<string>();
    const unchanged =
      current !== undefined &&
      (categoryName === null || categoryId !== null) &&
      isUnchanged(product, current, categoryId, (url) => known.get(url), queuedHere, options);
    planned.push({
      product,
      action: !current ? "create" : unchanged ? "unchanged" : "update",
      productId: current?.id ?? null,
      matchedBy: current ? match!.by : null,
      picturesToFetch: unchanged
        ? 0
        : new Set(product.imageUrls.filter((url) => !known.has(url) && !queuedHere.has(url))).size,
    });
  }
  return { planned, problems, newCategories: [...newCategories.values()] };
}
