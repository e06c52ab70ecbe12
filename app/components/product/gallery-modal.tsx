import { useEffect, useRef, useState } from "react";
import type { ProductImage } from "#app/lib/catalogue/product.ts";

/**
 * The full-screen gallery: a native modal dialog (focus kept inside, Escape closes), the
 * current picture large, arrows and thumbnails to move, ← and → on the keyboard.
 */
export default function GalleryModal({
  images,
  start,
  title,
  onClose,
}: {
  images: ProductImage[];
  start: number;
  title: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const image = images[index] ?? images[0];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const move = (step: number) =>
    setIndex((current) => (current + step + images.length) % images.length);
  if (!image) return null;
  const large = image.srcSet.split(", ").at(-1)?.split(" ")[0] ?? image.url;
  return (
    <dialog
      ref={dialog}
      className="gallery-modal"
      aria-label={`Images de ${title}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") move(1);
        if (event.key === "ArrowLeft") move(-1);
      }}
    >
      <button
        type="button"
        className="gallery-modal__close"
        onClick={() => dialog.current?.close()}
      >
        Fermer
      </button>
      <figure className="gallery-modal__figure">
        <img
          src={large}
          alt={image.altText}
          width={image.width ?? 800}
          height={image.height ?? 1000}
        />
        <figcaption aria-live="polite">
          {index + 1} / {images.length}
        </figcaption>
      </figure>
      {images.length > 1 && (
        <>
          <button type="button" className="gallery-modal__prev" onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Image précédente</span>
          </button>
          <button type="button" className="gallery-modal__next" onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Image suivante</span>
          </button>
          <ul className="gallery-modal__thumbs">
            {images.map((thumb, thumbIndex) => (
              <li key={thumb.url}>
                <button
                  type="button"
                  aria-current={thumbIndex === index ? "true" : undefined}
                  aria-label={`Image ${thumbIndex + 1} : ${thumb.altText}`}
                  onClick={() => setIndex(thumbIndex)}
                >
                  <img src={thumb.url} alt="" width={64} height={80} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </dialog>
  );
}
