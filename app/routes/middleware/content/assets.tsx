import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { ImageFileField } from "#app/components/admin/content/image-file-field.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { parisDateTime, STATUS_BADGE, STATUS_LABELS } from "#app/lib/admin/content-labels.ts";
import {
  createMediaFromForm,
  type MediaErrors,
  type MediaValues,
} from "#app/lib/admin/content-media.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { entityStatus, listAssetsForEditing } from "#platform/content/index.ts";
import type { Route } from "./+types/assets";

/**
 * « Médias »: the content's assets in a grid, searched by title, description and file name, each
 * leading to its screen (`assets.$id.tsx`); « Importer une image » uploads a picture by the image
 * library's rules as a draft asset with its title and alt text.
 */

export const meta: Route.MetaFunction = () => [{ title: "Médias — Administration Comptoir" }];

const PAGE_SIZE = 48;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const list = await listAssetsForEditing(database.db, {
    search: search || undefined,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return {
    search,
    page,
    pages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    total: list.total,
    deleted: params.get("supprime") === "1",
    assets: list.items.map((asset) => ({
      id: asset.id,
      title: asset.title || asset.file.fileName,
      description: asset.description,
      url: asset.file.url,
      image: asset.file.contentType.startsWith("image/"),
      fileName: asset.file.fileName,
      status: entityStatus(asset),
      updatedAt: parisDateTime(asset.updatedAt),
    })),
  };
}

type UploadResult =
  | { ok: true; message: string; id: string }
  | { ok: false; message: string; errors: MediaErrors; values: MediaValues };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readStaffForm(request, context);
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const created = await createMediaFromForm({ db: database.db, staff }, form);
  if (!created.ok) {
    return data<UploadResult>(
      {
        ok: false,
        message: "L'image n'a pas été importée : corrigez le champ signalé.",
        errors: created.errors,
        values: created.values,
      },
      { status: 400 },
    );
  }
  return data<UploadResult>({
    ok: true,
    message: `Image « ${created.asset.title} » importée en brouillon.`,
    id: created.asset.id,
  });
}

const number = new Intl.NumberFormat("fr-FR");
const assetPath = (id: string) => `/middleware/contenu/medias/${encodeURIComponent(id)}/`;

export default function ContentAssetsScreen() {
  const { search, page, pages, total, assets, deleted } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const sending = useNavigation().formMethod === "POST";
  const refused = result && !result.ok ? result : undefined;
  return (
    <>
      <p>
        <Link to="/middleware/contenu/">← Contenu</Link>
      </p>
      <h1>Médias</h1>
      {deleted && !result && (
        <ActionAlert result={{ ok: true, message: "Le média a été supprimé." }} />
      )}
      {result && (
        <ActionAlert result={result}>
          {result.ok && (
            <p>
              <Link to={assetPath(result.id)}>Ouvrir le média pour le publier</Link>
            </p>
          )}
        </ActionAlert>
      )}
      <section className="admin-card" aria-labelledby="importer">
        <h2 id="importer">Importer une image</h2>
        {/* A new form after each import: the next one starts empty. */}
        <Form key={result?.ok ? result.id : "import"} method="post" encType="multipart/form-data">
          <CsrfField />
          <ImageFileField
            id="f-file"
            error={refused?.errors.file}
            hint="Le type est vérifié sur le contenu du fichier. Les SVG sont refusés : ils peuvent contenir du code."
          />
          <Field
            name="title"
            label="Titre"
            required
            defaultValue={refused?.values.title}
            error={refused?.errors.title}
          />
          <Field
            name="description"
            label="Texte alternatif"
            multiline
            rows={2}
            defaultValue={refused?.values.description}
            error={refused?.errors.description}
            hint="Ce que l'image montre, pour qui ne la voit pas. Laissez vide pour une image décorative."
          />
          <button type="submit" className="admin-button admin-button--primary" disabled={sending}>
            {sending ? "Import en cours…" : "Importer"}
          </button>
        </Form>
      </section>
      <Form
        method="get"
        className="admin-card admin-inline-form"
        aria-label="Rechercher des médias"
      >
        <label className="admin-field">
          <span>Rechercher</span>
          <input type="search" name="q" defaultValue={search} maxLength={200} />
        </label>
        <button type="submit" className="admin-button admin-button--primary">
          Rechercher
        </button>
        <Link to="/middleware/contenu/medias/">Tout afficher</Link>
      </Form>
      <p aria-live="polite">
        {total === 0
          ? "Aucun média ne correspond."
          : `${number.format(total)} média(s) — page ${page} sur ${pages}`}
      </p>
      <ul className="admin-asset-grid">
        {assets.map((asset) => (
          <li key={asset.id} className="admin-card">
            {/* The title names the link; the picture beside it says nothing more. */}
            <Link to={assetPath(asset.id)} className="admin-asset-grid__link">
              {asset.image ? (
                <img src={asset.url} alt="" loading="lazy" />
              ) : (
                <span className="admin-asset-grid__file">{asset.fileName}</span>
              )}
              <strong>{asset.title}</strong>
            </Link>
            <p>
              <small>{`Modifié le ${asset.updatedAt}`}</small>
            </p>
            <ul className="admin-badges">
              <li className={STATUS_BADGE[asset.status]}>{STATUS_LABELS[asset.status]}</li>
              {asset.image && asset.description === "" && <li>Sans texte alternatif</li>}
            </ul>
          </li>
        ))}
      </ul>
      <PageNav page={page} pages={pages} query={search ? `q=${encodeURIComponent(search)}` : ""} />
    </>
  );
}
