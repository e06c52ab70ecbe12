import { describe, expect, it } from "vitest";
import { CAROUSEL_KINDS } from "#platform/content/index.ts";
import {
  AUTOPLAY_FAST_MS,
  AUTOPLAY_SLOW_MS,
  allSlidesFit,
  CAROUSEL_LAYOUTS,
  END_JUMP_DELAY_MS,
  easeInOut,
  firstVisibleAt,
  lastStart,
  offsetOf,
  perViewAt,
  positionLabel,
  SLIDER_GAP_PX,
  SLIDER_SPEED_MS,
  slideWidth,
  turn,
} from "./carousel-layout.ts";

describe("carousel constants", () => {
  it("are the specification's", () => {
    expect(SLIDER_SPEED_MS).toBe(800);
    expect(SLIDER_GAP_PX).toBe(20);
    expect(END_JUMP_DELAY_MS).toBe(150);
    expect([AUTOPLAY_FAST_MS, AUTOPLAY_SLOW_MS]).toEqual([1500, 3000]);
  });

  it("give every kind a layout, autoplaying only at 1500 or 3000 ms", () => {
    for (const kind of CAROUSEL_KINDS) {
      const layout = CAROUSEL_LAYOUTS[kind];
      expect(layout.perView.mobile).toBeGreaterThanOrEqual(1);
      expect(layout.perView.desktop).toBeGreaterThanOrEqual(layout.perView.mobile);
      expect([null, 1500, 3000]).toContain(layout.autoplayMs);
    }
    // Product rows never move by themselves.
    expect(CAROUSEL_LAYOUTS.product.autoplayMs).toBeNull();
    expect(CAROUSEL_LAYOUTS.news.autoplayMs).toBeNull();
  });
});

describe("carousel layout maths", () => {
  it("switches the slides in view at the 992 px breakpoint", () => {
    const layout = CAROUSEL_LAYOUTS.product;
    expect(perViewAt(layout, 991)).toBe(2);
    expect(perViewAt(layout, 992)).toBe(4);
  });

  it("hides the arrows when every slide fits", () => {
    expect(allSlidesFit(4, 4)).toBe(true);
    expect(allSlidesFit(5, 4)).toBe(false);
    expect(allSlidesFit(0, 0)).toBe(true);
  });

  it("sizes slides with the 20 px gap between them", () => {
    // 4 slides and 3 gaps in 1200 px: (1200 - 60) / 4.
    expect(slideWidth(1200, 4)).toBe(285);
    expect(offsetOf(2, 285)).toBe(610);
    expect(slideWidth(100, 1)).toBe(100);
    expect(slideWidth(10, 4)).toBe(0);
  });

  it("finds the first slide in view from the scroll offset, up to the row's end", () => {
    expect(firstVisibleAt(0, 285, 10, 4)).toBe(0);
    expect(firstVisibleAt(300, 285, 10, 4)).toBe(1);
    expect(firstVisibleAt(10_000, 285, 10, 4)).toBe(lastStart(10, 4));
    expect(lastStart(10, 4)).toBe(6);
    expect(lastStart(3, 4)).toBe(0);
  });

  it("turns one view at a time and stops at the end", () => {
    expect(turn(0, 1, 10, 4)).toEqual({ to: 4, wraps: false });
    expect(turn(4, 1, 10, 4)).toEqual({ to: 6, wraps: false });
    expect(turn(6, -1, 10, 4)).toEqual({ to: 2, wraps: false });
    expect(turn(2, -1, 10, 4)).toEqual({ to: 0, wraps: false });
  });

  it("jumps from an end to the other one", () => {
    expect(turn(6, 1, 10, 4)).toEqual({ to: 0, wraps: true });
    expect(turn(0, -1, 10, 4)).toEqual({ to: 6, wraps: true });
    // Nothing to jump to when everything fits.
    expect(turn(0, 1, 3, 4)).toEqual({ to: 0, wraps: false });
  });

  it("eases in and out between 0 and 1", () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(1)).toBe(1);
    expect(easeInOut(0.5)).toBeCloseTo(0.5);
    expect(easeInOut(0.25)).toBeLessThan(0.25);
    expect(easeInOut(2)).toBe(1);
  });

  it("says the position in French", () => {
    expect(positionLabel(0, 10, 4)).toBe("Éléments 1 à 4 sur 10");
    expect(positionLabel(8, 10, 4)).toBe("Éléments 9 à 10 sur 10");
    expect(positionLabel(2, 5, 1)).toBe("Élément 3 sur 5");
    expect(positionLabel(0, 0, 4)).toBe("");
  });
});
