/** A change of the catalogue's change log (app/models/catalogue/changes/change-log.server.ts). */

/** One row of the log, with the shop's low-stock threshold as it is now. */
export type CatalogueChange = {
  id: number;
  kind: "shared" | "product" | "stock";
  /** The product changed; null for a shared change. */
  productId: number | null;
  /** For a stock change: the variant's units before and after (null otherwise). */
  variantStockBefore: number | null;
  variantStockAfter: number | null;
  /** For a stock change: the product's units over its active variants, before and after. */
  productStockBefore: number | null;
  productStockAfter: number | null;
  /** For a stock change: whether the product counts stock (else its pages show no stock at all). */
  trackStock: boolean | null;
  /** When the write was made, in ms since 1970 (the database's clock). */
  changedAt: number;
  /** The shop's low-stock threshold now (ShopSettings; its default before the row exists). */
  lowStockThreshold: number;
};
