import { type APIRequestContext, expect } from "@playwright/test";
import { E2E_SECRETS } from "./shop-config.ts";

/** A scheduled action as the test hook reports it after its round. */
export type ScheduleRunReport = {
  at: string;
  ran: {
    id: string;
    entityId: string;
    action: "publish" | "unpublish";
    scheduledFor: string;
    status: "scheduled" | "succeeded" | "failed" | "canceled";
    error?: Record<string, unknown>;
  }[];
};

/**
 * Runs the content schedule's job "at" `at` (the journey's fixed clock), without waiting for its
 * 15-second round: the actions due then are published or unpublished at once. Needs the
 * journeys' server with `TEST_HOOKS` (playwright.config.ts); answers what was due and how it
 * stands now.
 */
export async function runContentScheduleAt(
  request: APIRequestContext,
  at: Date | string,
): Promise<ScheduleRunReport> {
  const response = await request.post("/__test/content-schedule/run", {
    headers: { "X-Comptoir-Verify": E2E_SECRETS.ADMIN_VERIFY_SECRET },
    data: { at: typeof at === "string" ? at : at.toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ScheduleRunReport;
}
