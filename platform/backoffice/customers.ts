import type { Db } from "#db/client.ts";
import { recordChange, type Staff } from "#platform/backoffice/staff.ts";
import {
  type CommerceCustomerDetail,
  type CommerceCustomerSummary,
  commerceCustomerDetail,
  commerceCustomersByContact,
  eraseCommerceCustomerData,
  exportCommerceCustomerData,
  phoneDigits,
  searchCommerceCustomers,
  setCommerceCustomerDisabled,
} from "#platform/commerce/index.ts";
import { deleteDocumentsOfCustomer, documentsOfCustomer } from "#platform/documents/index.ts";
import {
  type Contact,
  eraseNotifyData,
  exportNotifyData,
  isNewsletterSubscriber,
} from "#platform/notify/index.ts";
import {
  eraseOrderingCustomerData,
  exportOrderingCustomerData,
  type OrderingCustomerDetail,
  type OrderingCustomerSummary,
  orderingCustomerDetail,
  orderingCustomersByContact,
  searchOrderingCustomers,
  setOrderingCustomerDisabled,
} from "#platform/ordering/index.ts";

/**
 * The customers screen's work, across the two kinds of customer records: commerce accounts
 * (email and password, grocery orders) and ordering customers (a phone, restauration orders).
 * A person is the commerce account and the ordering customers with the same email or phone
 * (exact, as both modules normalise them), or an ordering customer alone. Each module reads,
 * exports and erases its own records through its face; this file puts them together, runs an
 * erasure or a disabling in one transaction and writes the change log (never the personal data).
 */

/** A person's address on the screen: `c12` (commerce account 12) or `o5` (ordering customer 5). */
export type CustomerRef = { kind: "commerce" | "ordering"; id: number };

export function parseCustomerRef(text: string | undefined): CustomerRef | null {
  const match = /^([co])([1-9]\d{0,9})$/.exec(text ?? "");
  if (!match) return null;
  return { kind: match[1] === "c" ? "commerce" : "ordering", id: Number(match[2]) };
}

export function customerRefText(ref: CustomerRef): string {
  return `${ref.kind === "commerce" ? "c" : "o"}${ref.id}`;
}

export const CUSTOMERS_PAGE_SIZE = 25;

/** A person as the list shows them. */
export type CustomerListEntry = {
  ref: string;
  name: string;
  email: string | null;
  phone: string | null;
  commerce: CommerceCustomerSummary | null;
  ordering: OrderingCustomerSummary[];
  disabled: boolean;
};

function contactOf(
  commerce: { email: string; phone: string | null } | null | undefined,
  ordering: { email: string | null; phone: string }[],
): Contact {
  const emails = [commerce?.email, ...ordering.map((customer) => customer.email)]
    .filter((email): email is string => Boolean(email))
    .map((email) => email.trim().toLowerCase());
  const phones = [commerce?.phone, ...ordering.map((customer) => customer.phone)].filter(
    (phone): phone is string => Boolean(phone),
  );
  return { emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

function sameContact(
  account: { email: string; phone: string | null },
  customer: { email: string | null; phone: string },
): boolean {
  return (
    (customer.email !== null && customer.email.trim().toLowerCase() === account.email) ||
    (account.phone !== null && account.phone === customer.phone)
  );
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(" ");
}

/**
 * People whose name, email or phone contains the query (both kinds, newest first), 25 a page
 * (`page` from 1). A commerce account and the ordering customers sharing its email or phone
 * are one entry.
 */
export async function searchCustomers(
  db: Db,
  query: string,
  page: number,
): Promise<{ entries: CustomerListEntry[]; hasNext: boolean }> {
  const wanted = page * CUSTOMERS_PAGE_SIZE + 1;
  const [accounts, customers] = await Promise.all([
    searchCommerceCustomers(db, query, wanted),
    searchOrderingCustomers(db, { text: query, phoneDigits: phoneDigits(query) }, wanted),
  ]);
  // The other side of each match, so a person found by one record shows both.
  const [moreCustomers, moreAccounts] = await Promise.all([
    orderingCustomersByContact(db, {
      emails: accounts.map((account) => account.email),
      phones: accounts.flatMap((account) => (account.phone ? [account.phone] : [])),
    }),
    commerceCustomersByContact(db, contactOf(null, customers)),
  ]);
  const accountsById = new Map<number, CommerceCustomerSummary>();
  for (const account of [...accounts, ...moreAccounts]) accountsById.set(account.id, account);
  const customersById = new Map<number, OrderingCustomerSummary>();
  for (const customer of [...customers, ...moreCustomers]) customersById.set(customer.id, customer);

  const groups = new Map<
    string,
    {
      account: CommerceCustomerSummary | null;
      customers: OrderingCustomerSummary[];
      newest: number;
    }
  >();
  const allAccounts = [...accountsById.values()];
  for (const account of allAccounts) {
    groups.set(`c${account.id}`, { account, customers: [], newest: account.createdAt.getTime() });
  }
  for (const customer of customersById.values()) {
    const account = allAccounts.find((candidate) => sameContact(candidate, customer));
    const key = account ? `c${account.id}` : `o${customer.id}`;
    const group = groups.get(key) ?? { account: null, customers: [], newest: 0 };
    group.customers.push(customer);
    group.newest = Math.max(group.newest, customer.createdAt.getTime());
    groups.set(key, group);
  }
  // Only the people the query found themselves (not the ones only linked to them), newest first.
  const found = new Set([
    ...accounts.map((account) => `c${account.id}`),
    ...customers.map((customer) => {
      const account = allAccounts.find((candidate) => sameContact(candidate, customer));
      return account ? `c${account.id}` : `o${customer.id}`;
    }),
  ]);
  const entries = [...groups.entries()]
    .filter(([key]) => found.has(key))
    .sort(([, a], [, b]) => b.newest - a.newest)
    .map(([key, group]): CustomerListEntry => {
      const first = group.customers[0];
      return {
        ref: key,
        name:
          (group.account && fullName(group.account.firstName, group.account.lastName)) ||
          group.customers.map((customer) => customer.name).find(Boolean) ||
          "",
        email: group.account?.email ?? group.customers.map((c) => c.email).find(Boolean) ?? null,
        phone: group.account?.phone ?? first?.phone ?? null,
        commerce: group.account,
        ordering: group.customers,
        disabled:
          (group.account?.disabled ?? false) ||
          group.customers.some((customer) => customer.disabled),
      };
    });
  const start = (page - 1) * CUSTOMERS_PAGE_SIZE;
  return {
    entries: entries.slice(start, start + CUSTOMERS_PAGE_SIZE),
    hasNext: entries.length > start + CUSTOMERS_PAGE_SIZE,
  };
}

/** Everything the customer's page shows about a person. */
export type CustomerFile = {
  ref: string;
  name: string;
  commerce: CommerceCustomerDetail | null;
  ordering: OrderingCustomerDetail[];
  newsletter: boolean;
  /** What the erasure's confirmation must repeat: the email, else the phone. */
  confirmation: string;
  disabled: boolean;
};

/** The records of the person behind `ref` (the records of both kinds sharing an email or phone). */
async function personOf(
  db: Db,
  ref: CustomerRef,
): Promise<{ accountId: number | null; customerIds: number[] } | null> {
  if (ref.kind === "commerce") {
    const [account] = await commerceCustomersByIds(db, ref.id);
    if (!account) return null;
    const customers = await orderingCustomersByContact(db, contactOf(account, []));
    return {
      accountId: account.id,
      customerIds: customers.filter((c) => sameContact(account, c)).map((c) => c.id),
    };
  }
  const customer = await orderingCustomerDetail(db, ref.id);
  if (!customer) return null;
  const [account] = (await commerceCustomersByContact(db, contactOf(null, [customer]))).filter(
    (candidate) => sameContact(candidate, customer),
  );
  if (account) return personOf(db, { kind: "commerce", id: account.id });
  return { accountId: null, customerIds: [customer.id] };
}

async function commerceCustomersByIds(db: Db, id: number) {
  const detail = await commerceCustomerDetail(db, id);
  return detail ? [detail] : [];
}

export async function customerFile(db: Db, ref: CustomerRef): Promise<CustomerFile | null> {
  const person = await personOf(db, ref);
  if (!person) return null;
  const [commerce, ordering] = await Promise.all([
    person.accountId === null ? null : commerceCustomerDetail(db, person.accountId),
    Promise.all(person.customerIds.map((id) => orderingCustomerDetail(db, id))),
  ]);
  const customers = ordering.filter((c): c is OrderingCustomerDetail => c !== undefined);
  const email = commerce?.email ?? customers.map((c) => c.email).find(Boolean) ?? null;
  return {
    ref: customerRefText(
      commerce
        ? { kind: "commerce", id: commerce.id }
        : { kind: "ordering", id: customers[0]?.id ?? ref.id },
    ),
    name:
      (commerce && fullName(commerce.firstName, commerce.lastName)) ||
      customers.map((c) => c.name).find(Boolean) ||
      email ||
      customers[0]?.phone ||
      "",
    commerce: commerce ?? null,
    ordering: customers,
    newsletter: email ? await isNewsletterSubscriber(db, email) : false,
    confirmation: email ?? customers[0]?.phone ?? "",
    disabled: (commerce?.disabled ?? false) || customers.some((c) => c.disabled),
  };
}

/** What the change log says of a person: which records, never their contents. */
function subjectOf(person: { accountId: number | null; customerIds: number[] }) {
  return { commerceCustomer: person.accountId, orderingCustomers: person.customerIds };
}

/**
 * Everything held about the person, as one JSON-ready object (GDPR access): both modules'
 * records, saved documents, the outbox's messages to their addresses and phones, the newsletter
 * subscription. The export is in the change log (which records, not what they hold).
 */
export async function exportCustomer(db: Db, staff: Staff, ref: CustomerRef, now: Date) {
  const person = await personOf(db, ref);
  if (!person) return null;
  const [commerce, ordering, documents] = await Promise.all([
    person.accountId === null ? null : exportCommerceCustomerData(db, person.accountId),
    Promise.all(person.customerIds.map((id) => exportOrderingCustomerData(db, id))),
    person.accountId === null ? [] : documentsOfCustomer(db, person.accountId),
  ]);
  const contact = contactOf(
    commerce ? { email: commerce.account.email, phone: commerce.account.phone } : null,
    ordering.flatMap((data) => (data ? [data.customer] : [])),
  );
  const notify = await exportNotifyData(db, contact);
  await recordChange(db, {
    staff,
    action: "export",
    subjectType: "customer",
    subjectId: customerRefText(ref),
    after: subjectOf(person),
  });
  return {
    exportedAt: now.toISOString(),
    commerce: commerce ?? null,
    savedDocuments: documents,
    ordering: ordering.filter(Boolean),
    messages: notify.messages,
    newsletter: notify.newsletter,
  };
}

export class CustomerGone extends Error {}

/**
 * Erases the person (GDPR erasure) in one transaction: every module erases its part (orders
 * kept anonymised, the rest deleted) and the change log gets one line, or nothing changes.
 * `CustomerGone` when there is no longer anyone to erase (already erased by someone else).
 */
export async function eraseCustomer(db: Db, staff: Staff, ref: CustomerRef, now: Date) {
  return db.transaction(async (tx) => {
    const person = await personOf(tx, ref);
    if (!person)
      throw new CustomerGone("Ce client n'existe plus : il a peut-être déjà été effacé.");
    const [account] =
      person.accountId === null ? [] : await commerceCustomersByIds(tx, person.accountId);
    const customers = (
      await Promise.all(person.customerIds.map((id) => orderingCustomerDetail(tx, id)))
    ).filter((c): c is OrderingCustomerDetail => c !== undefined);
    const contact = contactOf(account ?? null, customers);
    let groceryOrders = 0;
    let restaurantOrders = 0;
    let documents = 0;
    if (person.accountId !== null) {
      documents = await deleteDocumentsOfCustomer(tx, person.accountId);
      const erased = await eraseCommerceCustomerData(tx, person.accountId);
      if (!erased)
        throw new CustomerGone("Ce client n'existe plus : il a peut-être déjà été effacé.");
      groceryOrders = erased.anonymisedOrders;
    }
    for (const id of person.customerIds) {
      const erased = await eraseOrderingCustomerData(tx, id, now);
      if (!erased)
        throw new CustomerGone("Ce client n'existe plus : il a peut-être déjà été effacé.");
      restaurantOrders += erased.anonymisedOrders;
    }
    const notify = await eraseNotifyData(tx, contact);
    const summary = {
      ...subjectOf(person),
      anonymisedGroceryOrders: groceryOrders,
      anonymisedRestaurantOrders: restaurantOrders,
      deletedDocuments: documents,
      erasedMessages: notify.messages,
      deletedNewsletterSubscriptions: notify.subscriptions,
    };
    await recordChange(tx, {
      staff,
      action: "erase",
      subjectType: "customer",
      subjectId: customerRefText(ref),
      after: summary,
    });
    return summary;
  });
}

/**
 * Disables (the person can no longer sign in, with either kind of record; their sessions end)
 * or enables the person, in one transaction with its change log line. False when unknown.
 */
export async function setCustomerDisabled(
  db: Db,
  staff: Staff,
  ref: CustomerRef,
  disabled: boolean,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const person = await personOf(tx, ref);
    if (!person) return false;
    let wasDisabled = false;
    if (person.accountId !== null) {
      const before = await setCommerceCustomerDisabled(tx, person.accountId, disabled, now);
      wasDisabled ||= before?.wasDisabled ?? false;
    }
    for (const id of person.customerIds) {
      const before = await setOrderingCustomerDisabled(tx, id, disabled, now);
      wasDisabled ||= before?.wasDisabled ?? false;
    }
    await recordChange(tx, {
      staff,
      action: disabled ? "disable" : "enable",
      subjectType: "customer",
      subjectId: customerRefText(ref),
      before: { ...subjectOf(person), disabled: wasDisabled },
      after: { ...subjectOf(person), disabled },
    });
    return true;
  });
}
