/** Sort orders of /products (Sort by Name, Price: Low to High, Price: High to Low; default by name). */
export const PRODUCT_SORTS = ["name", "price-asc", "price-desc"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The sort named by a URL parameter, or "name" for anything else. */
export function parseProductSort(value: string | null): ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value ?? "") ? (value as ProductSort) : "name";
}
