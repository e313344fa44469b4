/**
 * The catalogue as the product CSV export reads it: every product (or one category's) with its
 * options, live variants (retired ones are kept only for old orders and are left out) and
 * pictures, in id order, read in chunks with keyset paging so that a catalogue of any size is
 * exported with bounded memory.
 */
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "../db/client.server";
import { imageSelect } from "./image.server";
import { liveVariantsSelect, displayOrder, optionsForEditing } from "./product-selects.server";

/** Products read per query. */
const EXPORT_CHUNK = 200;

const exportSelect = {
  id: true,
  handle: true,
  slug: true,
  name: true,
  nameBn: true,
  description: true,
  descriptionBn: true,
  brand: true,
  isPublished: true,
  isFeatured: true,
  trackStock: true,
  category: { select: { name: true, nameBn: true } },
  options: optionsForEditing,
  variants: liveVariantsSelect,
  images: {
    orderBy: displayOrder,
    select: { imageId: true, image: { select: imageSelect } },
  },
} satisfies Prisma.ProductSelect;

/** One product as the export reads it. */
export type ExportProduct = Prisma.ProductGetPayload<{ select: typeof exportSelect }>;

/**
 * The products to export, in id order, `EXPORT_CHUNK` at a time: all of them, or those of
 * category `categoryId`.
 */
export async function* productsForExport(categoryId: number | null): AsyncGenerator<ExportProduct[]> {
  let cursor = 0;
  for (;;) {
    const rows = await prisma.product.findMany({
      where: { id: { gt: cursor }, ...(categoryId === null ? {} : { categoryId }) },
      orderBy: { id: "asc" },
      take: EXPORT_CHUNK,
      select: exportSelect,
    });
    if (rows.length === 0) return;
    yield rows;
    cursor = rows.at(-1)!.id;
    if (rows.length < EXPORT_CHUNK) return;
  }
}
