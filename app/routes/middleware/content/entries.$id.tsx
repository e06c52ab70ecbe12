import type { ReactNode } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { ConflictPanel } from "#app/components/admin/content/conflict-panel.tsx";
import { ContentHeading } from "#app/components/admin/content/content-heading.tsx";
import { EntryFields } from "#app/components/admin/content/entry-fields.tsx";
import { PickersProvider } from "#app/components/admin/content/pickers.tsx";
import { SchedulePanel } from "#app/components/admin/content/schedule-panel.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { readStaffForm, requirePermission, staffContext } from "#app/lib/admin/admin.server.ts";
import {
  conflictOf,
  linksShown,
  refusal,
  titleOf,
  usedOnRows,
} from "#app/lib/admin/content-entry.server.ts";
import {
  type Conflict,
  editorFields,
  type FormErrors,
  frenchErrors,
  readEntryForm,
} from "#app/lib/admin/content-form.ts";
import { parisDateTime, typeLabel } from "#app/lib/admin/content-labels.ts";
import { previewTarget } from "#app/lib/admin/content-preview.server.ts";
import { entrySchedule } from "#app/lib/admin/content-schedule.server.ts";
import { entryPath } from "#app/lib/admin/content-values.ts";
import { serverContext } from "#app/lib/server-context.ts";
import stylesHref from "#app/styles/admin-content.css?url";
import { can, recordChange, type Staff } from "#platform/backoffice/index.ts";
import {
  archiveEntry,
  ContentError,
  deleteEntry,
  type EntryRow,
  entityStatus,
  entriesLinkingTo,
  errorsByField,
  findContentType,
  findEntry,
  listSnapshots,
  pageKeysOfChange,
  previewPath,
  publishEntry,
  unarchiveEntry,
  unpublishEntry,
  updateEntry,
  validateEntry,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries.$id";

/**
 * One content entry, edited (issue 50, items 2, 3 and 5): a form generated from its type in the
 * content model, saved as a draft; publishing, unpublishing, archiving and deleting for those
 * whose role may publish; a preview of the page with the draft; what uses the entry; its
 * published versions. Saving is conditional on the version the form was made from: a second
 * editor is shown what changed meanwhile and may reload or overwrite deliberately, and what they
 * typed stays in the form. Every change is in the change log; a publish or an unpublish drops
 * the kept pages on every instance.
 */

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Contenu"} — Administration Comptoir` },
];

/** The messages other screens send back here (a restored version, a scheduled publish). */
function arrivalMessage(url: URL): string | null {
  const restored = url.searchParams.get("restauree");
  if (restored) {
    return `La version ${restored} est restaurée comme brouillon : publiez-la pour que les clients la voient.`;
  }
  if (url.searchParams.has("cree")) return "Le brouillon est créé.";
  return null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { database, env } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const entry = await findEntry(database.db, params.id);
  if (!entry) throw data("Ce contenu est introuvable.", { status: 404 });
  const definition = findContentType(entry.contentType);
  if (!definition) throw data("Le type de ce contenu n'existe plus.", { status: 404 });
  const fields = editorFields(definition);
  const [links, usedOn, snapshots, check, preview, schedule] = await Promise.all([
    linksShown(database.db, entry.fields),
    usedOnRows(database.db, { linkType: "Entry", id: entry.id }),
    listSnapshots(database.db, entry.id, { limit: 50 }),
    validateEntry(
      database.db,
      { id: entry.id, contentType: entry.contentType, fields: entry.fields },
      "draft",
    ),
    previewTarget(database.db, entry),
    entrySchedule(database.db, entry.id),
  ]);
  const status = entityStatus(entry);
  return {
    id: entry.id,
    title: titleOf(entry),
    type: typeLabel(definition),
    status,
    version: entry.revision,
    updatedAt: parisDateTime(entry.updatedAt),
    updatedBy: entry.updatedBy,
    publishedAt: entry.publishedAt ? parisDateTime(entry.publishedAt) : null,
    fields,
    values: entry.fields,
    links,
    // What a publish would refuse, shown next to the fields before anyone tries.
    pending: frenchErrors([...check.errors, ...check.unresolved], fields),
    canPublish: can(staff.role, "publish"),
    preview: preview ? previewPath(preview, env.CONTENT_PREVIEW_TOKEN) : null,
    arrival: arrivalMessage(new URL(request.url)),
    schedule,
    usedOn,
    snapshots: snapshots.items.map((snapshot) => ({
      id: snapshot.id,
      version: snapshot.version,
      at: parisDateTime(snapshot.createdAt),
      by: snapshot.createdBy,
    })),
  };
}

type ActionResult = {
  ok: boolean;
  message: string;
  errors?: FormErrors;
  conflict?: Conflict;
};

const PUBLISHING = new Set(["publish", "unpublish", "archive", "unarchive", "delete"]);

async function logChange(
  context: Route.ActionArgs["context"],
  staff: Staff,
  action: string,
  before: EntryRow,
  after: EntryRow | null,
) {
  const { database } = context.get(serverContext);
  await recordChange(database.db, {
    staff,
    action,
    subjectType: "contenu",
    subjectId: before.id,
    before: before.fields,
    after: after?.fields ?? null,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database, caches } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const db = database.db;
  const intent = String(form.get("intent") ?? "save");
  if (PUBLISHING.has(intent)) requirePermission(staff, "publish");
  const entry = await findEntry(db, params.id);
  if (!entry) throw data("Ce contenu est introuvable.", { status: 404 });
  const definition = findContentType(entry.contentType);
  if (!definition) throw data("Le type de ce contenu n'existe plus.", { status: 404 });
  const fields = editorFields(definition);
  const held = Number(form.get("version"));
  const ctx = { db, by: staff.email };

  try {
    if (intent === "save" || intent === "overwrite" || intent === "publish") {
      const read = readEntryForm(fields, form, entry.fields);
      if (!read.ok) {
        return {
          ok: false,
          message: "Le brouillon n'est pas enregistré : corrigez les champs signalés.",
          errors: read.errors,
        } satisfies ActionResult;
      }
      // An overwrite saves over the version the conflict showed, deliberately.
      const version = intent === "overwrite" ? Number(form.get("overwriteVersion")) : held;
      let saved = entry;
      try {
        saved = await updateEntry(ctx, { id: entry.id, version, fields: read.fields });
      } catch (error) {
        if (error instanceof ContentError && error.id === "VersionMismatch") {
          return {
            ok: false,
            message:
              "Ce contenu a été enregistré par quelqu'un d'autre pendant que vous le modifiiez. Vos modifications ne sont pas perdues : elles sont toujours dans le formulaire.",
            conflict: await conflictOf(db, entry.id, held, fields),
          } satisfies ActionResult;
        }
        throw error;
      }
      if (saved.revision !== entry.revision) {
        await logChange(context, staff, "enregistrement", entry, saved);
      }
      if (intent === "publish") {
        try {
          const published = await publishEntry(ctx, { id: saved.id, version: saved.revision });
          caches.forgetContent(await pageKeysOfChange(db, { kind: "Entry", ...saved }));
          await logChange(context, staff, "publication", saved, published);
          return {
            ok: true,
            message: "Le contenu est publié : les clients le voient dès maintenant.",
          } satisfies ActionResult;
        } catch (error) {
          if (
            error instanceof ContentError &&
            (error.id === "ValidationFailed" || error.id === "UnresolvedLinks")
          ) {
            return {
              ok: false,
              message:
                "Le brouillon est enregistré, mais il n'est pas publié : corrigez les champs signalés.",
              errors: frenchErrors(Object.values(errorsByField(error)).flat(), fields),
            } satisfies ActionResult;
          }
          throw error;
        }
      }
      const check = await validateEntry(
        db,
        { id: saved.id, contentType: saved.contentType, fields: saved.fields },
        "draft",
      );
      const problems = frenchErrors([...check.errors, ...check.unresolved], fields);
      const count = Object.keys(problems).length;
      return {
        ok: true,
        message:
          count === 0
            ? "Le brouillon est enregistré."
            : `Le brouillon est enregistré. ${count === 1 ? "Un champ est à corriger" : `${count} champs sont à corriger`} avant de le publier.`,
        errors: problems,
      } satisfies ActionResult;
    }
    if (intent === "unpublish") {
      const row = await unpublishEntry(ctx, { id: entry.id, version: held });
      caches.forgetContent(await pageKeysOfChange(db, { kind: "Entry", ...entry }));
      await logChange(context, staff, "dépublication", entry, row);
      return {
        ok: true,
        message: "Le contenu est dépublié : les clients ne le voient plus.",
      } satisfies ActionResult;
    }
    if (intent === "archive") {
      await archiveEntry(ctx, { id: entry.id, version: held });
      await logChange(context, staff, "archivage", entry, entry);
      return { ok: true, message: "Le contenu est archivé." } satisfies ActionResult;
    }
    if (intent === "unarchive") {
      await unarchiveEntry(ctx, { id: entry.id, version: held });
      await logChange(context, staff, "désarchivage", entry, entry);
      return {
        ok: true,
        message: "Le contenu est désarchivé : il peut de nouveau être modifié.",
      } satisfies ActionResult;
    }
    if (intent === "delete") {
      const usedOn = await entriesLinkingTo(db, { linkType: "Entry", id: entry.id });
      if (usedOn.length > 0 && form.get("confirm") !== "on") {
        return {
          ok: false,
          message: `Ce contenu est utilisé sur ${usedOn.length === 1 ? "un autre contenu" : `${usedOn.length} autres contenus`} (${usedOn.map(titleOf).join(", ")}) : cochez la confirmation pour le supprimer quand même.`,
        } satisfies ActionResult;
      }
      await deleteEntry(ctx, { id: entry.id, version: held });
      await logChange(context, staff, "suppression", entry, null);
      return redirect(`/middleware/contenu/?supprime=${encodeURIComponent(titleOf(entry))}`);
    }
    return { ok: false, message: "Action inconnue." } satisfies ActionResult;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    if (error.id === "VersionMismatch") {
      return {
        ok: false,
        message:
          "Ce contenu a été modifié entre-temps : rechargez la page pour voir sa dernière version, puis recommencez.",
      } satisfies ActionResult;
    }
    if (error.id === "ValidationFailed") {
      return {
        ok: false,
        message: "Le brouillon n'est pas enregistré : corrigez les champs signalés.",
        errors: frenchErrors(Object.values(errorsByField(error)).flat(), fields),
      } satisfies ActionResult;
    }
    return { ok: false, message: refusal(error) } satisfies ActionResult;
  }
}

export default function ContentEntryScreen() {
  const entry = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = { ...entry.pending, ...(result?.errors ?? {}) };
  const editable = entry.status !== "archived";
  const published = entry.status === "published" || entry.status === "changed";
  return (
    <>
      <ContentHeading
        back={{ to: "/middleware/contenu/", label: "Contenu" }}
        title={entry.title}
        type={entry.type}
        status={entry.status}
        version={entry.version}
        updatedAt={entry.updatedAt}
        updatedBy={entry.updatedBy}
        publishedAt={entry.publishedAt}
      />
      {entry.arrival && !result && <ActionAlert result={{ ok: true, message: entry.arrival }} />}
      {result && <ActionAlert result={result} />}
      <EditorForm
        entry={entry}
        errors={errors}
        editable={editable}
        busy={busy}
        conflict={result?.conflict}
      >
        <p className="admin-actions">
          {editable && (
            <button type="submit" name="intent" value="save" disabled={busy}>
              Enregistrer le brouillon
            </button>
          )}
          {editable && entry.canPublish && (
            <button type="submit" name="intent" value="publish" disabled={busy}>
              {published ? "Enregistrer et publier les changements" : "Enregistrer et publier"}
            </button>
          )}
          {entry.preview && (
            <a href={entry.preview} target="_blank" rel="noopener" className="admin-button">
              Aperçu (dernier brouillon enregistré)
            </a>
          )}
        </p>
      </EditorForm>
      {entry.canPublish && (
        <section className="admin-card" aria-labelledby="publication">
          <h2 id="publication">Publication</h2>
          <Form method="post" className="admin-actions">
            <CsrfField />
            <input type="hidden" name="version" value={entry.version} />
            {published && (
              <button type="submit" name="intent" value="unpublish" disabled={busy}>
                Dépublier
              </button>
            )}
            {!published && editable && (
              <button type="submit" name="intent" value="archive" disabled={busy}>
                Archiver
              </button>
            )}
            {!editable && (
              <button type="submit" name="intent" value="unarchive" disabled={busy}>
                Désarchiver
              </button>
            )}
          </Form>
          {!published && (
            <Form method="post" className="admin-danger">
              <CsrfField />
              <input type="hidden" name="version" value={entry.version} />
              {entry.usedOn.length > 0 && (
                <label>
                  <input type="checkbox" name="confirm" /> Supprimer quand même, bien que d'autres
                  contenus y renvoient
                </label>
              )}
              <button type="submit" name="intent" value="delete" disabled={busy}>
                Supprimer définitivement
              </button>
            </Form>
          )}
        </section>
      )}
      <SchedulePanel entryId={entry.id} schedule={entry.schedule} canPublish={entry.canPublish} />
      <section className="admin-card" aria-labelledby="utilise-sur">
        <h2 id="utilise-sur">Utilisé sur</h2>
        {entry.usedOn.length === 0 ? (
          <p>Aucun autre contenu ne renvoie à celui-ci.</p>
        ) : (
          <ul>
            {entry.usedOn.map((row) => (
              <li key={row.id}>
                <Link to={entryPath(row.id)}>{row.title}</Link> <small>({row.type})</small>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-card" aria-labelledby="versions">
        <h2 id="versions">Versions publiées</h2>
        {entry.snapshots.length === 0 ? (
          <p>Ce contenu n'a pas encore été publié.</p>
        ) : (
          <ol reversed>
            {entry.snapshots.map((snapshot) => (
              <li key={snapshot.id}>
                <Link to={`${entryPath(entry.id)}versions/${encodeURIComponent(snapshot.id)}/`}>
                  {`Version ${snapshot.version}, publiée le ${snapshot.at}`}
                </Link>
                {snapshot.by ? ` par ${snapshot.by}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function EditorForm({
  entry,
  errors,
  editable,
  busy,
  conflict,
  children,
}: {
  entry: LoaderData;
  errors: FormErrors;
  editable: boolean;
  busy: boolean;
  conflict?: Conflict;
  children: ReactNode;
}) {
  return (
    <PickersProvider>
      <Form method="post" className="admin-card admin-entry-form" aria-busy={busy || undefined}>
        <CsrfField />
        <input type="hidden" name="version" value={entry.version} />
        {conflict && <ConflictPanel conflict={conflict} />}
        <EntryFields
          fields={entry.fields}
          values={entry.values}
          errors={errors}
          links={entry.links}
          editable={editable}
        />
        {children}
      </Form>
    </PickersProvider>
  );
}
