import { useLoaderData } from "react-router";
import { FilterForm } from "#app/components/admin/filter-form.tsx";
import { serverContext } from "#app/lib/server-context.ts";
import { listOutbox } from "#platform/notify/index.ts";
import type { Route } from "./+types/outbox";

/**
 * The outbox (docs/notify.md): the last e-mails and SMS the shop queued, newest first, for the
 * customer service ("I never got the code", "the activation link") and the browser tests. Behind
 * the admin layout's staff sign-in and IP allow-list. `?a=` filters by recipient (an e-mail
 * address, or a phone number in E.164: +33…), `?type=` by kind (`activation`, `phone_code`…).
 * Each message's text is a figure named "Texte du message {kind}".
 */

export const meta: Route.MetaFunction = () => [
  { title: "Messages envoyés — Administration Comptoir" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const to = params.get("a")?.trim() || undefined;
  const kind = params.get("type")?.trim() || undefined;
  const { database } = context.get(serverContext);
  const messages = await listOutbox(database.db, { to, kind, limit: 50 });
  return {
    to,
    kind,
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      kind: message.kind,
      to: message.to,
      subject: message.subject,
      text: message.text,
      status: message.status,
      attempts: message.attempts,
      lastError: message.lastError,
      providerMessageId: message.providerMessageId,
      deliveryStatus: message.deliveryStatus,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "medium",
  timeZone: "Europe/Paris",
});

const STATUS = {
  pending: "En attente",
  sent: "Envoyé",
  failed: "Échec",
  erased: "Effacé (RGPD)",
} as const;

/** What the operator's delivery receipt said of an SMS. */
const DELIVERY = {
  delivered: "reçu par le téléphone",
  failed: "non distribué",
  expired: "expiré avant distribution",
} as const;

export default function OutboxScreen() {
  const { to, kind, messages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Messages envoyés</h1>
      <FilterForm
        label="Filtrer les messages"
        fields={[
          { name: "a", label: "Destinataire", value: to, placeholder: "e-mail ou +33…" },
          { name: "type", label: "Type", value: kind, placeholder: "activation, phone_code…" },
        ]}
      />
      {messages.length === 0 ? (
        <p className="admin-card">Aucun message.</p>
      ) : (
        <ul className="admin-list">
          {messages.map((message) => (
            <li key={message.id} className="admin-card">
              <p>
                <strong>{message.channel === "sms" ? "SMS" : "E-mail"}</strong>
                {` ${message.kind} à ${message.to} — ${dateTime.format(new Date(message.createdAt))} — ${STATUS[message.status]}`}
              </p>
              {message.subject && <p>{message.subject}</p>}
              {message.channel === "sms" && (
                <p>
                  {`Tentatives : ${message.attempts}`}
                  {message.providerMessageId &&
                    ` — identifiant opérateur : ${message.providerMessageId}`}
                  {message.deliveryStatus &&
                    ` — accusé de réception : ${DELIVERY[message.deliveryStatus]}`}
                </p>
              )}
              {message.status === "failed" && message.lastError && (
                <p>{`Motif : ${message.lastError}`}</p>
              )}
              <figure aria-label={`Texte du message ${message.kind}`}>
                <pre style={{ whiteSpace: "pre-wrap" }}>{message.text}</pre>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
