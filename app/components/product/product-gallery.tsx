import { lazy, type MouseEvent, Suspense, useState } from "react";
import type { ProductImage as Image } from "#app/lib/catalogue/product.ts";
import { ProductImage } from "./product-image.tsx";

// Only loaded when a shopper opens an image: it is not part of the page's first load.
const GalleryModal = lazy(() => import("./gallery-modal.tsx"));

/**
 * The product's pictures (up to 10): the first large, thumbnails below. Without JavaScript each
 * picture links to its largest rendering; with it, a click opens the full-screen gallery.
 */
export function ProductGallery({ images, title }: { images: Image[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [first] = images;
  if (!first) return <div className="product-gallery product-gallery--empty" aria-hidden="true" />;
  const largest = (image: Image) => image.srcSet.split(", ").at(-1)?.split(" ")[0] ?? image.url;
  const opener = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen(index);
  };
  return (
    <div className="product-gallery">
      <a
        href={largest(first)}
        className="product-gallery__main"
        onClick={opener(0)}
        aria-label={`Agrandir l'image : ${first.altText}`}
      >
        <ProductImage
          image={first}
          sizes="(min-width: 992px) 560px, 100vw"
          priority
          className="product-gallery__image"
        />
      </a>
      {images.length > 1 && (
        <ul className="product-gallery__thumbs" aria-label={`Images de ${title}`}>
          {images.map((image, index) => (
            <li key={image.url}>
              <a
                href={largest(image)}
                onClick={opener(index)}
                aria-label={`Agrandir l'image ${index + 1} sur ${images.length} : ${image.altText}`}
              >
                <img
                  src={image.url}
                  alt=""
                  width={72}
                  height={Math.round(72 * ((image.height ?? 1000) / (image.width ?? 800)))}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <GalleryModal images={images} start={open} title={title} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
