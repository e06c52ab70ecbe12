/**
 * Whether the page's first render has hydrated. Components that render less on a first load
 * than on a client-side navigation (useDeferredItems, StaticMarkup) read it when they mount:
 * while hydrating they must render what the server rendered.
 */
let hydrated = false;

/** Called once, by the root layout's first effect: every later mount is a client render. */
export function markHydrated() {
  hydrated = true;
}

export function isHydrated(): boolean {
  return hydrated;
}
