import { Link } from "react-router";
import { imageAtHeight, localImageUrl } from "#app/lib/catalogue/product.ts";
import { brandPath } from "#app/lib/links.ts";

export type BrandTile = {
  handle: string;
  name: string;
  image: string | null;
  isArtisan: boolean;
  /** Where the tile leads: the brand's page (/m/{handle}/) unless said (an artisan's page). */
  href?: string;
};

/** A brand's logo at the image service's smallest height, or null. */
export function brandLogo(image: string | null): string | null {
  return image ? imageAtHeight(localImageUrl(image), 450) : null;
}

/** Brands as logo tiles linking to their pages (/m/{handle}/, or each tile's own `href`). */
export function BrandTiles({ brands, label }: { brands: BrandTile[]; label: string }) {
  return (
    <ul className="brand-tiles" aria-label={label}>
      {brands.map((brand) => (
        <li key={brand.handle}>
          <Link to={brand.href ?? brandPath(brand.handle)} className="brand-tile">
            {brand.image ? (
              <img
                src={brand.image}
                alt=""
                width={240}
                height={135}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="brand-tile__blank" aria-hidden="true" />
            )}
            <span className="brand-tile__name">{brand.name}</span>
            {brand.isArtisan && <span className="badge">Artisan</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
