const PLACEHOLDER_ORIGIN = "http://comptoir.invalid";
/** Rounds of percent-decoding before a target that still changes is refused. */
const MAX_DECODE_ROUNDS = 4;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The target of a redirect taken from input (`redirectTo`, `returnTo`, `redirect`, `next`…): a
 * path of this site, or `fallback`. Browsers drop tabs and newlines from a Location and read `\`
 * as `/`, so `/\t/evil.example` and `/\evil.example` lead to `//evil.example`, another site: the
 * target is judged as a browser would read it, and also once fully percent-decoded, since a proxy
 * or a later redirect may decode it (`/%2F%2Fevil.example`, `/%09/evil.example`).
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const asBrowserReads = target.replace(CONTROL_CHARACTERS, "").replaceAll("\\", "/");
  const decoded = fullyDecoded(asBrowserReads);
  if (decoded === undefined || !isLocalPath(decoded.replace(CONTROL_CHARACTERS, ""))) {
    return fallback;
  }
  if (!isLocalPath(asBrowserReads)) return fallback;
  let url: URL;
  try {
    url = new URL(asBrowserReads, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  // Dot segments can leave `//host` in the path (`/a/..//host`): a protocol-relative Location.
  return url.pathname.replace(/^\/+/, "/") + url.search + url.hash;
}

/** A path that starts at this site's root: one slash, then not another one. */
function isLocalPath(path: string): boolean {
  const folded = path.replaceAll("\\", "/");
  return folded.startsWith("/") && !folded.startsWith("//");
}

/**
 * `text` with its percent-escapes decoded until it stops changing, each escape as one character
 * (a UTF-8 sequence becomes several, which is enough to judge slashes and control characters);
 * a bad escape stays as written, as a browser leaves it. Undefined for endless layers. For
 * judging a URL only, never for showing or storing it.
 */
export function fullyDecoded(text: string): string | undefined {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === current) return current;
    current = next;
  }
  return undefined;
}
