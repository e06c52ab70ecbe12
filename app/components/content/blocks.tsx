import { ShopLink } from "#app/components/layout/shop-link.tsx";
import { ProductCard } from "#app/components/product/product-card.tsx";
import type {
  ArticleSlide,
  BannerBlock,
  Block,
  CarouselBlock,
  CtaBlock,
  PictureView,
  SlideView,
} from "#app/lib/content/blocks.ts";
import { CAROUSEL_LAYOUTS } from "#app/lib/content/carousel-layout.ts";
import { Carousel, type CarouselSlide } from "./carousel.tsx";

/** A content link: a client-side link for the shop's paths, a plain one for other sites. */
export function ContentLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) ? (
    <a href={href} className={className} rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <ShopLink to={href} className={className}>
      {children}
    </ShopLink>
  );
}

/** A content picture; the page's first one loads eagerly with high priority (the LCP image). */
export function Picture({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: PictureView;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcSet ?? undefined}
      sizes={image.srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
    />
  );
}

const FULL_WIDTH = "(min-width: 1200px) 1200px, 100vw";

function Banner({
  block,
  priority,
  heading,
}: {
  block: BannerBlock;
  priority: boolean;
  heading: "h1" | "h2";
}) {
  const Heading = heading;
  const inner = (
    <>
      {block.image && (
        <picture className="content-banner__media">
          {block.mobileImage && (
            <source
              media="(max-width: 991px)"
              srcSet={block.mobileImage.srcSet ?? block.mobileImage.url}
              sizes="100vw"
              width={block.mobileImage.width}
              height={block.mobileImage.height}
            />
          )}
          <Picture image={block.image} sizes={FULL_WIDTH} priority={priority} />
        </picture>
      )}
      <span className="content-banner__text">
        <Heading className="content-banner__title">{block.title}</Heading>
        {block.subtitle && <span className="content-banner__subtitle">{block.subtitle}</span>}
        {block.text && <span className="content-banner__body">{block.text}</span>}
        {block.href && (
          <span className="content-banner__action" aria-hidden="true">
            Découvrir
          </span>
        )}
      </span>
    </>
  );
  return (
    <section className={`content-banner content-banner--${block.layout}`} aria-label={block.title}>
      {block.href ? (
        <ContentLink href={block.href} className="content-banner__link">
          {inner}
        </ContentLink>
      ) : (
        <div className="content-banner__link">{inner}</div>
      )}
    </section>
  );
}

function Cta({ block }: { block: CtaBlock }) {
  return (
    <section
      className={`content-cta${block.image ? " content-cta--image" : ""}`}
      aria-labelledby={`${block.id}-title`}
    >
      {block.image && (
        <Picture
          image={block.image}
          sizes="(min-width: 992px) 600px, 100vw"
          className="content-cta__image"
        />
      )}
      <div className="content-cta__text">
        <h2 id={`${block.id}-title`}>{block.title}</h2>
        {block.text && <p>{block.text}</p>}
        <ContentLink href={block.href} className="button button--primary">
          {block.label}
          <span className="visually-hidden"> : {block.title}</span>
        </ContentLink>
      </div>
    </section>
  );
}

export function ArticleCard({
  article,
  headingLevel = 3,
  priority = false,
}: {
  article: ArticleSlide;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="article-card">
      <ShopLink to={article.href} className="article-card__link">
        {article.image ? (
          <Picture
            image={article.image}
            sizes="(min-width: 992px) 380px, 100vw"
            priority={priority}
            className="article-card__image"
          />
        ) : (
          <span className="article-card__image article-card__image--empty" aria-hidden="true" />
        )}
        {article.category && <span className="article-card__category">{article.category}</span>}
        <Heading className="article-card__title">{article.title}</Heading>
      </ShopLink>
      {article.date && <p className="article-card__date">{article.date}</p>}
      {article.excerpt && <p className="article-card__excerpt">{article.excerpt}</p>}
    </article>
  );
}

/** A picture whose text alternative only repeats its caption is described by the caption alone. */
function captioned(image: PictureView, caption: string): PictureView {
  const same = image.alt.trim().toLocaleLowerCase("fr") === caption.trim().toLocaleLowerCase("fr");
  return same ? { ...image, alt: "" } : image;
}

function slideContent(slide: SlideView, kind: CarouselBlock["kind"]): React.ReactNode {
  switch (slide.type) {
    case "product":
      return <ProductCard product={slide.product} headingLevel={3} />;
    case "article":
      return <ArticleCard article={slide} />;
    case "picture": {
      const figure = (
        <figure className="content-picture">
          <Picture
            image={captioned(slide.image, slide.caption)}
            sizes="(min-width: 992px) 600px, 100vw"
          />
          <figcaption>{slide.caption}</figcaption>
        </figure>
      );
      return slide.href ? (
        <ContentLink href={slide.href} className="content-picture__link">
          {figure}
        </ContentLink>
      ) : (
        figure
      );
    }
    case "link": {
      const body = (
        <>
          {slide.image ? (
            <Picture
              image={slide.image}
              sizes={kind === "argument" ? "64px" : "(min-width: 992px) 300px, 50vw"}
              className="content-tile__image"
            />
          ) : null}
          <span className="content-tile__title">{slide.title}</span>
          {slide.text && <span className="content-tile__text">{slide.text}</span>}
        </>
      );
      return slide.href ? (
        <ContentLink href={slide.href} className="content-tile">
          {body}
        </ContentLink>
      ) : (
        <div className="content-tile">{body}</div>
      );
    }
  }
}

function slideLabel(slide: SlideView, index: number, count: number): string {
  const name =
    slide.type === "product"
      ? slide.product.title
      : slide.type === "picture"
        ? slide.caption
        : slide.title;
  return `${index + 1} sur ${count} : ${name}`;
}

export function CarouselSection({ block }: { block: CarouselBlock }) {
  const titleId = `carousel-${block.id}`;
  const slides: CarouselSlide[] = block.slides.map((slide, index) => ({
    key: slide.key,
    label: slideLabel(slide, index, block.slides.length),
    content: slideContent(slide, block.kind),
    focusable: slide.type === "picture" && !slide.href,
  }));
  return (
    <Carousel
      title={block.title}
      titleId={titleId}
      layout={CAROUSEL_LAYOUTS[block.kind]}
      slides={slides}
      className={`carousel--${block.kind}`}
      header={
        <div className="carousel__heading">
          <h2 id={titleId}>{block.title}</h2>
          {block.subtitle && <p className="carousel__subtitle">{block.subtitle}</p>}
        </div>
      }
      footer={
        block.seeAll ? (
          <p className="carousel__see-all">
            <ContentLink href={block.seeAll}>
              Voir tout<span className="visually-hidden"> : {block.title}</span>
            </ContentLink>
          </p>
        ) : null
      }
    />
  );
}

/**
 * A page's blocks in order. The first banner is the page's title when the page has no other
 * (`titleFromFirstBanner`) and its picture is the LCP image.
 */
export function Blocks({
  blocks,
  titleFromFirstBanner = false,
}: {
  blocks: Block[];
  titleFromFirstBanner?: boolean;
}) {
  const firstBanner = blocks.findIndex((block) => block.type === "banner");
  return (
    <div className="content-blocks">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "banner":
            return (
              <Banner
                key={block.id}
                block={block}
                priority={index === firstBanner && index < 2}
                heading={titleFromFirstBanner && index === firstBanner ? "h1" : "h2"}
              />
            );
          case "cta":
            return <Cta key={block.id} block={block} />;
          case "carousel":
            return <CarouselSection key={block.id} block={block} />;
          default:
            return null;
        }
      })}
    </div>
  );
}
