import { AddToListButton } from "#app/components/shopping-lists/add-to-list-button.tsx";
import { BookmarkButton } from "./bookmark-button.tsx";

/**
 * A product's personal actions — the favourite heart and 'Ajouter à une liste' — for a product
 * card (`compact`: icons only) or the product page.
 */
export function ProductActions({
  productId,
  title,
  compact = false,
  className = "",
}: {
  productId: string;
  title: string;
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`product-actions ${compact ? "product-actions--compact" : ""} ${className}`.trim()}
    >
      <BookmarkButton productId={productId} title={title} />
      <AddToListButton productId={productId} title={title} compact={compact} />
    </div>
  );
}
