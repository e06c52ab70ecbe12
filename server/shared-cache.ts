import { keyBatches as batchesOf } from "#platform/surrogate-keys.ts";
import type { Logger } from "#server/logger.ts";

/**
 * The shared cache in front of the instances (Varnish with xkey, deploy/varnish/comptoir.vcl),
 * purged from the shop: `PURGE` with the surrogate keys in `X-Purge-Keys` drops every page that
 * names one of them; `PURGE /path` drops every variant of one page. Each carries the token the
 * cache checks (`X-Purge-Token`). A purge that fails is logged: the page goes when its
 * `s-maxage` ends, as a page no purge reaches would.
 *
 * Every instance hears every invalidation and purges the shared cache for it: with N instances a
 * change sends N purges, which the cache answers in microseconds each.
 */
export type SharedCache = {
  purgeKeys(keys: readonly string[]): Promise<void>;
  purgeUrl(url: string): Promise<void>;
};

/** Varnish's default request-header limit is 8 kB: keys go in headers well below it. */
const KEYS_HEADER_BYTES = 4000;
const PURGE_TIMEOUT_MS = 5_000;

export function varnishSharedCache(options: {
  url: string;
  token: string;
  logger: Logger;
}): SharedCache {
  const base = new URL(options.url);
  const send = async (path: string, headers: Record<string, string>) => {
    const target = new URL(path, base);
    try {
      const response = await fetch(target, {
        method: "PURGE",
        headers: { "X-Purge-Token": options.token, ...headers },
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`the shared cache answered ${response.status}`);
    } catch (err) {
      options.logger.warn({ err, path, ...headers }, "shared cache purge failed");
    }
  };
  return {
    async purgeKeys(keys) {
      for (const batch of keyBatches(keys)) await send("/", { "X-Purge-Keys": batch });
    },
    purgeUrl: (url) => send(url, {}),
  };
}

/** The keys, space-separated, in as few headers of at most `KEYS_HEADER_BYTES` as fit. */
export function keyBatches(keys: readonly string[]): string[] {
  return batchesOf(keys, KEYS_HEADER_BYTES).map((batch) => batch.join(" "));
}
