import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
} from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { ContentHeading } from "#app/components/admin/content/content-heading.tsx";
import { ImageFileField } from "#app/components/admin/content/image-file-field.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, requirePermission, staffContext } from "#app/lib/admin/admin.server.ts";
import { usedOnRows } from "#app/lib/admin/content-entry.server.ts";
import { parisDateTime, STATUS_LABELS } from "#app/lib/admin/content-labels.ts";
import {
  type MediaErrors,
  type MediaIntent,
  type MediaValues,
  mediaFacts,
  mediaRefusal,
  readMediaText,
  storeMediaFile,
} from "#app/lib/admin/content-media.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { can, recordChange } from "#platform/backoffice/index.ts";
import {
  type AssetRow,
  archiveAsset,
  ContentError,
  deleteAsset,
  entityStatus,
  findAsset,
  pageKeysOfChange,
  publishAsset,
  unarchiveAsset,
  unpublishAsset,
  updateAsset,
} from "#platform/content/index.ts";
import type { Route } from "./+types/assets.$id";

/**
 * One media of the content (issue 50, item 2): the picture and its file, its title and alt text
 * (the asset's `description`) saved as a draft, « Remplacer le fichier » by the image library's
 * rules, « Utilisé sur » (the entries that link to it), and, for the roles that publish,
 * « Publier », « Dépublier », « Archiver », « Désarchiver » and « Supprimer » with the content
 * service's rules: a published media is unpublished before it is archived or deleted, and
 * deleting one that entries use asks first. Each form carries the version it was shown at: a
 * change made meanwhile is refused (VersionMismatch) and said in French, nothing overwritten.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Média"} — Administration Comptoir` },
];

/** `2,4 Mo`, `36 ko`: how big a file is, as staff read it. */
function sizeText(bytes: number | undefined): string {
  if (bytes === undefined) return "inconnue";
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} ko`;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const asset = await findAsset(database.db, params.id);
  if (!asset) throw new Response("Ce média est introuvable.", { status: 404 });
  const { file } = asset;
  const picture = file.details?.image;
  return {
    id: asset.id,
    title: asset.title || file.fileName,
    values: { title: asset.title, description: asset.description },
    version: asset.revision,
    status: entityStatus(asset),
    updatedAt: parisDateTime(asset.updatedAt),
    updatedBy: asset.updatedBy,
    publishedAt: asset.publishedAt ? parisDateTime(asset.publishedAt) : null,
    file: {
      url: file.url,
      name: file.fileName,
      type: file.contentType,
      image: file.contentType.startsWith("image/"),
      size: sizeText(file.details?.size),
      dimensions: picture ? `${picture.width} × ${picture.height} px` : "inconnues",
    },
    canPublish: can(staff.role, "publish"),
    usedOn: await usedOnRows(database.db, { linkType: "Asset", id: asset.id }),
  };
}

type UsedOn = Awaited<ReturnType<typeof usedOnRows>>;

type ActionResult = {
  ok: boolean;
  message: string;
  intent: MediaIntent;
  /** The media's version once changed, for the next form sent before the page reloads it. */
  version?: number;
  /** A change made meanwhile: the screen offers to reload. */
  conflict?: boolean;
  errors?: MediaErrors;
  /** What was typed, shown again when the save is refused. */
  values?: MediaValues;
  /** Deleting asks first when entries use the media. */
  confirmDelete?: UsedOn;
};

const INTENTS: readonly MediaIntent[] = [
  "save",
  "replace",
  "publish",
  "unpublish",
  "archive",
  "unarchive",
  "delete",
];
const isIntent = (value: unknown): value is MediaIntent => INTENTS.includes(value as MediaIntent);

/** What needs the `publish` permission; saving and replacing are drafts, open to writers. */
const PUBLISHING: readonly MediaIntent[] = [
  "publish",
  "unpublish",
  "archive",
  "unarchive",
  "delete",
];

const LOG_ACTIONS = {
  save: "Média modifié",
  replace: "Fichier du média remplacé",
  publish: "Média publié",
  unpublish: "Média dépublié",
  archive: "Média archivé",
  unarchive: "Média désarchivé",
  delete: "Média supprimé",
} as const satisfies Record<MediaIntent, string>;

const DONE = {
  save: "Titre et texte alternatif enregistrés dans le brouillon.",
  replace: "Fichier remplacé dans le brouillon : publiez le média pour le montrer sur le site.",
  publish: "Média publié : le site le montre désormais.",
  unpublish: "Média dépublié : le site ne le montre plus.",
  archive: "Média archivé.",
  unarchive: "Média désarchivé : c'est de nouveau un brouillon.",
  delete: "Média supprimé.",
} as const satisfies Record<MediaIntent, string>;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database, caches } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const intent = form.get("intent");
  if (!isIntent(intent)) throw new Response("Action inconnue.", { status: 400 });
  if (PUBLISHING.includes(intent)) requirePermission(staff, "publish");
  const version = Number(form.get("version"));
  if (!Number.isInteger(version) || version < 1) {
    throw new Response("Version manquante : rechargez la page.", { status: 400 });
  }
  const db = database.db;
  const id = params.id;
  const ctx = { db, by: staff.email };
  const refuse = (status: number, result: Omit<ActionResult, "ok" | "intent">) =>
    data<ActionResult>({ ok: false, intent, ...result }, { status });

  const before = await findAsset(db, id);
  if (!before) throw new Response("Ce média est introuvable.", { status: 404 });
  let values: MediaValues | undefined;
  try {
    let after: AssetRow;
    switch (intent) {
      case "save": {
        const read = readMediaText(form);
        values = read.values;
        if (Object.keys(read.errors).length > 0) {
          return refuse(400, {
            message: "Rien n'a été enregistré : corrigez le champ signalé.",
            errors: read.errors,
            values,
          });
        }
        after = await updateAsset(ctx, { id, version, fields: values });
        break;
      }
      case "replace": {
        // Checked before the file is stored, so that a refused replacement stores nothing.
        if (before.revision !== version) {
          throw new ContentError("VersionMismatch", "The asset changed meanwhile.");
        }
        if (before.archivedVersion !== null) {
          throw new ContentError("BadRequest", "Cannot edit an archived asset.");
        }
        const stored = await storeMediaFile(db, form);
        if (!stored.ok) {
          return refuse(400, {
            message: "Le fichier n'a pas été remplacé.",
            errors: { file: stored.message },
          });
        }
        after = await updateAsset(ctx, {
          id,
          version,
          fields: { title: before.title, description: before.description, file: stored.file },
        });
        break;
      }
      case "publish":
        after = await publishAsset(ctx, { id, version });
        break;
      case "unpublish":
        after = await unpublishAsset(ctx, { id, version });
        break;
      case "archive":
        after = await archiveAsset(ctx, { id, version });
        break;
      case "unarchive":
        after = await unarchiveAsset(ctx, { id, version });
        break;
      case "delete": {
        const users = await usedOnRows(db, { linkType: "Asset", id });
        if (users.length > 0 && form.get("confirm") !== "oui") {
          return refuse(409, {
            message: `Ce média est utilisé par ${users.length} contenu(s) : le supprimer y laissera un lien vers une image absente. Confirmez la suppression, ou retirez-le d'abord de ces contenus.`,
            confirmDelete: users,
          });
        }
        after = await deleteAsset(ctx, { id, version });
        break;
      }
    }
    // A change of text or file logs the text and file; a change of state, the state.
    const facts = intent === "save" || intent === "replace" || intent === "delete";
    await recordChange(db, {
      staff,
      action: LOG_ACTIONS[intent],
      subjectType: "média",
      subjectId: id,
      before: facts ? mediaFacts(before) : statusOf(before),
      after: intent === "delete" ? undefined : facts ? mediaFacts(after) : statusOf(after),
    });
    // Shoppers see only the published copy: a publish or an unpublish changes pages.
    if (intent === "publish" || intent === "unpublish") {
      caches.forgetContent(await pageKeysOfChange(db, { kind: "Asset", id }));
    }
    if (intent === "delete") return redirect("/middleware/contenu/medias/?supprime=1");
    return data<ActionResult>({ ok: true, intent, message: DONE[intent], version: after.revision });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const conflict = error.id === "VersionMismatch";
    return refuse(conflict ? 409 : 400, {
      message: mediaRefusal(error, intent),
      conflict,
      values,
    });
  }
}

const statusOf = (row: AssetRow) => ({ État: STATUS_LABELS[entityStatus(row)] });

/**
 * Reloaded after every form, refused ones too (React Router skips it after a 4xx): a change
 * refused as made meanwhile then shows the media as it is now, and the forms hold its version.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => formMethod === "POST" || defaultShouldRevalidate;

export default function ContentAssetScreen() {
  const asset = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  // A form sent right after another one holds the version that one made, even before the reload.
  const version = Math.max(asset.version, result?.version ?? 0);
  const archived = asset.status === "archived";
  const published = asset.status === "published" || asset.status === "changed";
  const reloadPath = `/middleware/contenu/medias/${encodeURIComponent(asset.id)}/`;
  // Typed values come back after a refused save; otherwise the draft's.
  const shown = failed?.intent === "save" && failed.values ? failed.values : asset.values;
  return (
    <>
      <ContentHeading
        back={{ to: "/middleware/contenu/medias/", label: "Médias" }}
        title={asset.title}
        status={asset.status}
        version={asset.version}
        updatedAt={asset.updatedAt}
        updatedBy={asset.updatedBy}
        publishedAt={asset.publishedAt}
      />
      {result && !result.confirmDelete && (
        <ActionAlert result={result}>
          {result.conflict && (
            <p>
              {`Version actuelle : « ${asset.values.title} », texte alternatif « ${asset.values.description} ». `}
              <Link to={reloadPath} reloadDocument>
                Recharger la page
              </Link>
              {result.intent === "save" &&
                " pour partir de la version actuelle, ou enregistrez à nouveau pour la remplacer par la vôtre."}
            </p>
          )}
        </ActionAlert>
      )}
      {result?.confirmDelete && (
        <div className="admin-alert admin-alert--error" role="alert">
          <p>{result.message}</p>
          <UsedOnList rows={result.confirmDelete} />
          <Form method="post" className="admin-actions">
            <CsrfField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="confirm" value="oui" />
            <button type="submit" className="admin-button">
              Supprimer quand même
            </button>
            <Link to={reloadPath}>Annuler</Link>
          </Form>
        </div>
      )}
      <div className="admin-media">
        <figure className="admin-card admin-media__picture">
          {asset.file.image ? (
            <img src={asset.file.url} alt={asset.values.description} />
          ) : (
            <a href={asset.file.url}>{asset.file.name}</a>
          )}
        </figure>
        <section className="admin-card" aria-labelledby="fichier">
          <h2 id="fichier">Fichier</h2>
          <dl className="admin-details">
            <div>
              <dt>Nom</dt>
              <dd>{asset.file.name}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{asset.file.type}</dd>
            </div>
            <div>
              <dt>Taille</dt>
              <dd>{asset.file.size}</dd>
            </div>
            <div>
              <dt>Dimensions</dt>
              <dd>{asset.file.dimensions}</dd>
            </div>
            <div>
              <dt>Adresse</dt>
              <dd>
                <a href={asset.file.url}>{asset.file.url}</a>
              </dd>
            </div>
          </dl>
        </section>
      </div>
      {archived ? (
        <p className="admin-card">
          Un média archivé ne se modifie pas : désarchivez-le pour changer son titre, son texte
          alternatif ou son fichier.
        </p>
      ) : (
        <>
          <section className="admin-card" aria-labelledby="description">
            <h2 id="description">Titre et texte alternatif</h2>
            {/* Remounted when the draft's text changes, so the fields show what the version says. */}
            <Form method="post" key={`${shown.title}\u0000${shown.description}`}>
              <CsrfField />
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="version" value={version} />
              <Field
                name="title"
                label="Titre"
                required
                defaultValue={shown.title}
                error={failed?.intent === "save" ? failed.errors?.title : undefined}
              />
              <Field
                name="description"
                label="Texte alternatif"
                multiline
                rows={3}
                defaultValue={shown.description}
                error={failed?.intent === "save" ? failed.errors?.description : undefined}
                hint="Ce que l'image montre, pour qui ne la voit pas. Laissez vide pour une image décorative."
              />
              <button type="submit" className="admin-button admin-button--primary">
                Enregistrer
              </button>
            </Form>
          </section>
          <section className="admin-card" aria-labelledby="remplacer">
            <h2 id="remplacer">Remplacer le fichier</h2>
            <Form method="post" encType="multipart/form-data" key={asset.file.url}>
              <CsrfField />
              <input type="hidden" name="intent" value="replace" />
              <input type="hidden" name="version" value={version} />
              <ImageFileField
                id="f-file"
                label="Nouvelle image (JPEG, PNG ou WebP, 5 Mo au plus)"
                error={failed?.intent === "replace" ? failed.errors?.file : undefined}
                hint="Le titre et le texte alternatif restent ; le site garde l'ancienne image jusqu'à la prochaine publication."
              />
              <button type="submit" className="admin-button">
                Remplacer le fichier
              </button>
            </Form>
          </section>
        </>
      )}
      <section className="admin-card" aria-labelledby="utilise-sur">
        <h2 id="utilise-sur">Utilisé sur</h2>
        {asset.usedOn.length === 0 ? (
          <p>Aucun contenu n'utilise ce média.</p>
        ) : (
          <UsedOnList rows={asset.usedOn} />
        )}
      </section>
      {asset.canPublish && (
        <section className="admin-card" aria-labelledby="publication">
          <h2 id="publication">Publication</h2>
          <div className="admin-actions">
            {!archived && asset.status !== "published" && (
              <StatusButton intent="publish" version={version} label="Publier" primary />
            )}
            {published && <StatusButton intent="unpublish" version={version} label="Dépublier" />}
            {asset.status === "draft" && (
              <StatusButton intent="archive" version={version} label="Archiver" />
            )}
            {archived && <StatusButton intent="unarchive" version={version} label="Désarchiver" />}
            {!published && <StatusButton intent="delete" version={version} label="Supprimer" />}
          </div>
          {published && (
            <p className="admin-field__hint">
              Un média publié s'archive ou se supprime une fois dépublié.
            </p>
          )}
        </section>
      )}
    </>
  );
}

function StatusButton({
  intent,
  version,
  label,
  primary,
}: {
  intent: MediaIntent;
  version: number;
  label: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <button type="submit" className={`admin-button${primary ? " admin-button--primary" : ""}`}>
        {label}
      </button>
    </Form>
  );
}

function UsedOnList({ rows }: { rows: UsedOn }) {
  return (
    <ul>
      {rows.map((row) => (
        <li key={row.id}>
          <Link to={`/middleware/contenu/entrees/${encodeURIComponent(row.id)}/`}>{row.title}</Link>{" "}
          <small>({row.type})</small>
        </li>
      ))}
    </ul>
  );
}
