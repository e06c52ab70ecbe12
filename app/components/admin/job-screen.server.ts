import { type RouterContextProvider, redirect } from "react-router";
import type { JobKind } from "#app/components/admin/job-screen.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Actor, JobDependencies } from "#platform/backoffice/index.ts";

const BUSY: Record<JobKind, string> = {
  export: "Un export est déjà en cours : attendez qu'il se termine.",
  sync: "Une synchronisation est déjà en cours : attendez qu'elle se termine.",
};

/**
 * The end of an export or synchronisation screen's action (its form already read and checked):
 * starts the background job as the signed-in staff member, then redirects back to the screen to
 * follow it, or says so when a run of that kind is already going on.
 */
export async function startStaffJob(
  context: Readonly<RouterContextProvider>,
  start: StartJob,
  { screen, kind }: { screen: string; kind: JobKind },
): Promise<{ message: string }> {
  const { database, env, logger, pageCache, caches } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const started = await start(
    { db: database.db, env, logger, pageCache, caches },
    { id: staff.id, email: staff.email },
  );
  if (!started) return { message: BUSY[kind] };
  throw redirect(screen);
}

type StartJob = (deps: JobDependencies, actor: Actor) => Promise<boolean>;

/** One export or synchronisation screen: where it lives, and what its form starts. */
export type JobScreen = {
  screen: string;
  kind: JobKind;
  /**
   * The job its checked form starts, or a message that refuses the form (French, shown on the
   * screen). Most screens start the same job whatever the form.
   */
  start: (form: FormData, context: Readonly<RouterContextProvider>) => Promise<StartJob | string>;
};

/**
 * The action of the four job screens: reads the staff form (CSRF checked), then starts the job
 * the form asks for and redirects back to the screen, or answers the refusal.
 */
export async function jobScreenAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { screen, kind, start }: JobScreen,
): Promise<{ message: string }> {
  const form = await readStaffForm(request, context);
  const job = await start(form, context);
  if (typeof job === "string") return { message: job };
  return startStaffJob(context, job, { screen, kind });
}
