import { redirect } from "react-router";
import { readStaffForm, requirePermission, staffContext } from "#app/lib/admin/admin.server.ts";
import {
  cancelFromForm,
  entryScheduleUrl,
  refusedQuery,
  scheduleFromForm,
} from "#app/lib/admin/content-schedule.server.ts";
import { SCHEDULE_PARAMS } from "#app/lib/admin/content-schedule.ts";
import { serverContext } from "#app/lib/server-context.ts";
import type { Route } from "./+types/entries.$id.schedule";

/**
 * The forms of an entry's « Programmation » panel (issue 50, item 7), with no page of their own:
 * `schedule` (a publish or an unpublish at a date and time in Paris) and `cancel`, for roles with
 * `publish`. Each one goes back to the entry's screen with `?programmation=ok|annulee`, or
 * `?programmation-erreur=<code>` (SCHEDULE_MESSAGES) and what was typed.
 */

/** Opened in the browser's address bar: the entry's screen. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/middleware/contenu/entrees/${encodeURIComponent(params.id)}/`);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { staff } = context.get(staffContext);
  requirePermission(staff, "publish");
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const ctx = { db: database.db, staff };
  const intent = text(form, "intent");
  if (intent === "schedule") {
    const typed = {
      operation: text(form, "operation"),
      date: text(form, "date"),
      time: text(form, "time"),
    };
    const outcome = await scheduleFromForm(ctx, params.id, typed);
    return redirect(
      entryScheduleUrl(
        params.id,
        outcome.ok ? { [SCHEDULE_PARAMS.done]: "ok" } : refusedQuery(outcome.code, typed),
      ),
    );
  }
  if (intent === "cancel") {
    const version = Number(text(form, "version"));
    const outcome = await cancelFromForm(ctx, {
      id: text(form, "id"),
      version: Number.isInteger(version) && version > 0 ? version : undefined,
      entryId: params.id,
    });
    return redirect(
      entryScheduleUrl(
        params.id,
        outcome.ok
          ? { [SCHEDULE_PARAMS.done]: "annulee" }
          : { [SCHEDULE_PARAMS.error]: outcome.code },
      ),
    );
  }
  throw new Response("Formulaire inconnu.", { status: 400 });
}
