/**
 * Text as the shop's pages print it: Unicode NFC, each accented letter one code point (`é`, not
 * `e` followed by U+0301). Decomposed text (NFD) comes from some keyboards, a Mac's file names
 * and exports, or a remote service; the display typeface is served in unicode-range files
 * (app/styles/fonts.css) whose Latin file holds the precomposed letters but no combining accent:
 * a browser that does not compose them again draws U+0301 from the Cyrillic or Vietnamese file
 * and U+0302 from a fallback font, away from its letter ("goût", "créneau"). So the typed
 * clients read the services' answers through `readJsonInNfc`.
 */

/** A service's answer as text, composed (NFC). */
export async function readTextInNfc(response: Response): Promise<string> {
  return (await response.text()).normalize("NFC");
}

/** A service's JSON answer, its text composed (NFC) first: JSON's own syntax is ASCII. */
export async function readJsonInNfc<T>(response: Response): Promise<T> {
  return JSON.parse(await readTextInNfc(response)) as T;
}
