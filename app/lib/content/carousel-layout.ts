/**
 * The carousels' constants and layout maths (storefront.md §2 "Carousel kinds", §4 "Slider",
 * §9 "slider speed 800 ms, gap 20, autoplay 1500 or 3000 ms"): how many slides a kind shows,
 * whether it turns by itself, where "next" and "previous" lead. Pure, so the component stays a
 * thin layer over the browser's scroll-snap row.
 */
import type { CarouselKind } from "#platform/content/index.ts";

/** How long a turn of the slider takes. */
export const SLIDER_SPEED_MS = 800;
/** Space between two slides, in CSS pixels. */
export const SLIDER_GAP_PX = 20;
/** At an end, "next" (or "previous") waits this long, then jumps to the other end. */
export const END_JUMP_DELAY_MS = 150;
/** The two autoplay delays: quick rotations of short items, slower ones for pictures. */
export const AUTOPLAY_FAST_MS = 1500;
export const AUTOPLAY_SLOW_MS = 3000;
/** The storefront's breakpoint (storefront.md §9). */
export const DESKTOP_MIN_WIDTH = 992;

export type CarouselLayout = {
  /** Slides in view below and from 992 px. */
  perView: { mobile: number; desktop: number };
  /** Delay between automatic turns, or null for carousels the shopper turns alone. */
  autoplayMs: number | null;
};

/**
 * Per kind: product rows show cards like a listing and never move by themselves (a shopper
 * reading prices should not see them slide away); the argument and brand strips rotate quickly,
 * the big pictures (highlights, shop, product pictures) slowly.
 */
export const CAROUSEL_LAYOUTS: Readonly<Record<CarouselKind, CarouselLayout>> = {
  product: { perView: { mobile: 2, desktop: 4 }, autoplayMs: null },
  "related-products": { perView: { mobile: 2, desktop: 4 }, autoplayMs: null },
  news: { perView: { mobile: 2, desktop: 4 }, autoplayMs: null },
  discovery: { perView: { mobile: 2, desktop: 4 }, autoplayMs: null },
  argument: { perView: { mobile: 1, desktop: 3 }, autoplayMs: AUTOPLAY_FAST_MS },
  highlights: { perView: { mobile: 1, desktop: 2 }, autoplayMs: AUTOPLAY_SLOW_MS },
  brand: { perView: { mobile: 2, desktop: 5 }, autoplayMs: AUTOPLAY_FAST_MS },
  "product-images": { perView: { mobile: 1, desktop: 3 }, autoplayMs: AUTOPLAY_SLOW_MS },
  "article-gallery": { perView: { mobile: 1, desktop: 3 }, autoplayMs: null },
  "store-discovery": { perView: { mobile: 1, desktop: 2 }, autoplayMs: AUTOPLAY_SLOW_MS },
};

/** Slides in view at a viewport width. */
export function perViewAt(layout: CarouselLayout, viewportWidth: number): number {
  return viewportWidth >= DESKTOP_MIN_WIDTH ? layout.perView.desktop : layout.perView.mobile;
}

/** Whether every slide fits in view, in which case the arrows are hidden. */
export function allSlidesFit(count: number, perView: number): boolean {
  return count <= Math.max(1, perView);
}

/** The width of one slide in a row `trackWidth` wide showing `perView` slides. */
export function slideWidth(trackWidth: number, perView: number, gap = SLIDER_GAP_PX): number {
  const n = Math.max(1, perView);
  return Math.max(0, (trackWidth - gap * (n - 1)) / n);
}

/** The scroll offset that puts slide `index` first in view. */
export function offsetOf(index: number, width: number, gap = SLIDER_GAP_PX): number {
  return Math.max(0, index) * (width + gap);
}

/** The index of the last slide that can be first in view (the row's end). */
export function lastStart(count: number, perView: number): number {
  return Math.max(0, count - Math.max(1, perView));
}

/** The first slide in view at a scroll offset (the nearest snap point). */
export function firstVisibleAt(
  scrollLeft: number,
  width: number,
  count: number,
  perView: number,
  gap = SLIDER_GAP_PX,
): number {
  const step = width + gap;
  if (step <= 0) return 0;
  return Math.min(lastStart(count, perView), Math.max(0, Math.round(scrollLeft / step)));
}

export type Turn = {
  /** The slide to show first. */
  to: number;
  /** True when the row was at an end: it jumps to the other end after END_JUMP_DELAY_MS. */
  wraps: boolean;
};

/**
 * Where "next" (1) or "previous" (-1) leads from the slide `from`: one view further, stopping
 * at the row's end; at an end, to the other end (storefront.md §4: "ends jump").
 */
export function turn(from: number, direction: 1 | -1, count: number, perView: number): Turn {
  const end = lastStart(count, perView);
  const step = Math.max(1, perView);
  const current = Math.min(Math.max(0, from), end);
  if (direction === 1) {
    if (current >= end) return { to: 0, wraps: end > 0 };
    return { to: Math.min(end, current + step), wraps: false };
  }
  if (current <= 0) return { to: end, wraps: end > 0 };
  return { to: Math.max(0, current - step), wraps: false };
}

/** Ease in and out over a turn (0 → 1), as sliders usually do. */
export function easeInOut(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** What a screen reader hears of the position: "Éléments 1 à 4 sur 10". */
export function positionLabel(first: number, count: number, perView: number): string {
  if (count === 0) return "";
  const last = Math.min(count, first + Math.max(1, perView));
  return first + 1 === last
    ? `Élément ${last} sur ${count}`
    : `Éléments ${first + 1} à ${last} sur ${count}`;
}
