/**
 * URLs of stored image variants, safe for the browser. Variants live at
 * `/uploads/<key>/<width>.webp` (served by routes/uploads.$key.$file.ts).
 */

/** The public shape of a stored image: dimensions in pixels, variant widths ascending. */
export type ImageInfo = { key: string; width: number; height: number; variantWidths: number[]; alt: string };

/** Parses the `variantWidths` column ("320,640,1024") into numbers, ascending. */
export function parseVariantWidths(value: string): number[] {
  return value
    .split(",")
    .map((part) => Number(part))
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}

/** URL of one variant. */
export function variantUrl(key: string, width: number): string {
  return `/uploads/${key}/${width}.webp`;
}

/**
 * `src` (the smallest variant at least `preferredWidth` px wide, else the largest) and a `srcset`
 * listing every variant with its width descriptor.
 */
export function imageSources(image: ImageInfo, preferredWidth = 640): { src: string; srcSet: string } {
  const widths = image.variantWidths.length > 0 ? image.variantWidths : [image.width];
  const chosen = widths.find((w) => w >= preferredWidth) ?? widths[widths.length - 1]!;
  return {
    src: variantUrl(image.key, chosen),
    srcSet: widths.map((w) => `${variantUrl(image.key, w)} ${w}w`).join(", "),
  };
}
