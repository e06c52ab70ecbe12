import type { ProductImage as Image } from "#app/lib/catalogue/product.ts";

/**
 * A product picture in webp at the spec's heights (450, 700, 950), with its dimensions so
 * nothing shifts while it loads; lazy unless it is the page's main (LCP) image.
 */
export function ProductImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: Image;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={image.altText}
      width={image.width ?? 800}
      height={image.height ?? 1000}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
    />
  );
}
