import { useEffect, useState } from "react";

type ReceiptState =
  | { status: "preparing" }
  | { status: "ready"; href: string }
  | { status: "failed"; message: string };

/**
 * 'Télécharger le reçu': asks the server for the order's PDF receipt (`POST /api/order/receipt`,
 * the ordering token travels in the `tokenId` cookie), then links to the file it answers
 * (docs/receipts.md). Only a 200 answer gives a link. A page opened from the order's SMS or email
 * sends the link's key instead of relying on the session.
 */
export function ReceiptLink({ orderId, linkKey }: { orderId: number; linkKey?: string | null }) {
  const [state, setState] = useState<ReceiptState>({ status: "preparing" });

  useEffect(() => {
    let cancelled = false;
    setState({ status: "preparing" });
    fetch("/api/order/receipt", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(linkKey ? { orderId, key: linkKey } : { orderId }),
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as {
          success?: boolean;
          filename?: string;
          error?: string;
        } | null;
        if (cancelled) return;
        if (response.status === 200 && body?.success && body.filename) {
          setState({
            status: "ready",
            href: `/api/order/receipt/${encodeURIComponent(body.filename)}`,
          });
        } else {
          setState({ status: "failed", message: body?.error ?? "Le reçu n'a pas pu être créé." });
        }
      })
      .catch(() => {
        if (!cancelled) setState({ status: "failed", message: "Le reçu n'a pas pu être créé." });
      });
    return () => {
      cancelled = true;
    };
  }, [orderId, linkKey]);

  if (state.status === "ready") {
    return (
      <a className="button button--primary" href={state.href} download={`recu-${orderId}.pdf`}>
        Télécharger le reçu
      </a>
    );
  }
  if (state.status === "failed") {
    return (
      <p className="checkout-error" role="alert">
        {state.message}
      </p>
    );
  }
  return (
    <p className="checkout-help" aria-live="polite">
      Préparation du reçu…
    </p>
  );
}
