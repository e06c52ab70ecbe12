/**
 * The shop's icon set, as every page's head links it (app/root.tsx) and as the web app manifest
 * (`/site.webmanifest`) names it. The images are drawn once by `scripts/site-icons.ts` and kept
 * in public/; their colours are the shop's tokens (app/styles/app.css: `--color-accent`,
 * `--color-paper`), which `site-icons.test.ts` checks.
 */

/** The icon's ground and the browser's theme: `--color-accent`. */
export const THEME_COLOUR = "#7a2e2e";
/** The icon's letter and the splash screen's ground: `--color-paper`. */
export const BACKGROUND_COLOUR = "#fbf8f3";

export const MANIFEST_PATH = "/site.webmanifest";

/** The PNG icons the manifest lists, by side in pixels. */
export const MANIFEST_ICON_SIZES = [192, 512] as const;

/** The `<link>`s of every page's head. */
export const ICON_LINKS = [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: MANIFEST_PATH },
] as const;

/** The web app manifest of a shop named `name` (`shopIdentity().tradeName`). */
export function webManifest(name: string) {
  return {
    name,
    short_name: name,
    lang: "fr",
    start_url: "/",
    display: "browser",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      ...MANIFEST_ICON_SIZES.map((size) => ({
        src: `/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: "image/png",
      })),
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}

/**
 * The icon, drawn without text so that it renders the same without any font: a `C` (an open
 * ring) in the paper colour on the accent, in a 32-unit square.
 */
export function iconSvg(): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">',
    "<title>Comptoir</title>",
    `<rect width="32" height="32" rx="5" fill="${THEME_COLOUR}"/>`,
    `<path d="M21.6 10.4a8 8 0 1 0 0 11.2" fill="none" stroke="${BACKGROUND_COLOUR}" stroke-width="3.6" stroke-linecap="round"/>`,
    "</svg>",
  ].join("");
}
