/**
 * The Image table: reading stored images for pages (the columns to select and their conversion
 * into the browser-safe ImageInfo, dimensions in px, variant widths ascending), and the pieces the
 * product and category writes share (the row of a newly stored image, removing orphaned rows).
 */
import type { Prisma } from "~/generated/prisma/client";
import { parseVariantWidths, type ImageInfo } from "~/utils/image-url";

/** The Image columns every page needs, for a Prisma `select`. */
export const imageSelect = { key: true, width: true, height: true, variantWidths: true, alt: true } as const;

/** An Image row as selected by `imageSelect`. */
export type ImageRow = { key: string; width: number; height: number; variantWidths: string; alt: string };

/** Converts an Image row to ImageInfo; an empty alt text becomes `fallbackAlt` (e.g. the product name). */
export function toImageInfo(row: ImageRow, fallbackAlt: string): ImageInfo {
  return {
    key: row.key,
    width: row.width,
    height: row.height,
    variantWidths: parseVariantWidths(row.variantWidths),
    alt: row.alt || fallbackAlt,
  };
}

/** A new image stored by this request in the uploads storage, folder or bucket (what storeImage returned); sizes in px. */
export type NewImage = { key: string; width: number; height: number; variantWidths: number[]; alt: string };

/** The Image row data for a newly stored image (variant widths as "320,640,…"). */
export function imageData(image: NewImage) {
  return {
    key: image.key,
    width: image.width,
    height: image.height,
    variantWidths: image.variantWidths.join(","),
    alt: image.alt,
  };
}

/**
 * Deletes the Image rows among `imageIds` that nothing links to any more (no product, no category,
 * not the shop's logo)
 * and returns their keys, so the caller removes their files once the transaction has committed.
 */
export async function deleteOrphanImages(tx: Prisma.TransactionClient, imageIds: number[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const orphans = await tx.image.findMany({
    where: { id: { in: imageIds }, productImages: { none: {} }, categories: { none: {} }, shopSettings: { none: {} } },
    select: { id: true, key: true },
  });
  if (orphans.length > 0) await tx.image.deleteMany({ where: { id: { in: orphans.map((o) => o.id) } } });
  return orphans.map((o) => o.key);
}
