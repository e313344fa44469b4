/**
 * Page numbers for long lists. The spec sets no page size; a shop of thousands of products needs
 * one (and Prisma's relation loads on SQLite fail past 999 bound values, so no list is unbounded).
 */

/** Products per storefront page (divisible by the 1/2/3/4-column grids). */
export const STOREFRONT_PAGE_SIZE = 24;
/** Rows per admin list page. */
export const ADMIN_PAGE_SIZE = 50;

/** The 1-based page named by `?page=`, or 1 for anything that is not a positive integer. */
export function parsePage(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get("page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A page of results: the items, the 1-based page, how many pages there are (at least 1) and the total. */
export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/**
 * Loads one page: `count()` gives the total, `find({ skip, take })` the page's items; both run at
 * once. A page past the end yields an empty list, not an error; `pageCount` is at least 1.
 */
export async function paginate<T>(
  page: number,
  pageSize: number,
  count: () => Promise<number>,
  find: (window: { skip: number; take: number }) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, items] = await Promise.all([count(), find({ skip: (page - 1) * pageSize, take: pageSize })]);
  return { items, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), total };
}
