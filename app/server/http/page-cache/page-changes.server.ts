/**
 * What each change in the catalogue's change log (app/models/catalogue/changes/change-log.server.ts) alters on
 * the stored pages (docs/decisions/051-page-cache-under-a-sale.md):
 * - a shared change (categories, settings, a picture's file or text): every page;
 * - a product change (its fields, options, values, variants, pictures; created, deleted, hidden):
 *   its own page, its cards, and every listing (which products a listing holds and their order
 *   follow names, prices, categories and visibility);
 * - a stock change (only a variant's units): its product's page when the variant's words change
 *   (in stock, only N left, out of stock: `shownStockChanged`), its cards as well when the product
 *   sells out or comes back (a card says only "Out of stock"), nothing otherwise. A product that
 *   does not count stock shows none, so its stock changes alter nothing.
 */
import type { CatalogueChange } from "~/models/catalogue/changes/change";
import { catalogueChangesAfter } from "~/models/catalogue/changes/change-log.server";
import { shownStockChanged } from "~/rules/stock";
import type { PageChange } from "./change-catch-up.server";

/** What one change of the log alters on the pages (see the module's comment). */
function pageChangeOf(change: CatalogueChange): PageChange {
  const { id, changedAt: at, productId } = change;
  if (change.kind === "shared" || productId === null) return { id, at, alters: "all" };
  if (change.kind === "product") return { id, at, alters: { productId, page: true, card: true, lists: true } };
  if (change.kind !== "stock") return { id, at, alters: "all" };
  if (!change.trackStock) return { id, at, alters: null };
  const threshold = change.lowStockThreshold;
  const page = shownStockChanged(change.variantStockBefore ?? 0, change.variantStockAfter ?? 0, threshold);
  const card = (change.productStockBefore ?? 0) > 0 !== (change.productStockAfter ?? 0) > 0;
  return { id, at, alters: page || card ? { productId, page: page || card, card, lists: false } : null };
}

/**
 * The page cache's reading of the log: the changes after `afterId`, at most `limit`, each with
 * what it alters (`pageChangeOf`).
 *
 * @throws better-sqlite3's error when the database cannot be read.
 */
export function pageChangesAfter(afterId: number, limit: number): PageChange[] {
  return catalogueChangesAfter(afterId, limit).map(pageChangeOf);
}
