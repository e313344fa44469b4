/**
 * The rows a sitemap lists: every category and every product the shop shows (a hidden one has no
 * page to list), read in id order
 * in chunks of `SITEMAP_CHUNK` rows (keyset paging, never one unbounded query), so a catalogue of
 * any size is listed with bounded memory. Timestamps are the rows' `updatedAt`.
 */
import { prisma } from "~/models/db/client.server";
import { createSlicer } from "~/utils/event-loop";

/** Rows read per database query. */
export const SITEMAP_CHUNK = 1000;

/** One listed row: its id and when it last changed. */
export type SitemapRow = { id: number; updatedAt: Date };

/** The products a sitemap lists: those the shop shows. */
const SHOWN = { isPublished: true };

/** How many categories and products the sitemap lists. */
export async function countSitemapRows(): Promise<{ categories: number; products: number }> {
  const [categories, products] = await Promise.all([prisma.category.count(), prisma.product.count({ where: SHOWN })]);
  return { categories, products };
}

/**
 * Categories, then products, each in id order, skipping the first `skip` of the combined list and
 * yielding at most `take` rows (for one part of a split sitemap).
 */
export async function* sitemapRows(
  kind: "category" | "product",
  window: { skip: number; take: number },
): AsyncGenerator<SitemapRow> {
  let remaining = window.take;
  let cursor: number | undefined;
  let skip = window.skip;
  const slicer = createSlicer();
  while (remaining > 0) {
    await slicer.turn();
    const take = Math.min(SITEMAP_CHUNK, remaining);
    const args = {
      orderBy: { id: "asc" as const },
      take,
      skip: cursor === undefined ? skip : 0,
      where: cursor === undefined ? {} : { id: { gt: cursor } },
      select: { id: true, updatedAt: true },
    };
    const rows =
      kind === "category"
        ? await prisma.category.findMany(args)
        : await prisma.product.findMany({ ...args, where: { ...args.where, ...SHOWN } });
    skip = 0;
    for (const row of rows) yield row;
    if (rows.length < take) return;
    remaining -= rows.length;
    cursor = rows[rows.length - 1]!.id;
  }
}
