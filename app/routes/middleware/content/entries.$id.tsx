import { Link, useLoaderData } from "react-router";
import {
  entryTitle,
  parisDateTime,
  STATUS_BADGE,
  STATUS_LABELS,
  typeLabel,
} from "#app/lib/admin/content-labels.ts";
import { fieldText, linkedEntryIds } from "#app/lib/admin/content-values.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  entityStatus,
  entriesByIds,
  entriesLinkingTo,
  findContentType,
  findEntry,
  listSnapshots,
} from "#platform/content/index.ts";
import type { Route } from "./+types/entries.$id";

/**
 * One content entry as editors see it before changing it (issue 50, item 1): where it stands,
 * each field of its draft in words, the entries that use it ("Utilisé sur", to read before
 * anything is archived or deleted) and its published versions.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Contenu"} — Administration Comptoir` },
];

const typeLabelOf = (id: string) => {
  const definition = findContentType(id);
  return definition ? typeLabel(definition) : id;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const entry = await findEntry(database.db, params.id);
  if (!entry) throw new Response("Ce contenu est introuvable.", { status: 404 });
  const definition = findContentType(entry.contentType);
  const linked = linkedEntryIds(entry.fields);
  const [targets, usedOn, snapshots] = await Promise.all([
    entriesByIds(database.db, linked),
    entriesLinkingTo(database.db, { linkType: "Entry", id: entry.id }),
    listSnapshots(database.db, entry.id, { limit: 50 }),
  ]);
  const titleOf = (row: { id: string; contentType: string; fields: Record<string, unknown> }) =>
    entryTitle(row.fields, findContentType(row.contentType)?.displayField, row.id);
  const titles = new Map(targets.map((row) => [row.id, titleOf(row)]));
  return {
    id: entry.id,
    title: titleOf(entry),
    type: definition ? typeLabel(definition) : entry.contentType,
    status: entityStatus(entry),
    version: entry.revision,
    updatedAt: parisDateTime(entry.updatedAt),
    updatedBy: entry.updatedBy,
    publishedAt: entry.publishedAt ? parisDateTime(entry.publishedAt) : null,
    fields: (definition?.fields ?? []).map((field) => ({
      id: field.id,
      name: field.name,
      text: fieldText(field, entry.fields[field.id], titles),
    })),
    usedOn: usedOn.map((row) => ({
      id: row.id,
      title: titleOf(row),
      type: typeLabelOf(row.contentType),
    })),
    snapshots: snapshots.items.map((snapshot) => ({
      id: snapshot.id,
      version: snapshot.version,
      at: parisDateTime(snapshot.createdAt),
      by: snapshot.createdBy,
    })),
  };
}

export default function ContentEntryScreen() {
  const entry = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/middleware/contenu/">← Contenu</Link>
      </p>
      <h1>{entry.title}</h1>
      <ul className="admin-badges">
        <li>{entry.type}</li>
        <li className={STATUS_BADGE[entry.status]}>{STATUS_LABELS[entry.status]}</li>
      </ul>
      <p>
        {`Version ${entry.version}, modifiée le ${entry.updatedAt}`}
        {entry.updatedBy ? ` par ${entry.updatedBy}` : ""}
        {entry.publishedAt ? ` · publiée le ${entry.publishedAt}` : " · jamais publiée"}
      </p>
      <section className="admin-card" aria-labelledby="champs">
        <h2 id="champs">Champs du brouillon</h2>
        <dl className="admin-details">
          {entry.fields.map((field) => (
            <div key={field.id}>
              <dt>{field.name}</dt>
              <dd>{field.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="utilise-sur">
        <h2 id="utilise-sur">Utilisé sur</h2>
        {entry.usedOn.length === 0 ? (
          <p>Aucun autre contenu ne renvoie à celui-ci.</p>
        ) : (
          <ul>
            {entry.usedOn.map((row) => (
              <li key={row.id}>
                <Link to={`/middleware/contenu/entrees/${encodeURIComponent(row.id)}/`}>
                  {row.title}
                </Link>{" "}
                <small>({row.type})</small>
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
                {`Version ${snapshot.version}, publiée le ${snapshot.at}`}
                {snapshot.by ? ` par ${snapshot.by}` : ""}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
