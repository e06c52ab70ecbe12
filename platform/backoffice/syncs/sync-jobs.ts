import { and, desc, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "#db/client.ts";
import { adminJob, type JobName } from "#platform/backoffice/jobs.ts";
import {
  exportToMenus,
  type MenuExportReport,
  orderingAdminCall,
} from "#platform/backoffice/ordering-export.ts";
import { adminAuditLog } from "#platform/backoffice/schema.ts";
import type { PageCache, ShopCaches } from "#platform/backoffice/shop-caches.ts";
import {
  type Actor,
  type ContentProductsReport,
  type ProductScope,
  syncContentProducts,
} from "#platform/backoffice/syncs/catalogue-sync.ts";
import { type CategoriesReport, syncCategories } from "#platform/backoffice/syncs/category-sync.ts";

/**
 * The long operations of the admin area's export and synchronisation screens, each run in the
 * background as an `AdminJob` (one at a time per kind across instances), ending with one `job` line in the change
 * log that sums it up (the dashboard's "last syncs"). What they change is purged from the page
 * cache and the content client's memory, as the content service's own writes are.
 */

export type JobDependencies = {
  db: Db;
  env: { ORDERING_API_TOKEN: string };
  logger: Logger;
  pageCache: Pick<PageCache, "purge">;
  /** Drops what the shop keeps in memory of content and of the ordering menus. */
  caches: ShopCaches;
};

/** The subject type of the summary line each run writes to the change log. */
export const JOB_SUBJECT = "job";

async function recordRun(db: Db, actor: Actor, job: JobName, summary: Record<string, unknown>) {
  await db.insert(adminAuditLog).values({
    staffId: actor.id,
    staffEmail: actor.email,
    action: job,
    subjectType: JOB_SUBJECT,
    subjectId: job,
    after: summary,
  });
}

function contentChanged(deps: JobDependencies) {
  deps.caches.forgetContent();
  deps.pageCache.purge();
}

export const exportContentfulJob = () => adminJob<ContentProductsReport>("export-contentful");
export const syncProductsJob = () => adminJob<ContentProductsReport>("sync-products");
export const syncCategoriesJob = () => adminJob<CategoriesReport>("sync-categories");
export const exportFlipdishJob = () => adminJob<MenuExportReport>("export-flipdish");

/** `export-contentful`: catalogue products into the content service's product records. */
export function startContentExport(
  deps: JobDependencies,
  actor: Actor,
  options: { scope: ProductScope; dryRun: boolean },
): Promise<boolean> {
  return exportContentfulJob().start(
    deps.db,
    actor.email,
    async (onProgress) => {
      const report = await syncContentProducts(deps.db, {
        ...options,
        actor,
        action: "export-contentful",
        onProgress,
      });
      if (!options.dryRun) {
        if (report.created + report.updated > 0) contentChanged(deps);
        await recordRun(deps.db, actor, "export-contentful", {
          scope: options.scope.kind === "handle" ? options.scope.handle : options.scope.kind,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
        });
      }
      return report;
    },
    deps.logger,
  );
}

/** `sync-products-bdd`: products into the content records and the database documents. */
export function startProductSync(deps: JobDependencies, actor: Actor): Promise<boolean> {
  return syncProductsJob().start(
    deps.db,
    actor.email,
    async (onProgress) => {
      const report = await syncContentProducts(deps.db, {
        scope: { kind: "all" },
        documents: true,
        actor,
        action: "sync-products-bdd",
        onProgress,
      });
      if (report.created + report.updated + report.archivedOrphans.length > 0) contentChanged(deps);
      await recordRun(deps.db, actor, "sync-products", {
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        documents: report.documents,
        archived: report.archivedOrphans.length,
      });
      return report;
    },
    deps.logger,
  );
}

/** `sync-categories-bdd`: collections into the database documents and content records. */
export function startCategorySync(deps: JobDependencies, actor: Actor): Promise<boolean> {
  return syncCategoriesJob().start(
    deps.db,
    actor.email,
    async (onProgress) => {
      const report = await syncCategories(deps.db, {
        actor,
        action: "sync-categories-bdd",
        onProgress,
      });
      if (report.created.length > 0) contentChanged(deps);
      await recordRun(deps.db, actor, "sync-categories", {
        collections: report.collections,
        documents: report.documents,
        created: report.created.length,
        orphans: report.orphans.length,
      });
      return report;
    },
    deps.logger,
  );
}

/** `export-flipdish`: restauration products into the ordering service's menus. */
export function startMenuExport(deps: JobDependencies, actor: Actor): Promise<boolean> {
  return exportFlipdishJob().start(
    deps.db,
    actor.email,
    async (onProgress) => {
      const report = await exportToMenus(deps.db, orderingAdminCall(deps.env.ORDERING_API_TOKEN), {
        actor,
        action: "export-flipdish",
        onProgress,
      });
      // The shop's copies of the menus are read again, as after the menus webhook.
      if (report.updated > 0) deps.caches.forgetOrderingMenus();
      await recordRun(deps.db, actor, "export-flipdish", {
        menus: report.menus.length,
        updated: report.updated,
        unchanged: report.unchanged,
        notOnMenu: report.notOnMenu.length,
      });
      return report;
    },
    deps.logger,
  );
}

export type JobRunLine = { job: JobName; staffEmail: string; at: Date; summary: unknown };

const JOBS: JobName[] = [
  "export-contentful",
  "export-flipdish",
  "sync-categories",
  "sync-products",
];

/** The last run of each export and synchronisation, from the change log. */
export async function lastJobRuns(db: Db): Promise<Partial<Record<JobName, JobRunLine>>> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.subjectType, JOB_SUBJECT), inArray(adminAuditLog.subjectId, JOBS)))
    .orderBy(desc(adminAuditLog.id))
    .limit(200);
  const last: Partial<Record<JobName, JobRunLine>> = {};
  for (const row of rows) {
    const job = row.subjectId as JobName;
    last[job] ??= { job, staffEmail: row.staffEmail, at: row.createdAt, summary: row.after };
  }
  return last;
}
