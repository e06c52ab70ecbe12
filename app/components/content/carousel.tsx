import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  type CarouselLayout,
  END_JUMP_DELAY_MS,
  easeInOut,
  firstVisibleAt,
  offsetOf,
  perViewAt,
  positionLabel,
  SLIDER_GAP_PX,
  SLIDER_SPEED_MS,
  slideWidth,
  turn,
} from "#app/lib/content/carousel-layout.ts";
import { useDeferredItems } from "../layout/use-deferred-items.ts";

export type CarouselSlide = {
  key: string;
  label?: string;
  content: ReactNode;
  focusable?: boolean;
};

/**
 * One accessible carousel for every kind (WAI-ARIA APG "carousel"): a region named by its title
 * with `aria-roledescription="carousel"`, slides as labelled groups. The row is a CSS scroll-snap
 * strip, so it scrolls by touch, trackpad or keyboard focus before any JavaScript runs; once
 * hydrated, previous/next buttons (hidden when every slide fits) turn it by one view in 800 ms,
 * an end jumps to the other end after 150 ms, the arrow keys turn it, and kinds that autoplay
 * turn by themselves — paused on hover, on focus, by the pause button, off screen, and never
 * under `prefers-reduced-motion`. On a page's first load only the slides a wide screen shows, and
 * one more, are laid out and hydrated; the others follow as the carousel approaches the viewport
 * or is turned (useDeferredItems), and are in the page without JavaScript.
 */
export function Carousel({
  title,
  titleId,
  layout,
  slides,
  className,
  header,
  footer,
}: {
  /** The carousel's name, for the region and its buttons. */
  title: string;
  /** The id of the visible heading that names the region. */
  titleId: string;
  layout: CarouselLayout;
  slides: CarouselSlide[];
  className?: string;
  header?: ReactNode;
  footer?: ReactNode;
}) {
  const trackRef = useRef<HTMLDivElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const statusId = useId();
  const [hydrated, setHydrated] = useState(false);
  const [perView, setPerView] = useState(layout.perView.mobile);
  const [overflows, setOverflows] = useState(false);
  const [first, setFirst] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [visible, setVisible] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const animation = useRef<{ frame: number; timer: ReturnType<typeof setTimeout> | null }>({
    frame: 0,
    timer: null,
  });
  const count = slides.length;
  const shown = useDeferredItems(count, layout.perView.desktop + 1, "300px");
  const { watchRef } = shown;
  const setTrack = useCallback(
    (element: HTMLDivElement | null) => {
      trackRef.current = element;
      watchRef(element);
    },
    [watchRef],
  );

  // Measures the row: slides per view (by breakpoint), whether it overflows, the first in view.
  useEffect(() => {
    setHydrated(true);
    const track = trackRef.current;
    if (!track) return;
    const measure = () => {
      const view = perViewAt(layout, window.innerWidth);
      setPerView(view);
      setOverflows(track.scrollWidth > track.clientWidth + 1);
      const width = slideWidth(track.clientWidth, view);
      setFirst(firstVisibleAt(track.scrollLeft, width, count, view));
    };
    // The observer's first report comes once the row is laid out: measuring here would force
    // that layout now, even for a row far below the fold that the page has not laid out yet.
    const resize = new ResizeObserver(measure);
    resize.observe(track);
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(measure, 100);
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      resize.disconnect();
      clearTimeout(settle);
      track.removeEventListener("scroll", onScroll);
    };
  }, [layout, count]);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  // Autoplay only runs while the carousel is on screen.
  useEffect(() => {
    const region = regionRef.current;
    if (!region || layout.autoplayMs === null) return;
    const observer = new IntersectionObserver(([entry]) =>
      setVisible(Boolean(entry?.isIntersecting)),
    );
    observer.observe(region);
    return () => observer.disconnect();
  }, [layout.autoplayMs]);

  useEffect(
    () => () => {
      cancelAnimationFrame(animation.current.frame);
      if (animation.current.timer) clearTimeout(animation.current.timer);
    },
    [],
  );

  /** Scrolls the row so that slide `index` comes first, over 800 ms (at once if asked). */
  const scrollToSlide = useCallback(
    (index: number, instant: boolean) => {
      const track = trackRef.current;
      if (!track) return;
      cancelAnimationFrame(animation.current.frame);
      const width = slideWidth(track.clientWidth, perView);
      const target = Math.min(offsetOf(index, width), track.scrollWidth - track.clientWidth);
      setFirst(index);
      if (instant || reducedMotion) {
        track.scrollLeft = target;
        return;
      }
      const start = track.scrollLeft;
      const began = performance.now();
      // Snapping would fight the animation frame by frame: off while it runs.
      track.classList.add("carousel__track--turning");
      const step = (now: number) => {
        const progress = (now - began) / SLIDER_SPEED_MS;
        track.scrollLeft = start + (target - start) * easeInOut(progress);
        if (progress < 1) animation.current.frame = requestAnimationFrame(step);
        else track.classList.remove("carousel__track--turning");
      };
      animation.current.frame = requestAnimationFrame(step);
    },
    [perView, reducedMotion],
  );

  const go = useCallback(
    (direction: 1 | -1) => {
      if (animation.current.timer) return;
      const next = turn(first, direction, count, perView);
      if (!next.wraps) {
        scrollToSlide(next.to, false);
        return;
      }
      // At an end: a short pause, then the jump to the other end.
      animation.current.timer = setTimeout(() => {
        animation.current.timer = null;
        scrollToSlide(next.to, true);
      }, END_JUMP_DELAY_MS);
    },
    [first, count, perView, scrollToSlide],
  );

  const autoplaying =
    hydrated &&
    layout.autoplayMs !== null &&
    overflows &&
    !reducedMotion &&
    !userPaused &&
    !hovered &&
    !focused &&
    visible;

  useEffect(() => {
    if (!autoplaying || layout.autoplayMs === null) return;
    const timer = setTimeout(() => go(1), layout.autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplaying, layout.autoplayMs, go]);

  const canAutoplay = hydrated && layout.autoplayMs !== null && overflows && !reducedMotion;
  const style = {
    "--carousel-per-view": layout.perView.mobile,
    "--carousel-per-view-desktop": layout.perView.desktop,
    "--carousel-gap": `${SLIDER_GAP_PX}px`,
  } as React.CSSProperties;

  return (
    <section
      ref={regionRef}
      className={["carousel", className].filter(Boolean).join(" ")}
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      style={style}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__header">
        {header}
        {hydrated && overflows && (
          <div className="carousel__controls">
            {canAutoplay && (
              <button
                type="button"
                className="carousel__button carousel__button--pause"
                onClick={() => setUserPaused(!userPaused)}
              >
                <span aria-hidden="true">{userPaused ? "▶" : "❚❚"}</span>
                <span className="visually-hidden">
                  {userPaused
                    ? `Lancer le défilement : ${title}`
                    : `Arrêter le défilement : ${title}`}
                </span>
              </button>
            )}
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${titleId}-track`}
              onClick={() => go(-1)}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Précédent : {title}</span>
            </button>
            <button
              type="button"
              className="carousel__button"
              aria-controls={`${titleId}-track`}
              onClick={() => go(1)}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Suivant : {title}</span>
            </button>
          </div>
        )}
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys bubble up from the focusable slides */}
      <div
        ref={setTrack}
        id={`${titleId}-track`}
        className="carousel__track"
        aria-describedby={statusId}
        onKeyDown={(event) => {
          if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
          event.preventDefault();
          go(event.key === "ArrowRight" ? 1 : -1);
        }}
      >
        {slides.slice(0, shown.count).map((slide, index) => (
          <Slide key={slide.key} slide={slide} index={index} count={count} />
        ))}
        {shown.deferred && (
          <noscript>
            {slides.slice(shown.count).map((slide, index) => (
              <Slide key={slide.key} slide={slide} index={shown.count + index} count={count} />
            ))}
          </noscript>
        )}
      </div>
      {/* The position is announced after a turn, not while the carousel turns by itself. */}
      <p id={statusId} className="visually-hidden" aria-live={autoplaying ? "off" : "polite"}>
        {hydrated ? positionLabel(first, count, perView) : `${count} éléments`}
      </p>
      {footer}
    </section>
  );
}

function Slide({ slide, index, count }: { slide: CarouselSlide; index: number; count: number }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a slide is a group (APG carousel), not a form fieldset
    <div
      className="carousel__slide"
      role="group"
      aria-roledescription="diapositive"
      aria-label={slide.label ?? `${index + 1} sur ${count}`}
      tabIndex={slide.focusable ? 0 : undefined}
    >
      {slide.content}
    </div>
  );
}
