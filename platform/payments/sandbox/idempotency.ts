import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import type { SandboxContext } from "./context.ts";
import { KeptFailure, StripeApiError, type StripeErrorBody } from "./errors.ts";
import { paymentSandboxIdempotency } from "./schema.ts";

/**
 * Stripe's idempotent requests: the first request with a key is done and its answer kept; the
 * same key with the same request (method, path, body) gets that answer again and does nothing,
 * with another request an `idempotency_error`. The key is claimed in the request's own
 * transaction, first: a concurrent retry waits for the first to commit, then reads its answer.
 * A request that fails is not kept (nothing of it was written), so it may be retried; one that
 * was carried out and refused (a `KeptFailure`: a declined card) is kept, and its retry gets the
 * same refusal.
 */
export async function idempotently(
  context: SandboxContext,
  request: { apiKey: string; key: string | undefined; method: string; path: string; body: string },
  work: (tx: Tx) => Promise<unknown>,
): Promise<{ response: unknown; replayed: boolean }> {
  const { apiKey, key } = request;
  if (!key) {
    const response = await context.db.transaction(work);
    if (response instanceof KeptFailure) throw response.error;
    return { response, replayed: false };
  }
  const name = `${request.method} ${request.path}`;
  const bodyHash = createHash("sha256").update(request.body).digest("hex");
  const where = and(
    eq(paymentSandboxIdempotency.apiKey, apiKey),
    eq(paymentSandboxIdempotency.key, key),
  );
  const answer = await context.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(paymentSandboxIdempotency)
      .values({
        apiKey,
        key,
        request: name,
        bodyHash,
        status: 0,
        response: {},
        createdAt: context.now(),
      })
      .onConflictDoNothing()
      .returning({ key: paymentSandboxIdempotency.key });
    if (claimed.length === 0) return null;
    const result = await work(tx);
    const failure = result instanceof KeptFailure ? result.error : null;
    const response = failure ? failure.toJSON() : result;
    await tx
      .update(paymentSandboxIdempotency)
      .set({ status: failure?.status ?? 200, response })
      .where(where);
    return { response, failure };
  });
  if (answer?.failure) throw answer.failure;
  if (answer) return { response: answer.response, replayed: false };
  const [stored] = await context.db.select().from(paymentSandboxIdempotency).where(where);
  if (!stored || stored.request !== name || stored.bodyHash !== bodyHash) {
    throw new StripeApiError(400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  if (stored.status !== 200) {
    const { error } = stored.response as { error: StripeErrorBody };
    throw new StripeApiError(stored.status as StripeApiError["status"], error);
  }
  return { response: stored.response, replayed: true };
}
