import { Link, useLoaderData } from "react-router";
import { staffContext } from "#app/lib/admin/admin.server.ts";
import { formatCents, formatDate } from "#app/lib/format.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  dailyFigures,
  dashboardFigures,
  expiringAuthorisations,
  figuresRange,
  fillingSlots,
  lastJobRuns,
  todayOrders,
  ZERO_RESULT_DAYS,
} from "#platform/backoffice/index.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Tableau de bord — Administration Comptoir" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, searchRebuild } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const now = new Date();
  const params = new URL(request.url).searchParams;
  const range = figuresRange(now, { from: params.get("from"), to: params.get("to") });
  const [figures, today, slots, runs, days, rebuild, authorisations] = await Promise.all([
    dashboardFigures(database.db),
    todayOrders(database.db, now),
    fillingSlots(database.db, now),
    lastJobRuns(database.db),
    dailyFigures(database.db, range),
    searchRebuild.state(),
    expiringAuthorisations(database.db, now),
  ]);
  return {
    staff,
    authorisations,
    figures,
    today,
    slots,
    runs,
    days,
    rangeError: range.error,
    index: {
      status: rebuild.status,
      startedBy: rebuild.status === "idle" ? null : rebuild.startedBy,
      finishedAt:
        rebuild.status === "done" || rebuild.status === "failed" ? rebuild.finishedAt : null,
      progress:
        rebuild.status === "running" && rebuild.progress
          ? { done: rebuild.progress.done, total: rebuild.progress.total }
          : null,
    },
  };
}

const number = new Intl.NumberFormat("fr-FR");
const percent = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});
const slotTime = new Intl.DateTimeFormat("fr-FR", {
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>{typeof value === "number" ? number.format(value) : value}</dd>
    </div>
  );
}

const RUNS = [
  { job: "sync-products", label: "Synchronisation des produits", path: "sync-products-bdd" },
  { job: "sync-categories", label: "Synchronisation des catégories", path: "sync-categories-bdd" },
  { job: "export-contentful", label: "Export vers le contenu", path: "export-contentful" },
  { job: "export-flipdish", label: "Export vers les menus", path: "export-flipdish" },
] as const;

const INDEX_STATES = {
  idle: "Pas de reconstruction depuis le démarrage du serveur.",
  running: "Reconstruction en cours",
  done: "Dernière reconstruction terminée",
  failed: "La dernière reconstruction a échoué",
} as const;

export default function Dashboard() {
  const { staff, authorisations, figures, today, slots, runs, days, rangeError, index } =
    useLoaderData<typeof loader>();
  return (
    <>
      <h1>{`Bonjour ${staff.name}`}</h1>
      {authorisations.length > 0 && (
        <section className="admin-card" aria-labelledby="authorisations-title">
          <h2 id="authorisations-title">Paiements à encaisser</h2>
          <ul>
            {authorisations.map((item) => (
              <li key={item.ref} className="admin-alert admin-alert--error">
                <Link to={`/middleware/orders/${item.ref}`}>{`Commande ${item.orderNumber}`}</Link>
                {` : ${item.warning}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="admin-card" aria-labelledby="today-title">
        <h2 id="today-title">Aujourd'hui</h2>
        <dl className="admin-figures">
          <Figure
            label="Commandes passées aujourd'hui"
            value={today.placed.restaurant.orders + today.placed.grocery.orders}
          />
          <Figure
            label="Commandes à préparer aujourd'hui"
            value={today.toPrepare.restaurant.orders + today.toPrepare.grocery.orders}
          />
          <Figure
            label="Chiffre d'affaires restauration"
            value={formatCents(today.placed.restaurant.revenueCents)}
          />
          <Figure
            label="Chiffre d'affaires épicerie"
            value={formatCents(today.placed.grocery.revenueCents)}
          />
        </dl>
        <table className="admin-table">
          <caption>Commandes du jour par type</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Passées aujourd'hui</th>
              <th scope="col">À préparer aujourd'hui</th>
            </tr>
          </thead>
          <tbody>
            {(
              [
                ["Restauration", "orders"],
                ["dont livraison", "delivery"],
                ["dont retrait", "pickup"],
              ] as const
            ).map(([label, key]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>{number.format(today.placed.restaurant[key])}</td>
                <td>{number.format(today.toPrepare.restaurant[key])}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Épicerie</th>
              <td>{number.format(today.placed.grocery.orders)}</td>
              <td>{number.format(today.toPrepare.grocery.orders)}</td>
            </tr>
          </tbody>
        </table>
        <p>
          Le chiffre d'affaires est celui des commandes passées aujourd'hui ; les commandes à
          préparer sont celles dont le créneau est aujourd'hui.
        </p>
        <p>
          <a href={`/middleware/odp-list/?date=${today.day}`}>Préparer les commandes du jour</a>
        </p>
      </section>
      <DaysSection days={days} error={rangeError} />
      <section className="admin-card" aria-labelledby="slots-title">
        <h2 id="slots-title">Créneaux qui se remplissent</h2>
        {slots.length === 0 ? (
          <p>Aucun créneau des 48 prochaines heures n'est rempli à moitié.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Magasin</th>
                <th scope="col">Mode</th>
                <th scope="col">Créneau</th>
                <th scope="col">Réservé</th>
              </tr>
            </thead>
            <tbody>
              {slots.map((slot) => (
                <tr key={`${slot.storeName} ${slot.mode} ${String(slot.start)}`}>
                  <td>{slot.storeName}</td>
                  <td>{slot.mode === 1 ? "Livraison" : "Retrait"}</td>
                  <td>{slotTime.format(new Date(slot.start))}</td>
                  <td>
                    {`${slot.booked} / ${slot.capacity}`}
                    {slot.booked >= slot.capacity && " (complet)"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="admin-card" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title">Catalogue</h2>
        <dl className="admin-figures">
          <Figure label="Produits" value={figures.catalogue.products} />
          <Figure label="En vente" value={figures.catalogue.available} />
          <Figure label="Archivés" value={figures.catalogue.archived} />
          <Figure label="Collections" value={figures.catalogue.collections} />
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="index-title">
        <h2 id="index-title">Index de recherche</h2>
        <dl className="admin-figures">
          <Figure
            label="Produits dans l'index de recherche"
            value={figures.search.indexedProducts}
          />
        </dl>
        <p>
          {INDEX_STATES[index.status]}
          {index.progress &&
            ` : ${number.format(index.progress.done)} / ${number.format(index.progress.total)}`}
          {index.finishedAt && ` le ${dateTime.format(new Date(index.finishedAt))}`}
          {index.startedBy && ` (lancée par ${index.startedBy})`}
          {index.status !== "idle" && "."} <a href="/middleware/algolia/">Voir l'index</a>
        </p>
      </section>
      <ZeroResultsSection searches={figures.search.zeroResults} />
      <section className="admin-card" aria-labelledby="content-title">
        <h2 id="content-title">Contenus et messages</h2>
        <dl className="admin-figures">
          <Figure label="Contenus publiés" value={figures.content.published} />
          <Figure label="Brouillons" value={figures.content.drafts} />
          <Figure label="E-mails et SMS en attente" value={figures.outbox.pending} />
          <Figure label="Envois en échec" value={figures.outbox.failed} />
        </dl>
      </section>
      <section className="admin-card" aria-labelledby="runs-title">
        <h2 id="runs-title">Dernières synchronisations</h2>
        <ul>
          {RUNS.map(({ job, label, path }) => {
            const run = runs[job];
            return (
              <li key={job}>
                <a href={`/middleware/${path}/`}>{label}</a>
                {run
                  ? ` : le ${dateTime.format(new Date(run.at))} par ${run.staffEmail}`
                  : " : jamais lancée"}
              </li>
            );
          })}
        </ul>
      </section>
      <section className="admin-card" aria-labelledby="data-title">
        <h2 id="data-title">Données</h2>
        <p>
          {figures.lastSeed
            ? `Données de démonstration chargées le ${dateTime.format(new Date(figures.lastSeed.at))} (graine ${figures.lastSeed.seed}, version ${figures.lastSeed.version}).`
            : "Aucune donnée de démonstration chargée."}
        </p>
      </section>
    </>
  );
}

type Figures = ReturnType<typeof useLoaderData<typeof loader>>["figures"];

/**
 * What shoppers searched for and found nothing: products to add, or words to teach the search.
 * The terms are not links: a staff member opening one would count it once more.
 */
function ZeroResultsSection({ searches }: { searches: Figures["search"]["zeroResults"] }) {
  return (
    <section className="admin-card" aria-labelledby="zero-results-title">
      <h2 id="zero-results-title">{`Recherches sans résultat (${ZERO_RESULT_DAYS} derniers jours)`}</h2>
      {searches.length === 0 ? (
        <p>Aucune recherche sans résultat.</p>
      ) : (
        <table className="admin-table" id="zero-result-searches">
          <thead>
            <tr>
              <th scope="col">Recherche</th>
              <th scope="col">Nombre</th>
              <th scope="col">Dernière fois</th>
            </tr>
          </thead>
          <tbody>
            {searches.map((search) => (
              <tr key={search.term}>
                <th scope="row">{search.term}</th>
                <td>{number.format(search.count)}</td>
                <td>{formatDate(search.lastDay, { weekday: false })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

type Days = ReturnType<typeof useLoaderData<typeof loader>>["days"];

const fillText = (slots: { booked: number; capacity: number; fillRate: number | null }) =>
  slots.fillRate === null
    ? "—"
    : `${percent.format(slots.fillRate)} (${number.format(slots.booked)} / ${number.format(slots.capacity)})`;

/** Orders, revenue, basket, refunds and slot fill by day, then by store, over a range of days. */
function DaysSection({ days, error }: { days: Days; error: string | null }) {
  const rows = [...days.days].reverse();
  return (
    <section className="admin-card" aria-labelledby="days-title">
      <h2 id="days-title">{`Chiffres du ${formatDate(days.from, { weekday: false })} au ${formatDate(days.to, { weekday: false })}`}</h2>
      <form method="get" className="admin-inline-form">
        <label htmlFor="figures-from">Du</label>{" "}
        <input id="figures-from" type="date" name="from" defaultValue={days.from} />{" "}
        <label htmlFor="figures-to">au</label>{" "}
        <input id="figures-to" type="date" name="to" defaultValue={days.to} />{" "}
        <button type="submit" className="admin-button">
          Afficher
        </button>
      </form>
      {error && (
        <p className="admin-alert admin-alert--error" role="alert">
          {`${error} Voici les 7 derniers jours.`}
        </p>
      )}
      <div className="admin-table-scroll">
        <table className="admin-table" id="daily-figures">
          <caption>Commandes et chiffre d'affaires par jour</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Commandes épicerie</th>
              <th scope="col">CA épicerie</th>
              <th scope="col">Commandes restauration</th>
              <th scope="col">CA restauration</th>
              <th scope="col">Total commandes</th>
              <th scope="col">CA total</th>
              <th scope="col">Panier moyen</th>
              <th scope="col">Remboursements</th>
              <th scope="col">Remplissage des créneaux</th>
            </tr>
          </thead>
          <tbody>
            {[...rows, { ...days.total, day: "total" }].map((row) => (
              <tr key={row.day}>
                <th scope="row">
                  {row.day === "total" ? "Total" : formatDate(row.day, { year: false })}
                </th>
                <td>{number.format(row.grocery.orders)}</td>
                <td>{formatCents(row.grocery.revenueCents)}</td>
                <td>{number.format(row.restaurant.orders)}</td>
                <td>{formatCents(row.restaurant.revenueCents)}</td>
                <td>{number.format(row.orders)}</td>
                <td>{formatCents(row.revenueCents)}</td>
                <td>
                  {row.averageBasketCents === null ? "—" : formatCents(row.averageBasketCents)}
                </td>
                <td>
                  {row.refunds.orders === 0
                    ? "—"
                    : `${number.format(row.refunds.orders)} (${formatCents(row.refunds.cents)})`}
                </td>
                <td>{fillText(row.slots)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="admin-table-scroll">
        <table className="admin-table" id="store-figures">
          <caption>Par magasin</caption>
          <thead>
            <tr>
              <th scope="col">Magasin</th>
              <th scope="col">Activité</th>
              <th scope="col">Commandes</th>
              <th scope="col">Chiffre d'affaires</th>
            </tr>
          </thead>
          <tbody>
            {days.stores.map((store) => (
              <tr key={`${store.kind} ${store.store}`}>
                <th scope="row">{store.store}</th>
                <td>{store.kind === "grocery" ? "Épicerie" : "Restauration"}</td>
                <td>{number.format(store.orders)}</td>
                <td>{formatCents(store.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Chiffre d'affaires TTC, remboursements déduits ; l'épicerie compte les commandes du jour où
        elles ont été passées, la restauration celles du jour de leur créneau (commandes annulées ou
        refusées exclues). Remboursements : commandes épicerie et restauration remboursées en tout
        ou partie. Remplissage : réservations sur les créneaux proposés, fermetures des magasins et
        réglages des créneaux compris. « Épicerie en ligne » : commandes épicerie sans magasin
        (passées avant la réservation des créneaux).
      </p>
    </section>
  );
}
