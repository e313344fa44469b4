/** Paging the admin lists (products, orders): the page size, the pager and a wait for a new page. */
import type { Page } from "@playwright/test";

/** Rows per admin list page (app/rules/pagination.ts ADMIN_PAGE_SIZE). */
export const PAGE_SIZE = 50;

/**
 * For the first check after a list navigation. With JavaScript the address changes before React
 * commits the new page (Remix renders navigations in a transition); on the shared 2-core machine
 * under load that render of 50 rows has been seen to take more than the default 5 s.
 */
export const SETTLED = { timeout: 15_000 };

/** The list's pager ("Previous page", "Page N", "Next page"). */
export const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });
