import { Form, Link, useLoaderData } from "react-router";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import { parisDateTime, STATUS_BADGE, STATUS_LABELS } from "#app/lib/admin/content-labels.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { entityStatus, listAssetsForEditing } from "#platform/content/index.ts";
import type { Route } from "./+types/assets";

/** « Médias »: the content's assets in a grid, searched by title, description and file name. */

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

const number = new Intl.NumberFormat("fr-FR");

export default function ContentAssetsScreen() {
  const { search, page, pages, total, assets } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/middleware/contenu/">← Contenu</Link>
      </p>
      <h1>Médias</h1>
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
            {asset.image ? (
              <img src={asset.url} alt={asset.description} loading="lazy" />
            ) : (
              <span className="admin-asset-grid__file">{asset.fileName}</span>
            )}
            <p>
              <strong>{asset.title}</strong>
              <br />
              <small>{`Modifié le ${asset.updatedAt}`}</small>
            </p>
            <ul className="admin-badges">
              <li className={STATUS_BADGE[asset.status]}>{STATUS_LABELS[asset.status]}</li>
            </ul>
          </li>
        ))}
      </ul>
      <PageNav page={page} pages={pages} query={search ? `q=${encodeURIComponent(search)}` : ""} />
    </>
  );
}
