/**
 * At most `limit` requests worked on at once by this process; the others wait their turn, first
 * come first served, before anything is done for them (MAX_CONCURRENT_REQUESTS). A process that
 * works on every request it receives at once interleaves them all: under load each one's next
 * step (a query's answer, the next part of its render) waits behind every other's, the ones with
 * many steps (a cart add runs some twenty queries) take many times their own time, and the heap
 * holds every half-done render at once. In turn, each request runs with fewer others.
 *
 * A turn is taken once the request's body has arrived: a client sending its form slowly does not
 * hold one while it sends. A body longer than `PREREAD_BYTES`, or of unknown length (an upload
 * in the admin area), is not waited for: such a request does not wait its turn at all.
 * Requests that `bypass` says yes to (health checks) are never held. `limit` 0 turns it off.
 */
const PREREAD_BYTES = 256 * 1024;

export function admission<Args extends unknown[]>(
  handle: (request: Request, ...rest: Args) => Response | Promise<Response>,
  options: { limit: number; bypass?: (request: Request) => boolean },
): (request: Request, ...rest: Args) => Promise<Response> {
  const { limit, bypass } = options;
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    // The turn goes straight to the next in line, so `active` stays at the limit while some wait.
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return async (request, ...rest) => {
    if (limit <= 0 || bypass?.(request)) return handle(request, ...rest);
    const received = await withBodyReceived(request);
    if (!received) return handle(request, ...rest);
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await handle(received, ...rest);
    } finally {
      release();
    }
  };
}

/**
 * The request with its body read, when it has one of a known length up to `PREREAD_BYTES`;
 * itself when it has none; undefined for a longer body or one of unknown length.
 */
async function withBodyReceived(request: Request): Promise<Request | undefined> {
  if (request.body === null) return request;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (!Number.isInteger(length) || length > PREREAD_BYTES) return undefined;
  const body = await request.arrayBuffer();
  return new Request(request, { body });
}
