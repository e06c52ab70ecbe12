import { Picture } from "#app/components/content/blocks.tsx";
import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { pictureOf } from "#app/lib/content/blocks.ts";
import { getPage } from "#app/lib/content/content.server.ts";
import { compactRichText, RichText, richTextToPlainText } from "#app/lib/content/rich-text.tsx";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { fillFacts } from "#app/lib/content/shop-facts.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl } from "#app/lib/seo.ts";
import type { Route } from "./+types/cms";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/** An editorial page, /cms/{slug}/ (legal notices, terms of sale…): its rich-text body. */
// ordering-and-server.md §2: the page type of a CMS page is its slug.
export const handle: PageTypeHandle = { pageType: (params) => params.slug ?? "cms" };

export const links: Route.LinksFunction = contentLinks;

export const meta: Route.MetaFunction = seoMetaFrom((data) => ({
  ...data.seo,
  image: data.image?.url ?? null,
}));

type CmsFields = {
  title?: string;
  slug?: string;
  body?: unknown;
  image?: unknown;
  seoTitle?: string;
  seoDescription?: string;
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const entry = await getPage("cms", params.slug);
  if (!entry) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  // Legal pages and help pages name the identity, stores and zones as the data has them (facts).
  const fields = fillFacts(entry.fields, await shopFactTexts()) as CmsFields;
  const title = fields.title?.trim() || params.slug;
  const path = `/cms/${encodeURIComponent(params.slug)}/`;
  return {
    title,
    path,
    body: compactRichText(fields.body),
    image: pictureOf(fields.image, ""),
    updatedAt: entry.sys.updatedAt,
    seo: {
      title: fields.seoTitle?.trim() || `${title} | Comptoir`,
      description: fields.seoDescription?.trim() || richTextToPlainText(fields.body) || title,
      canonical: canonicalUrl(context, path),
    },
  };
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { title, body, image } = loaderData;
  return (
    <article className="content-page content-article">
      <Breadcrumbs crumbs={[{ label: title, href: loaderData.path }]} />
      <header className="content-article__header">
        <h1>{title}</h1>
      </header>
      {image && (
        <Picture
          image={image}
          sizes="(min-width: 992px) 800px, 100vw"
          priority
          className="content-article__image"
        />
      )}
      <RichText document={body} />
    </article>
  );
}
