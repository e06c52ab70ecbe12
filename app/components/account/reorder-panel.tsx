import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SidePanel } from "#app/components/panel/side-panel.tsx";
import { toast } from "#app/components/toast/toast.ts";
import { useVisitor } from "#app/lib/visitor.tsx";
import { OrderLineItem } from "./order-line.tsx";
import { type OrderLineView, type ReorderResult, reorderSummary } from "./order-view.ts";

type OrderData = { order: { name: string; lines: OrderLineView[] } };

/**
 * The reorder side panel (storefront.md §2, issue 8): an order's lines with whether each can be
 * bought again, and one button that adds the available ones to the visitor's cart. Loaded on
 * demand by `ReorderButton`.
 */
export function ReorderPanel({
  orderPath,
  orderName,
  onClose,
}: {
  orderPath: string;
  orderName: string;
  onClose: () => void;
}) {
  const order = useFetcher<OrderData>();
  const adding = useFetcher<ReorderResult>();
  const visitor = useVisitor();
  const announced = useRef<ReorderResult | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens.
  useEffect(() => {
    order.load(orderPath);
  }, [orderPath]);

  useEffect(() => {
    const result = adding.data;
    if (adding.state !== "idle" || !result || announced.current === result) return;
    announced.current = result;
    if (result.added > 0) {
      toast.success(reorderSummary(result));
      visitor.reload();
    } else {
      toast.error(reorderSummary(result));
    }
  }, [adding.state, adding.data, visitor]);

  const lines = order.data?.order.lines.filter((line) => line.isProduct);
  const available = lines?.filter((line) => line.available).length ?? 0;
  const result = adding.data;

  return (
    <SidePanel
      type="reorder"
      title={`Commander à nouveau ${orderName}`}
      open
      onClose={onClose}
      footer={
        <adding.Form method="post" action={orderPath}>
          <input type="hidden" name="intent" value="reorder" />
          <input type="hidden" name="fetcher" value="1" />
          <button
            type="submit"
            className="account-button account-button--primary account-button--block"
            disabled={!lines || available === 0 || adding.state !== "idle"}
          >
            {adding.state !== "idle"
              ? "Ajout en cours…"
              : `Ajouter ${available > 1 ? `les ${available} produits disponibles` : "le produit disponible"} au panier`}
          </button>
        </adding.Form>
      }
    >
      {!lines ? (
        <p role="status">Chargement de la commande…</p>
      ) : (
        <>
          {result && (
            <p
              className={`account-message account-message--${result.added > 0 ? "success" : "error"}`}
              role="status"
            >
              {reorderSummary(result)}
            </p>
          )}
          <ul className="reorder-lines" aria-label="Produits de la commande">
            {lines.map((line) => (
              <OrderLineItem
                key={line.key}
                line={line}
                status={
                  <span className={line.available ? "reorder-line__ok" : "reorder-line__ko"}>
                    {line.available ? "Disponible" : "Indisponible"}
                  </span>
                }
              />
            ))}
          </ul>
        </>
      )}
    </SidePanel>
  );
}
