import { type RouterContextProvider, redirect } from "react-router";
import type { JobKind } from "#app/components/admin/job-screen.tsx";
import { staffContext } from "#app/lib/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Actor } from "#server/admin/catalogue-sync.ts";
import type { JobDependencies } from "#server/admin/sync-jobs.ts";

const BUSY: Record<JobKind, string> = {
  export: "Un export est déjà en cours : attendez qu'il se termine.",
  sync: "Une synchronisation est déjà en cours : attendez qu'elle se termine.",
};

/**
 * The end of an export or synchronisation screen's action (its form already read and checked):
 * starts the background job as the signed-in staff member, then redirects back to the screen to
 * follow it, or says so when a run of that kind is already going on.
 */
export function startStaffJob(
  context: Readonly<RouterContextProvider>,
  start: (deps: JobDependencies, actor: Actor) => boolean,
  { screen, kind }: { screen: string; kind: JobKind },
): { message: string } {
  const { database, env, logger, pageCache } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const started = start(
    { db: database.db, env, logger, pageCache },
    { id: staff.id, email: staff.email },
  );
  if (!started) return { message: BUSY[kind] };
  throw redirect(screen);
}
