import { and, asc, eq, lte, or } from "drizzle-orm";
import { runOnce } from "#platform/background-lock.ts";
import type { Payments } from "#platform/payments/settlement/attempts.ts";
import { paymentAttempt } from "#platform/payments/settlement/schema.ts";
import { type SettleOutcome, settlePaymentAttempt } from "#platform/payments/settlement/settle.ts";

/**
 * The reconciliation job: asks the provider about attempts left open — a webhook lost or not yet
 * come, a hold whose time is up — and finishes the refunds a crash or an outage left due. It
 * settles them as the return and the webhook do, so running it at any moment is safe.
 */

/** An open attempt is asked about once it is this old (the webhook usually came long before). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export async function reconcilePayments(
  payments: Payments,
  options: { limit?: number } = {},
): Promise<{ id: string; outcome: SettleOutcome["kind"] }[]> {
  const now = payments.now();
  const due = await payments.db
    .select({ id: paymentAttempt.id })
    .from(paymentAttempt)
    .where(
      or(
        eq(paymentAttempt.status, "refund_due"),
        and(
          eq(paymentAttempt.status, "open"),
          or(
            lte(paymentAttempt.expiresAt, now),
            lte(paymentAttempt.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
          ),
        ),
      ),
    )
    .orderBy(asc(paymentAttempt.createdAt))
    .limit(options.limit ?? 50);
  const results: { id: string; outcome: SettleOutcome["kind"] }[] = [];
  for (const { id } of due) {
    try {
      const outcome = await settlePaymentAttempt(payments, id);
      results.push({ id, outcome: outcome.kind });
    } catch (error) {
      payments.logger.error({ err: error, attempt: id }, "payment reconciliation failed");
    }
  }
  return results;
}

/**
 * Runs `work` every `intervalMs`, by one instance at a time (an advisory lock), and never two
 * rounds at once; a failure is logged and the next round tries again.
 */
export function startPaymentJobs(options: {
  payments: Payments;
  intervalMs?: number;
  /** More work of the same round: the test provider's own deliveries and expiries. */
  extra?: () => Promise<unknown>;
}): { stop(): Promise<void>; runNow(): Promise<void> } {
  const { payments } = options;
  let running: Promise<unknown> | null = null;
  const round = () =>
    runOnce(payments.db, "payments-reconcile", async () => {
      await options.extra?.();
      await reconcilePayments(payments);
    });
  const tick = () => {
    if (running) return;
    running = round()
      .catch((error: unknown) => payments.logger.error({ err: error }, "payment jobs failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 15_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
    async runNow() {
      await running;
      await round();
    },
  };
}
