import { imageSources, type ImageInfo } from "~/utils/image-url";

/**
 * An <img> with a WebP `srcset` of the stored variants, explicit width/height (no layout shift)
 * and lazy loading unless `priority`. `sizes` describes the rendered width (CSS sizes syntax).
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
  alt,
}: {
  image: ImageInfo;
  sizes: string;
  priority?: boolean;
  className?: string;
  alt?: string;
}) {
  const { src, srcSet } = imageSources(image);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      {...(priority ? { fetchpriority: "high" } : {})}
      className={className}
    />
  );
}
