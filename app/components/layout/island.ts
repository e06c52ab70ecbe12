import { type ComponentType, lazy } from "react";

/** What brings an island's code in before it is in view: the shopper starts doing something. */
const PAGE_INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

/**
 * Resolves when the server-rendered element matching `selector` comes within `margin` of the
 * viewport, or when the shopper first points, types or touches anywhere on the page (an
 * interaction may revalidate the page, and a part still waiting for its code would then hold the
 * update back until it arrives). At once when the element is not in the document: a client-side
 * navigation renders the part before its page is in the document. Not "once hydrated": React
 * hydrates Suspense boundaries after the rest of the page, and gets here after the root's
 * effects have run.
 */
function whenNear(selector: string, margin: string): Promise<void> {
  const element = document.querySelector(selector);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: `${margin} ${margin}` },
    );
    function done() {
      observer.disconnect();
      for (const name of PAGE_INTERACTIONS) document.removeEventListener(name, done, true);
      resolve();
    }
    observer.observe(element);
    for (const name of PAGE_INTERACTIONS) {
      document.addEventListener(name, done, { capture: true, passive: true });
    }
  });
}

/**
 * A below-the-fold part of a page whose code is neither downloaded nor run on the first load
 * until the part nears the viewport (decision 020). Render the result inside a `<Suspense>` whose
 * fallback is empty, next to an element matching `selector` (its heading, say). While its code is
 * missing, React keeps the server's markup of the boundary as it is, without hydrating it: the
 * page shows and works the same (links, forms); once the code is in, the part hydrates.
 *
 * On the server the part's module is imported when this module is evaluated, and rendered inline
 * from then on: a thenable that answers at once lets React render it without suspending.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  selector: string,
  margin = "400px",
): ComponentType<P> {
  if (typeof document === "undefined") {
    let loaded: { default: ComponentType<P> } | undefined;
    const loading = load().then((component) => {
      loaded = { default: component };
      return loaded;
    });
    return lazy(() => (loaded ? answered(loaded) : loading));
  }
  return lazy(async () => {
    await whenNear(selector, margin);
    return { default: await load() };
  });
}

/** A thenable that calls back synchronously, which React's `lazy` reads without suspending. */
function answered<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React's lazy takes
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}
