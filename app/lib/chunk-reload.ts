/**
 * After a deploy, an open tab may ask for code chunks that no longer exist. Reloading fetches the
 * new build; the guard (spec: at most once per 60 s, tracked in session storage) keeps a chunk
 * that is really broken from reloading the page in a loop.
 */
export const CHUNK_RELOAD_KEY = "comptoir:chunk-reload-at";
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** Records the reload and says yes when none happened in the last 60 s. */
export function claimChunkReload(storage: KeyValueStore, now: number): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return CHUNK_ERROR.test(message);
}

/** Installs the guard in the browser; returns a function that removes it. */
export function installChunkReloadGuard(win: Window = window): () => void {
  const reload = (event: Event, reason: unknown) => {
    if (!isChunkLoadError(reason)) return;
    let allowed = false;
    try {
      allowed = claimChunkReload(win.sessionStorage, Date.now());
    } catch {
      // Session storage can be unavailable (privacy modes): never reload blindly then.
    }
    if (!allowed) return;
    event.preventDefault();
    win.location.reload();
  };
  const onPreloadError = (event: Event) =>
    reload(event, (event as Event & { payload?: unknown }).payload);
  const onRejection = (event: PromiseRejectionEvent) => reload(event, event.reason);
  const onError = (event: ErrorEvent) => reload(event, event.error ?? event.message);
  win.addEventListener("vite:preloadError", onPreloadError);
  win.addEventListener("unhandledrejection", onRejection);
  win.addEventListener("error", onError);
  return () => {
    win.removeEventListener("vite:preloadError", onPreloadError);
    win.removeEventListener("unhandledrejection", onRejection);
    win.removeEventListener("error", onError);
  };
}
