import { Breadcrumbs } from "#app/components/listing/breadcrumbs.tsx";
import { FAQ_PAGE_SLUG, getPage } from "#app/lib/content/content.server.ts";
import { compactRichText, RichText, richTextToPlainText } from "#app/lib/content/rich-text.tsx";
import { shopFactTexts } from "#app/lib/content/shop-facts.server.ts";
import { fillFactsOnce } from "#app/lib/content/shop-facts.ts";
import { NOT_FOUND_MESSAGE } from "#app/lib/errors.ts";
import type { PageTypeHandle } from "#app/lib/page-type.ts";
import { canonicalUrl, jsonLd } from "#app/lib/seo.ts";
import type { Route } from "./+types/faq";
import { contentLinks, seoMetaFrom } from "./content-head.ts";

/**
 * The help page, /faq/: the questions of the `page_faq` entry grouped by category, each answer
 * in a `<details>` that opens without JavaScript, and FAQPage JSON-LD.
 */
// Not in the specification's page-type table: the help page.
export const handle: PageTypeHandle = { pageType: "faq" };

export const links: Route.LinksFunction = contentLinks;

export const meta: Route.MetaFunction = seoMetaFrom((data) => data.seo);

type Entry<F> = { sys: { id: string }; fields: F };
type FaqFields = {
  title?: string;
  intro?: string;
  categories?: Entry<{
    title?: string;
    slug?: string;
    questions?: Entry<{ question?: string; answer?: unknown }>[];
  }>[];
  seoTitle?: string;
  seoDescription?: string;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const entry = await getPage("page_faq", FAQ_PAGE_SLUG);
  if (!entry) throw new Response(NOT_FOUND_MESSAGE, { status: 404, statusText: "Not Found" });
  // Answers name the stores, zones and identity as the data has them (facts).
  const fields = fillFactsOnce(entry.fields, await shopFactTexts()) as FaqFields;
  const title = fields.title?.trim() || "Questions fréquentes";
  const categories = (fields.categories ?? []).flatMap((category) => {
    const questions = (category.fields.questions ?? []).flatMap((question) =>
      question.fields.question?.trim()
        ? [
            {
              id: question.sys.id,
              question: question.fields.question.trim(),
              answer: compactRichText(question.fields.answer),
              answerText: richTextToPlainText(question.fields.answer),
            },
          ]
        : [],
    );
    const heading = category.fields.title?.trim();
    return heading && questions.length > 0
      ? [{ id: category.fields.slug || category.sys.id, title: heading, questions }]
      : [];
  });
  const faqLd = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: categories.flatMap((category) =>
      category.questions.map((question) => ({
        "@type": "Question",
        name: question.question,
        acceptedAnswer: { "@type": "Answer", text: question.answerText },
      })),
    ),
  };
  return {
    title,
    intro: fields.intro?.trim() || null,
    categories: categories.map((category) => ({
      ...category,
      questions: category.questions.map(({ answerText: _, ...question }) => question),
    })),
    faqLd: jsonLd(faqLd),
    seo: {
      title: fields.seoTitle?.trim() || `${title} | Comptoir`,
      description:
        fields.seoDescription?.trim() ||
        fields.intro?.trim() ||
        "Commande, livraison, paiement, compte : les réponses à vos questions sur le Comptoir.",
      canonical: canonicalUrl(context, "/faq/"),
    },
  };
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, categories } = loaderData;
  return (
    <div className="content-page faq">
      <Breadcrumbs crumbs={[{ label: title, href: "/faq/" }]} />
      <header className="content-article__header">
        <h1>{title}</h1>
        {intro && <p className="content-page__intro">{intro}</p>}
      </header>
      {categories.length > 1 && (
        <nav aria-label="Thèmes" className="faq__themes">
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <a href={`#${category.id}`}>{category.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {categories.map((category) => (
        <section
          key={category.id}
          id={category.id}
          className="faq__category"
          aria-labelledby={`${category.id}-title`}
        >
          <h2 id={`${category.id}-title`}>{category.title}</h2>
          {category.questions.map((question) => (
            <details key={question.id} className="faq__item">
              <summary className="faq__question">{question.question}</summary>
              <RichText
                document={question.answer}
                className="rich-text faq__answer"
                minHeading={3}
              />
            </details>
          ))}
        </section>
      ))}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, escaped by jsonLd()
        dangerouslySetInnerHTML={{ __html: loaderData.faqLd }}
      />
    </div>
  );
}
