import { linkTo } from "#app/lib/links.ts";

/**
 * Pure pieces of the shop's header and footer (storefront.md §2, §4, §9): the content entries
 * brought to the small shapes the layout renders (so the root loader sends only what is shown),
 * the header's scroll state machine, the search's debounce decisions and the delivery-mode label.
 */

/** Header minified when scrolling down past this many pixels (storefront.md §9). */
export const HEADER_MINIFY_AT = 130;
/** Header back to full when scrolling up above this many pixels. */
export const HEADER_RESTORE_AT = 66;
/** Scroll handling is debounced this long. */
export const SCROLL_DEBOUNCE_MS = 200;
/** Predictive search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Predictive search asks nothing for fewer characters. */
export const SEARCH_MIN_LENGTH = 3;
/** The mobile menu stays in the document this long after closing (its slide-out). */
export const MOBILE_MENU_HIDE_MS = 500;
/** Below this width the header shows the hamburger menu. */
export const MOBILE_BREAKPOINT_PX = 992;
/** The cookie the ordering flow writes the chosen mode in: 1 delivery, 2 click and collect. */
export const MODE_COOKIE = "mode";

export type NavLink = { title: string; href: string };
export type NavGroup = { title: string; href: string; links: NavLink[] };
export type NavPush = { title: string; subtitle?: string; image?: string; href: string };
export type NavItem = {
  id: string;
  title: string;
  href: string;
  /** The link to the whole item inside its sub-menu ('Tout le rayon …'). */
  label?: string;
  color?: string;
  /** Child items with their own categories; else the item's categories as one group. */
  groups: NavGroup[];
  /** Extra links (the category's artisans). */
  links: NavLink[];
  push?: NavPush;
};

export type FooterData = {
  reassurance: { title: string; text?: string; icon?: string; href: string }[];
  menus: { title: string; links: NavLink[] }[];
  social: { network: string; label: string; url: string }[];
  seasonal: NavLink[];
  legal: string[];
  healthDisclaimer?: string;
  alcoholDisclaimer?: string;
  copyright: string;
};

/** The copyright shown when the footer entry has none (storefront.md §9: copyright 2021). */
export const DEFAULT_COPYRIGHT = "© 2021 Comptoir";

/** The footer without content (the content service down, or the root loader failed). */
export const EMPTY_FOOTER: FooterData = {
  reassurance: [],
  menus: [],
  social: [],
  seasonal: [],
  legal: [],
  healthDisclaimer: undefined,
  alcoholDisclaimer: undefined,
  copyright: DEFAULT_COPYRIGHT,
};

type Entry = { sys?: { id?: string }; fields?: Record<string, unknown> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fieldsOf(value: unknown): Record<string, unknown> {
  return isRecord(value) && isRecord(value.fields) ? value.fields : {};
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function listOf(value: unknown): Entry[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** An asset's URL (assets carry `fields.file.url`), or undefined. */
function assetUrl(value: unknown): string | undefined {
  const file = fieldsOf(value).file;
  return isRecord(file) ? textOf(file.url) : undefined;
}

/** The visible name of a linked entry: title, else name, else label. */
function nameOf(entry: unknown): string | undefined {
  const fields = fieldsOf(entry);
  return textOf(fields.title) ?? textOf(fields.name) ?? textOf(fields.label);
}

function navLink(entry: unknown): NavLink | undefined {
  const title = nameOf(entry);
  return title === undefined ? undefined : { title, href: linkTo(entry as Entry) };
}

function navLinks(value: unknown): NavLink[] {
  return listOf(value).flatMap((entry) => navLink(entry) ?? []);
}

function navPush(value: unknown): NavPush | undefined {
  const fields = fieldsOf(value);
  const title = textOf(fields.title);
  if (title === undefined) return undefined;
  return {
    title,
    subtitle: textOf(fields.subtitle),
    image: assetUrl(fields.image),
    href: linkTo(value as Entry),
  };
}

function navItem(entry: Entry, index: number): NavItem | undefined {
  const fields = fieldsOf(entry);
  const title = textOf(fields.title);
  if (title === undefined) return undefined;
  const children = listOf(fields.child).flatMap((child) => {
    const link = navLink(child);
    return link ? [{ ...link, links: navLinks(fieldsOf(child).categories) }] : [];
  });
  const categories = navLinks(fields.categories);
  const groups =
    children.length > 0
      ? children
      : categories.length > 0
        ? [{ title, href: linkTo(entry), links: categories }]
        : [];
  return {
    id: entry.sys?.id ?? `item-${index}`,
    title,
    href: linkTo(entry),
    label: textOf(fields.label),
    color: textOf(fields.titleColor),
    groups,
    links: navLinks(fields.links),
    push: navPush(fields.push),
  };
}

/** The `main_menu` entry as the header's navigation; an empty list without one. */
/**
 * `shape` computed once per entry object: the content client keeps the menu and footer entries
 * as the same objects until content changes, so every page reuses their shaped form.
 */
export function oncePerEntry<T>(shape: (entry: unknown) => T): (entry: unknown) => T {
  const shaped = new WeakMap<object, T>();
  return (entry) => {
    if (typeof entry !== "object" || entry === null) return shape(entry);
    let value = shaped.get(entry);
    if (value === undefined) {
      value = shape(entry);
      shaped.set(entry, value);
    }
    return value;
  };
}

export function normaliseMenu(entry: unknown): NavItem[] {
  return listOf(fieldsOf(entry).items).flatMap((item, index) => navItem(item, index) ?? []);
}

/** The text of each top-level block of a rich-text document, in order. */
export function richTextParagraphs(document: unknown): string[] {
  const collect = (node: unknown): string => {
    if (!isRecord(node)) return "";
    if (node.nodeType === "text") return typeof node.value === "string" ? node.value : "";
    return Array.isArray(node.content) ? node.content.map(collect).join("") : "";
  };
  if (!isRecord(document) || !Array.isArray(document.content)) return [];
  return document.content.map(collect).flatMap((paragraph) => textOf(paragraph) ?? []);
}

/** The `footer` entry as the footer renders it; a bare footer (copyright only) without one. */
export function normaliseFooter(entry: unknown): FooterData {
  const fields = fieldsOf(entry);
  return {
    reassurance: listOf(fields.reassurance).flatMap((item) => {
      const own = fieldsOf(item);
      const title = textOf(own.title);
      return title === undefined
        ? []
        : [{ title, text: textOf(own.text), icon: assetUrl(own.icon), href: linkTo(item) }];
    }),
    menus: listOf(fields.link_menus).flatMap((menu) => {
      const title = textOf(fieldsOf(menu).title);
      return title === undefined ? [] : [{ title, links: navLinks(fieldsOf(menu).links) }];
    }),
    social: listOf(fields.social_links).flatMap((item) => {
      const own = fieldsOf(item);
      const network = textOf(own.network);
      const url = textOf(own.url);
      if (network === undefined || url === undefined) return [];
      return [{ network, label: textOf(own.label) ?? network, url }];
    }),
    seasonal: navLinks(fields.seasonal_pages),
    legal: richTextParagraphs(fields.legal_text),
    healthDisclaimer: textOf(fields.health_disclaimer),
    alcoholDisclaimer: textOf(fields.alcohol_disclaimer),
    copyright: textOf(fields.copyright) ?? DEFAULT_COPYRIGHT,
  };
}

// ---------------------------------------------------------------------------------------------
// Scroll

export type HeaderScroll = { minified: boolean; y: number };

/**
 * The header's next state after a (debounced) scroll to `y`: minified when moving down past
 * 130 px, full again when moving up above 66 px, unchanged otherwise — the gap between the two
 * keeps the header from flickering around one threshold.
 */
export function nextHeaderScroll(state: HeaderScroll, y: number): HeaderScroll {
  if (y > state.y && y > HEADER_MINIFY_AT) return { minified: true, y };
  if (y < state.y && y < HEADER_RESTORE_AT) return { minified: false, y };
  return { minified: state.minified, y };
}

// ---------------------------------------------------------------------------------------------
// Search

/** The term predictive search sends, or null when it is too short to ask anything. */
export function predictiveTerm(query: string): string | null {
  const term = query.trim().replace(/\s+/g, " ");
  return term.length < SEARCH_MIN_LENGTH ? null : term;
}

/** The full results page for a term. */
export function searchPageHref(query: string): string {
  const term = query.trim();
  return term === "" ? "/search/" : `/search/?${new URLSearchParams({ q: term })}`;
}

type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * `run` delayed by `ms`, each call cancelling the one still waiting, so only the last of a burst
 * (keystrokes, scroll events) runs; `cancel` drops the waiting call (on unmount).
 */
export function debounce<A extends unknown[]>(
  run: (...args: A) => void,
  ms: number,
  timers: Timers = globalThis as unknown as Timers,
): { call: (...args: A) => void; cancel: () => void } {
  let pending: unknown;
  const cancel = () => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = undefined;
  };
  return {
    call: (...args) => {
      cancel();
      pending = timers.setTimeout(() => {
        pending = undefined;
        run(...args);
      }, ms);
    },
    cancel,
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery mode

/** The label the server renders: the same for every visitor, so pages stay cacheable. */
export const NO_MODE_LABEL = "Livraison ou retrait";

/** The header's mode button label for the `mode` cookie's value (1 delivery, 2 collect). */
export function modeLabel(mode: string | undefined): string {
  if (mode === "1") return "Livraison";
  if (mode === "2") return "Retrait en magasin";
  return NO_MODE_LABEL;
}

/** The value of cookie `name` in a `document.cookie` string, or undefined. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
