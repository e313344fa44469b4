/**
 * Reading stored images (the Image table) for pages: the columns to select and their conversion
 * into the browser-safe ImageInfo (dimensions in px, variant widths ascending).
 */
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
