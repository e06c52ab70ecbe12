import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.ts";
import { userDocument } from "#platform/documents/schema.ts";

/** A customer's saved documents (favourites, lists, cart), for the office's GDPR export. */
export function documentsOfCustomer(db: Db, customerId: number) {
  return db
    .select({
      key: userDocument.key,
      body: userDocument.body,
      createdAt: userDocument.createdAt,
      updatedAt: userDocument.updatedAt,
    })
    .from(userDocument)
    .where(eq(userDocument.ownerCustomerId, customerId))
    .orderBy(asc(userDocument.key));
}

/** Deletes the customer's saved documents in the caller's transaction (GDPR erasure). */
export async function deleteDocumentsOfCustomer(tx: Tx, customerId: number): Promise<number> {
  const deleted = await tx
    .delete(userDocument)
    .where(eq(userDocument.ownerCustomerId, customerId))
    .returning({ key: userDocument.key });
  return deleted.length;
}
