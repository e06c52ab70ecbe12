/**
 * Scheduled publishing on the content screens (issue 50, item 7), as the browser needs it: the
 * shapes of the entry's « Programmation » panel and of the calendar, the query parameters the
 * schedule route answers with, and their messages in French. The server side is
 * `content-schedule.server.ts`.
 */

export type ScheduleOperation = "publish" | "unpublish";

export const OPERATION_LABELS: Record<ScheduleOperation, string> = {
  publish: "Publication",
  unpublish: "Dépublication",
};

/** One action still to run. */
export type PendingScheduleItem = {
  id: string;
  /** The action's version, sent back by « Annuler »: a moved action is not canceled blindly. */
  version: number;
  operation: ScheduleOperation;
  /** « Publication le 4 décembre 2026 à 10h00 » (Paris time). */
  text: string;
  /** The instant, with Paris's offset (`2026-12-04T10:00:00.000+01:00`), for `<time>`. */
  at: string;
  /** Who scheduled it (their e-mail), when the backend knows. */
  by: string | null;
  /** When it was scheduled: « 3 décembre 2026 à 9h00 ». */
  scheduledAt: string;
};

/** One action the job ran: done, or failed with the reason in words. */
export type ScheduleRun = {
  id: string;
  operation: ScheduleOperation;
  text: string;
  at: string;
  by: string | null;
  status: "succeeded" | "failed";
  /** « Effectuée le 4 décembre 2026 à 10h00 », or « Échec : … ». */
  result: string;
};

/** What the entry screen gives `<SchedulePanel schedule={…} />`. */
export type EntrySchedule = {
  pending: PendingScheduleItem[];
  /** The last runs, latest first. */
  runs: ScheduleRun[];
  /** Today in Paris (`YYYY-MM-DD`): the date field's minimum. */
  today: string;
};

/** The query parameters of the entry screen after a scheduling form was sent. */
export const SCHEDULE_PARAMS = {
  /** `ok` (scheduled) or `annulee` (canceled). */
  done: "programmation",
  /** A code of `SCHEDULE_MESSAGES`. */
  error: "programmation-erreur",
  /** What was typed, given back so that the form shows it again after a refusal. */
  operation: "programmation-operation",
  date: "programmation-date",
  time: "programmation-heure",
} as const;

/** The id of the panel's section: the schedule route sends the browser back to it. */
export const SCHEDULE_ANCHOR = "programmation";

export const SCHEDULE_DONE_MESSAGES = {
  ok: "Programmation enregistrée.",
  annulee: "Programmation annulée.",
} as const;

/** Why a schedule or a cancel was refused, by the code the schedule route sends. */
export const SCHEDULE_MESSAGES = {
  operation: "Choisissez de publier ou de dépublier.",
  date: "Indiquez une date valide (jj/mm/aaaa).",
  heure: "Indiquez une heure valide (hh:mm), heure de Paris.",
  passe:
    "Cette date et cette heure sont déjà passées : choisissez un moment à venir (heure de Paris).",
  "heure-inexistante":
    "Cette heure n'existe pas ce jour-là à Paris (passage à l'heure d'été) : choisissez-en une autre.",
  introuvable: "Ce contenu n'existe plus.",
  "programmation-introuvable": "Cette programmation n'existe plus.",
  "deja-executee": "Cette programmation a déjà été exécutée ou annulée.",
  "programmation-modifiee":
    "Cette programmation a été modifiée entre-temps : rechargez la page et recommencez.",
} as const;

export type ScheduleErrorCode = keyof typeof SCHEDULE_MESSAGES;

export const isScheduleErrorCode = (code: string): code is ScheduleErrorCode =>
  Object.hasOwn(SCHEDULE_MESSAGES, code);

/** The codes that concern the date and time fields: their message goes right below them. */
export const WHEN_ERRORS: readonly ScheduleErrorCode[] = [
  "date",
  "heure",
  "passe",
  "heure-inexistante",
];

export type ScheduleNotice = { ok: boolean; message: string; code: string };

/** The message the entry screen's query says (after the schedule route's redirect), if any. */
export function scheduleNotice(search: URLSearchParams): ScheduleNotice | null {
  const error = search.get(SCHEDULE_PARAMS.error);
  if (error !== null) {
    return {
      ok: false,
      code: error,
      message: isScheduleErrorCode(error)
        ? SCHEDULE_MESSAGES[error]
        : "La programmation n'a pas pu être enregistrée.",
    };
  }
  const done = search.get(SCHEDULE_PARAMS.done);
  if (done === "ok" || done === "annulee") {
    return { ok: true, code: done, message: SCHEDULE_DONE_MESSAGES[done] };
  }
  return null;
}
