import { Link } from "react-router";
import { STATUS_BADGE, STATUS_LABELS } from "#app/lib/admin/content-labels.ts";
import type { EntityStatus } from "#platform/content/index.ts";

/**
 * The top of an entry's or a media's screen: the way back to its list, its title, its type and
 * status, and where its version stands (saved when and by whom, published or not).
 */
export function ContentHeading({
  back,
  title,
  type,
  status,
  version,
  updatedAt,
  updatedBy,
  publishedAt,
}: {
  back: { to: string; label: string };
  title: string;
  /** The content type's name; none for a media. */
  type?: string;
  status: EntityStatus;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  publishedAt: string | null;
}) {
  return (
    <>
      <p>
        <Link to={back.to}>{`← ${back.label}`}</Link>
      </p>
      <h1>{title}</h1>
      <ul className="admin-badges">
        {type && <li>{type}</li>}
        <li className={STATUS_BADGE[status]}>{STATUS_LABELS[status]}</li>
      </ul>
      <p>
        {`Version ${version}, modifiée le ${updatedAt}`}
        {updatedBy ? ` par ${updatedBy}` : ""}
        {publishedAt ? ` · publiée le ${publishedAt}` : " · jamais publiée"}
      </p>
    </>
  );
}
