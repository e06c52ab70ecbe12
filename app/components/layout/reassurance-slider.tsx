import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { FooterData } from "#app/lib/layout/site-layout.ts";

type Props = { items: FooterData["reassurance"] };

/**
 * The footer's reassurance slider (storefront.md §9: 3 per view, 5 from 992 px): a scroll-snap
 * row that scrolls by hand or by keyboard without JavaScript; with it, previous/next buttons,
 * hidden when every item fits.
 */
export function ReassuranceSlider({ items }: Props) {
  const trackRef = useRef<HTMLUListElement>(null);
  const overflows = useOverflows(trackRef);
  if (items.length === 0) return null;

  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    track?.scrollBy({ left: direction * track.clientWidth, behavior: "smooth" });
  };

  return (
    <section className="reassurance" aria-label="Nos engagements">
      {overflows && (
        <button
          type="button"
          className="reassurance__arrow reassurance__arrow--prev"
          aria-label="Engagements précédents"
          onClick={() => scroll(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul ref={trackRef} className="reassurance__track">
        {items.map((item) => (
          <li key={item.title} className="reassurance__item">
            <Link to={item.href} className="reassurance__link">
              {item.icon && <img src={item.icon} alt="" width={48} height={48} loading="lazy" />}
              <span className="reassurance__title">{item.title}</span>
              {item.text && <span className="reassurance__text">{item.text}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {overflows && (
        <button
          type="button"
          className="reassurance__arrow reassurance__arrow--next"
          aria-label="Engagements suivants"
          onClick={() => scroll(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </section>
  );
}

/** Whether the track is wider than its box (so the arrows are of use); follows resizes. */
function useOverflows(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const track = ref.current;
    if (!track) return;
    const measure = () => setOverflows(track.scrollWidth > track.clientWidth + 1);
    // Its first report comes once the track is laid out (the footer often is not yet).
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
