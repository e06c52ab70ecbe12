import { type ComponentType, lazy, memo, Suspense } from "react";
import { isHydrated } from "./hydration.ts";

/** What brings an island's code in before its time: the shopper starts doing something. */
const PAGE_INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;

/** When an island's code is fetched on a first load (decision 020). */
export type IslandTrigger =
  /** When the server-rendered element matching `near` comes within `margin` of the viewport. */
  | { near: string; margin?: string }
  /** Once the page has loaded and the browser is idle: a part in view that can wait a moment. */
  | { idle: true };

/**
 * Resolves on the island's trigger, or as soon as the shopper first points, types or touches
 * anywhere on the page: an interaction may revalidate the page, and a part still waiting for
 * its code would hold the update back until the code arrives; and a click on the part itself is
 * replayed by React once it has hydrated.
 */
function whenTriggered(trigger: IslandTrigger): Promise<void> {
  // A client-side navigation renders the part before its page is in the document: no server
  // markup to keep, the code is wanted now. (Not "once hydrated": React hydrates Suspense
  // boundaries after the rest of the page, after the root's effects have run.)
  const element = "near" in trigger ? document.querySelector(trigger.near) : null;
  if ("near" in trigger && !element) return Promise.resolve();
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const done = () => {
      for (const stop of stops) stop();
      resolve();
    };
    for (const name of PAGE_INTERACTIONS) {
      document.addEventListener(name, done, { capture: true, passive: true });
      stops.push(() => document.removeEventListener(name, done, true));
    }
    if (element && "near" in trigger) {
      const margin = trigger.margin ?? "400px";
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: `${margin} ${margin}` },
      );
      observer.observe(element);
      stops.push(() => observer.disconnect());
    } else {
      whenIdleAfterLoad(done);
    }
  });
}

function whenIdleAfterLoad(callback: () => void) {
  const idle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(callback, { timeout: 2_000 })
      : setTimeout(callback, 200);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}

/**
 * A part of a page whose code is neither downloaded nor run on the first load until its trigger
 * (decision 020): a below-the-fold row when it nears the viewport, a small control once the
 * page is idle. While its code is missing, React keeps the server's markup of the part's Suspense
 * boundary as it is, without hydrating it, so the page shows and works the same (links, forms);
 * once the code is in, the part hydrates.
 *
 * The part is memoised on the value of its props (data only: loader data, strings): an update
 * reaching a boundary still waiting for its code would be held back until the code arrives, or
 * would drop the markup, so the page's other updates, and a revalidation that brings equal data
 * in new objects, must not reach it.
 *
 * On the server the part's module is imported when this module is evaluated, and pages are
 * rendered once it is in (`islandsLoaded`): a thenable that answers at once then lets React
 * render the part inline, without suspending.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  trigger: IslandTrigger,
): ComponentType<P> {
  const Part = typeof document === "undefined" ? renderedAtOnce(load) : loadedOn(trigger, load);
  return memo(function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }, sameData) as unknown as ComponentType<P>;
}

/** The server's island modules still being imported (see `islandsLoaded`). */
const importing = new Set<Promise<unknown>>();

/**
 * Resolves once every island the server's page modules have declared has its module: the
 * server's page rendering waits for it (entry.server.tsx), so that no island ever suspends
 * there and streams its markup after the rest of the page. At once after the first pages.
 */
export async function islandsLoaded(): Promise<void> {
  while (importing.size > 0) await Promise.all(importing);
}

function sameData(before: object, after: object): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}

function renderedAtOnce<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: { default: ComponentType<P> } | undefined;
  const loading = load().then((component) => {
    loaded = { default: component };
    return loaded;
  });
  importing.add(loading);
  loading.finally(() => importing.delete(loading)).catch(() => {});
  return lazy(() => (loaded ? answered(loaded) : loading));
}

function loadedOn<P extends object>(trigger: IslandTrigger, load: () => Promise<ComponentType<P>>) {
  // A page module evaluated after the first load's hydration is one a client-side navigation
  // is about to render: its islands are wanted now, so their code is fetched with the page's.
  const early = isHydrated() ? load() : undefined;
  return lazy(async () => {
    if (!early) await whenTriggered(trigger);
    return { default: await (early ?? load()) };
  });
}

/** A thenable that calls back synchronously, which React's `lazy` reads without suspending. */
function answered<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is what React's lazy takes
  return { then: (resolve: (value: T) => unknown) => resolve(value) } as unknown as Promise<T>;
}
