import { ProductCard } from "#app/components/product/product-card.tsx";
import type { ProductCardData } from "#app/lib/catalogue/product.ts";

/** A row of product cards under a product page's heading (related, recently viewed). */
export function ProductCardRow({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="related-products__list">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
