import { data, Form, useActionData, useLoaderData } from "react-router";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { PageNav } from "#app/components/admin/page-nav.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import { recordChange } from "#platform/backoffice/index.ts";
import {
  announcesTooLarge,
  deleteImage,
  forgetCachedImage,
  LIBRARY_PAGE_SIZE,
  listLibrary,
  uploadImage,
} from "#platform/commerce/index.ts";
import { assetNamesByFileUrl } from "#platform/content/index.ts";
import {
  NO_FILE_MESSAGE,
  UPLOAD_ACCEPT,
  UPLOAD_LABEL,
  UPLOAD_MESSAGES,
} from "#platform/image-uploads.ts";
import type { Route } from "./+types/images";

export const meta: Route.MetaFunction = () => [{ title: "Images — Administration Comptoir" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const params = new URL(request.url).searchParams;
  const query = params.get("q")?.trim() ?? "";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  // The content media showing each file: the catalogue reads no content table (decision 016).
  const library = await listLibrary(database.db, { query, page, media: assetNamesByFileUrl });
  return {
    ...library,
    query,
    page,
    pages: Math.max(1, Math.ceil(library.total / LIBRARY_PAGE_SIZE)),
  };
}

type ActionResult = { ok: boolean; message: string; path?: string };

export async function action({ request, context }: Route.ActionArgs) {
  // Refused before reading: a huge body is not even parsed.
  if (announcesTooLarge(request)) {
    return data<ActionResult>({ ok: false, message: UPLOAD_MESSAGES.too_large }, { status: 413 });
  }
  const form = await readStaffForm(request, context);
  const { database, env } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  if (form.get("intent") === "delete") {
    const path = String(form.get("path") ?? "");
    const result = await deleteImage(database.db, path, { media: assetNamesByFileUrl });
    if (!result.ok) return data<ActionResult>(result, { status: 409 });
    await forgetCachedImage({ env, database }, path);
    await recordChange(database.db, {
      staff,
      action: "image supprimée",
      subjectType: "image",
      subjectId: path,
      before: { Image: path },
    });
    return data<ActionResult>({ ok: true, message: `Image ${path} supprimée.` });
  }
  const file = form.get("fichier");
  if (!(file instanceof File) || file.size === 0) {
    return data<ActionResult>({ ok: false, message: NO_FILE_MESSAGE }, { status: 400 });
  }
  const result = await uploadImage(database.db, {
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  if (!result.ok)
    return data<ActionResult>({ ok: false, message: result.message }, { status: 400 });
  await recordChange(database.db, {
    staff,
    action: "image envoyée",
    subjectType: "image",
    subjectId: result.image.path,
    after: { Image: result.image.path, Fichier: file.name },
  });
  return data<ActionResult>({
    ok: true,
    message: `Image enregistrée sous ${result.image.path} (${result.image.width} × ${result.image.height} px).`,
    path: result.image.path,
  });
}

const number = new Intl.NumberFormat("fr-FR");
const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} Mo`
    : `${number.format(Math.ceil(bytes / 1024))} ko`;

/** What shows an image, in words: its products, the content media whose file it is. */
function usage(image: { usedBy: number; media: readonly string[] }): string {
  const names = image.media.map((name) => `« ${name} »`).join(", ");
  const uses = [
    ...(image.usedBy > 0 ? [`utilisée par ${image.usedBy} produit(s)`] : []),
    ...(image.media.length === 1 ? [`image du média ${names}`] : []),
    ...(image.media.length > 1 ? [`image des médias ${names}`] : []),
  ];
  return uses.length > 0 ? uses.join(" · ") : "inutilisée";
}

export default function ImagesScreen() {
  const { images, total, query, page, pages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Images</h1>
      {result && (
        <p
          className={`admin-alert ${result.ok ? "admin-alert--success" : "admin-alert--error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.message}
        </p>
      )}
      <section className="admin-card" aria-labelledby="upload-title">
        <h2 id="upload-title">Envoyer une image</h2>
        <Form method="post" encType="multipart/form-data" className="admin-inline-form">
          <CsrfField />
          <div className="admin-field">
            <label htmlFor="f-fichier">{UPLOAD_LABEL}</label>
            <input id="f-fichier" type="file" name="fichier" accept={UPLOAD_ACCEPT} required />
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            Envoyer
          </button>
        </Form>
        <p className="admin-field__hint">
          Le type est vérifié sur le contenu du fichier, pas sur son nom. Les SVG sont refusés : ils
          peuvent contenir du code. Le nom enregistré reprend celui du fichier, suivi d'un code
          unique. Pour l'utiliser, ajoutez-le depuis la fiche d'un produit.
        </p>
      </section>
      <Form method="get" className="admin-card admin-inline-form" aria-label="Chercher une image">
        <div className="admin-field">
          <label htmlFor="f-q">Nom contient</label>
          <input id="f-q" type="search" name="q" defaultValue={query} />
        </div>
        <button type="submit" className="admin-button">
          Chercher
        </button>
      </Form>
      <p>{`${number.format(total)} image(s) — page ${page} sur ${pages}`}</p>
      <ul className="admin-library">
        {images.map((image) => (
          <li key={image.path} className="admin-library__item">
            <img src={`${image.url}?height=450`} alt="" width={160} height={120} loading="lazy" />
            <p className="admin-library__name">{image.path}</p>
            <p>
              {`${image.width ?? "?"} × ${image.height ?? "?"} px · ${size(image.bytes)} · `}
              {usage(image)}
            </p>
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="path" value={image.path} />
              <button type="submit" className="admin-button" aria-label={`Supprimer ${image.path}`}>
                Supprimer
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <PageNav
        page={page}
        pages={pages}
        query={query ? `q=${encodeURIComponent(query)}` : ""}
        label="Pages d'images"
      />
    </>
  );
}
