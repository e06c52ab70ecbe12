import { Form, Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { titleOf } from "#app/lib/admin/content-entry.server.ts";
import {
  fieldLabel,
  parisDateTime,
  STATUS_BADGE,
  STATUS_LABELS,
  typeLabel,
} from "#app/lib/admin/content-labels.ts";
import { fieldText, linkedEntryIds } from "#app/lib/admin/content-values.ts";
import { CSRF_FIELD } from "#app/lib/admin/fields.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { recordChange } from "#platform/backoffice/index.ts";
import {
  ContentError,
  type ContentField,
  compareSnapshot,
  entityStatus,
  entriesByIds,
  type FieldChangeKind,
  findContentType,
  findEntry,
  getSnapshot,
  listSnapshots,
  restoreSnapshot,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries.$id.versions.$snapshotId";

/**
 * One published version of a content entry beside its current draft, field by field, and its
 * restoring (issue 50, item 4): the version's fields become the draft, nothing is published. The
 * held entry version makes a restore over someone's newer save fail (`VersionMismatch`).
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Version ${loaderData.snapshot.version} — ${loaderData.entry.title} — Administration Comptoir`
      : "Version — Administration Comptoir",
  },
];

const entryPath = (id: string) => `/middleware/contenu/entrees/${encodeURIComponent(id)}/`;
const versionPath = (id: string, snapshotId: string) =>
  `${entryPath(id)}versions/${encodeURIComponent(snapshotId)}/`;

const notFoundResponse = (message: string) => new Response(message, { status: 404 });

const isContentError = (error: unknown, id: ContentError["id"]) =>
  error instanceof ContentError && error.id === id;

/** A field the model no longer has, shown as it is stored. */
const unknownField = (id: string): ContentField => ({ id, name: id, type: "Object" });

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const db = database.db;
  if (!(await findEntry(db, params.id))) throw notFoundResponse("Ce contenu est introuvable.");
  const comparison = await compareSnapshot(db, params.id, params.snapshotId).catch((error) => {
    if (isContentError(error, "NotFound")) return null;
    throw error;
  });
  if (!comparison) throw notFoundResponse("Cette version de ce contenu est introuvable.");
  const { entry, snapshot, changes } = comparison;
  const definition = findContentType(entry.contentType);
  const [targets, snapshots] = await Promise.all([
    entriesByIds(db, [...linkedEntryIds(snapshot.fields), ...linkedEntryIds(entry.fields)]),
    listSnapshots(db, entry.id, { limit: 1000 }),
  ]);
  const titles = new Map(targets.map((row) => [row.id, titleOf(row)]));
  const changesOnly = new URL(request.url).searchParams.get("changes") === "1";
  const rows = changes.map((change) => {
    const field =
      definition?.fields.find((one) => one.id === change.field) ?? unknownField(change.field);
    return {
      id: change.field,
      name: fieldLabel(field),
      change: change.change,
      before: fieldText(field, change.before, titles),
      after: fieldText(field, change.after, titles),
    };
  });
  return {
    entry: {
      id: entry.id,
      title: titleOf(entry),
      type: definition ? typeLabel(definition) : entry.contentType,
      status: entityStatus(entry),
      version: entry.revision,
      updatedAt: parisDateTime(entry.updatedAt),
      updatedBy: entry.updatedBy,
      archived: entry.archivedVersion !== null,
    },
    snapshot: {
      id: snapshot.id,
      version: snapshot.version,
      at: parisDateTime(snapshot.createdAt),
      by: snapshot.createdBy,
    },
    changesOnly,
    fieldCount: rows.length,
    changedCount: rows.filter((row) => row.change !== "unchanged").length,
    rows: changesOnly ? rows.filter((row) => row.change !== "unchanged") : rows,
    snapshots: snapshots.items.map((one) => ({
      id: one.id,
      version: one.version,
      at: parisDateTime(one.createdAt),
      by: one.createdBy,
      live: entry.publishedVersion === one.version,
    })),
  };
}

const restoreForm = z
  .object({
    [CSRF_FIELD]: z.string(),
    version: z.coerce.number().int().positive(),
  })
  .strict();

type ActionResult = { ok: boolean; message: string; reload?: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const parsed = restoreForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return {
      ok: false,
      message: "Formulaire invalide : rechargez la page et recommencez.",
    } satisfies ActionResult;
  }
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const db = database.db;
  const before = await findEntry(db, params.id);
  if (!before) throw notFoundResponse("Ce contenu est introuvable.");
  const snapshot = await getSnapshot(db, before.id, params.snapshotId).catch((error) => {
    if (isContentError(error, "NotFound")) return null;
    throw error;
  });
  if (!snapshot) throw notFoundResponse("Cette version de ce contenu est introuvable.");
  let restored: Awaited<ReturnType<typeof restoreSnapshot>>;
  try {
    restored = await restoreSnapshot(
      { db, by: staff.email },
      { id: before.id, snapshotId: snapshot.id, version: parsed.data.version },
    );
  } catch (error) {
    if (isContentError(error, "VersionMismatch")) {
      const now = (await findEntry(db, before.id)) ?? before;
      return {
        ok: false,
        reload: true,
        message:
          `Quelqu'un a enregistré ce contenu entre-temps (version ${now.revision}, le ` +
          `${parisDateTime(now.updatedAt)}${now.updatedBy ? ` par ${now.updatedBy}` : ""}) : ` +
          "rien n'a été restauré. Rechargez la page pour comparer cette version avec le " +
          "brouillon actuel avant de la restaurer.",
      } satisfies ActionResult;
    }
    if (isContentError(error, "BadRequest")) {
      return {
        ok: false,
        message: "Un contenu archivé ne peut pas être modifié.",
      } satisfies ActionResult;
    }
    if (isContentError(error, "NotFound")) {
      throw notFoundResponse("Cette version de ce contenu est introuvable.");
    }
    throw error;
  }
  // The restore held the version `before` was read at (else it failed): it replaced those fields.
  await recordChange(db, {
    staff,
    action: "restauration",
    subjectType: "contenu",
    subjectId: restored.id,
    before: before.fields,
    after: restored.fields,
  });
  return redirect(`${entryPath(restored.id)}?restauree=${snapshot.version}`);
}

const CHANGE_LABELS: Record<FieldChangeKind, string> = {
  unchanged: "Identique",
  changed: "Modifié",
  added: "Ajouté",
  removed: "Retiré",
};

const CHANGE_BADGE: Record<FieldChangeKind, string> = {
  unchanged: "",
  changed: "",
  added: "admin-badge--ok",
  removed: "admin-badge--off",
};

export default function ContentVersionScreen() {
  const { entry, snapshot, rows, changesOnly, fieldCount, changedCount, snapshots } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const here = versionPath(entry.id, snapshot.id);
  return (
    <>
      <p>
        <Link to={entryPath(entry.id)}>← {entry.title}</Link>
      </p>
      <h1>{`${entry.title} — version ${snapshot.version}`}</h1>
      <ul className="admin-badges">
        <li>{entry.type}</li>
        <li className={STATUS_BADGE[entry.status]}>{STATUS_LABELS[entry.status]}</li>
      </ul>
      <p>
        {`Version ${snapshot.version}, publiée le ${snapshot.at}`}
        {snapshot.by ? ` par ${snapshot.by}` : ""}
        {". "}
        {`Brouillon actuel : version ${entry.version}, modifié le ${entry.updatedAt}`}
        {entry.updatedBy ? ` par ${entry.updatedBy}` : ""}.
      </p>
      {result && (
        <ActionAlert result={result}>
          {result.reload && (
            <p>
              <a href={`${location.pathname}${location.search}`}>Recharger la page</a>
            </p>
          )}
        </ActionAlert>
      )}

      <section className="admin-card" aria-labelledby="comparaison">
        <h2 id="comparaison">Cette version et le brouillon actuel</h2>
        <p>
          {changedCount === 0
            ? "Le brouillon actuel est identique à cette version."
            : `${changedCount} champ(s) sur ${fieldCount} diffèrent entre cette version et le brouillon actuel.`}
        </p>
        <p>
          {changesOnly ? (
            <Link to={here}>Afficher tous les champs</Link>
          ) : (
            <Link to={`${here}?changes=1`}>Afficher seulement les champs modifiés</Link>
          )}
        </p>
        <div className="admin-table-scroll">
          <table className="admin-table">
            <caption className="admin-visually-hidden">
              {`Champs de la version ${snapshot.version} et du brouillon actuel`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Champ</th>
                <th scope="col">Cette version</th>
                <th scope="col">Brouillon actuel</th>
                <th scope="col">Différence</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className={row.change === "unchanged" ? "admin-row--unchanged" : undefined}
                >
                  <th scope="row">{row.name}</th>
                  <td>{row.before}</td>
                  <td>{row.after}</td>
                  <td>
                    <ul className="admin-badges">
                      <li className={CHANGE_BADGE[row.change]}>{CHANGE_LABELS[row.change]}</li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          « Ajouté » : le champ est vide dans cette version et rempli dans le brouillon ; « Retiré »
          : l'inverse.
        </p>
      </section>

      <section className="admin-card" aria-labelledby="restaurer">
        <h2 id="restaurer">Restaurer cette version</h2>
        {entry.archived ? (
          <p>Un contenu archivé ne peut pas être modifié.</p>
        ) : (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="version" value={entry.version} />
            <p>
              La version restaurée devient le brouillon ; publiez-la pour que les clients la voient.
            </p>
            <button type="submit" className="admin-button admin-button--primary">
              Restaurer cette version
            </button>
          </Form>
        )}
      </section>

      <section className="admin-card" aria-labelledby="versions">
        <h2 id="versions">Versions publiées</h2>
        <ul>
          {snapshots.map((one) => {
            const text = `Version ${one.version}, publiée le ${one.at}${one.by ? ` par ${one.by}` : ""}`;
            return (
              <li key={one.id}>
                {one.id === snapshot.id ? (
                  <strong aria-current="page">{text}</strong>
                ) : (
                  <Link to={versionPath(entry.id, one.id)}>{text}</Link>
                )}
                {one.live ? " (en ligne)" : ""}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
