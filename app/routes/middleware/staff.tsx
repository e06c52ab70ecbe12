import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ActionAlert } from "#app/components/admin/action-alert.tsx";
import { CsrfField } from "#app/components/admin/csrf-field.tsx";
import { Field } from "#app/components/admin/field.tsx";
import { readStaffForm, staffContext } from "#app/lib/admin/admin.server.ts";
import { serverContext } from "#app/lib/server-context.ts";
import {
  changeStaff,
  createStaff,
  listStaff,
  ROLE_LABELS,
  STAFF_ROLES,
  StaffError,
  temporaryPassword,
} from "#platform/backoffice/index.ts";
import type { Route } from "./+types/staff";

/**
 * The staff screen (administrators only, platform/backoffice/roles.ts): the accounts of the
 * admin area, a colleague added with a role and a temporary password shown once, an account
 * disabled, enabled, given another role or a new temporary password. Every change is in the
 * change log (`staff` subjects); disabling or resetting ends the account's sessions.
 */

export const meta: Route.MetaFunction = () => [{ title: "Équipe — Administration Comptoir" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(serverContext);
  const { staff } = context.get(staffContext);
  const accounts = await listStaff(database.db);
  return {
    me: staff.id,
    accounts: accounts.map((account) => ({
      ...account,
      lastSignInAt: account.lastSignInAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
    })),
  };
}

const role = z.enum(STAFF_ROLES, { error: "Choisissez un rôle." });
const staffId = z.coerce.number().int().positive();

const staffForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z.string().trim().min(1, "Saisissez le nom de la personne.").max(100),
    email: z.string().trim().max(254),
    role,
  }),
  z.object({ intent: z.literal("role"), id: staffId, role }),
  z.object({ intent: z.literal("disable"), id: staffId }),
  z.object({ intent: z.literal("enable"), id: staffId }),
  z.object({ intent: z.literal("password"), id: staffId }),
]);

type ActionResult =
  | { ok: true; message: string; password?: string }
  | { ok: false; message: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  const form = await readStaffForm(request, context);
  const parsed = staffForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Formulaire invalide." };
  }
  const { database } = context.get(serverContext);
  const { staff: actor } = context.get(staffContext);
  const input = parsed.data;
  try {
    if (input.intent === "create") {
      const password = temporaryPassword();
      const created = await createStaff(database.db, { ...input, password }, actor);
      return {
        ok: true,
        message: `Compte créé pour ${created.name} (${ROLE_LABELS[created.role]}). Transmettez-lui ce mot de passe provisoire : il ne sera plus affiché.`,
        password,
      };
    }
    if (input.intent === "password") {
      const password = temporaryPassword();
      const account = await changeStaff(database.db, actor, input.id, {
        kind: "password",
        password,
      });
      return {
        ok: true,
        message: `Nouveau mot de passe provisoire pour ${account.name} : ses sessions sont fermées. Il ne sera plus affiché.`,
        password,
      };
    }
    const account = await changeStaff(
      database.db,
      actor,
      input.id,
      input.intent === "role" ? { kind: "role", role: input.role } : { kind: input.intent },
    );
    const done = {
      role: `${account.name} est maintenant ${ROLE_LABELS[account.role].toLowerCase()}.`,
      disable: `Le compte de ${account.name} est désactivé : ses sessions sont fermées.`,
      enable: `Le compte de ${account.name} est réactivé.`,
    } as const;
    return { ok: true, message: done[input.intent] };
  } catch (error) {
    if (error instanceof StaffError) return { ok: false, message: error.message };
    throw error;
  }
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});

export default function StaffScreen() {
  const { me, accounts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Équipe</h1>
      {result && (
        <ActionAlert result={result}>
          {result.ok && result.password && (
            <p>
              <label htmlFor="temporary-password">Mot de passe provisoire</label>{" "}
              <input id="temporary-password" readOnly value={result.password} />
            </p>
          )}
        </ActionAlert>
      )}
      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption>Comptes de l'administration</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">E-mail</th>
              <th scope="col">Rôle</th>
              <th scope="col">État</th>
              <th scope="col">Dernière connexion</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <th scope="row">{account.name}</th>
                <td>{account.email}</td>
                <td>
                  <Form method="post" className="admin-inline-form">
                    <CsrfField />
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={account.id} />
                    <label className="admin-visually-hidden" htmlFor={`role-${account.id}`}>
                      {`Rôle de ${account.name}`}
                    </label>
                    <select id={`role-${account.id}`} name="role" defaultValue={account.role}>
                      {STAFF_ROLES.map((value) => (
                        <option key={value} value={value}>
                          {ROLE_LABELS[value]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="admin-button">
                      Changer le rôle
                    </button>
                  </Form>
                </td>
                <td>{account.disabled ? "Désactivé" : "Actif"}</td>
                <td>
                  {account.lastSignInAt
                    ? dateTime.format(new Date(account.lastSignInAt))
                    : "Jamais"}
                </td>
                <td>
                  {account.id !== me && (
                    <Form method="post" className="admin-inline-form">
                      <CsrfField />
                      <input type="hidden" name="id" value={account.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={account.disabled ? "enable" : "disable"}
                        className="admin-button"
                      >
                        {account.disabled
                          ? `Réactiver ${account.name}`
                          : `Désactiver ${account.name}`}
                      </button>
                      <button type="submit" name="intent" value="password" className="admin-button">
                        {`Nouveau mot de passe pour ${account.name}`}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="admin-card" aria-labelledby="staff-new">
        <h2 id="staff-new">Ajouter une personne</h2>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <Field name="name" label="Nom" required />
          <Field name="email" label="Adresse e-mail" required />
          <p>
            <label htmlFor="new-role">Rôle</label>{" "}
            <select id="new-role" name="role" defaultValue="editor">
              {STAFF_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          </p>
          <p>
            Éditeur : catalogue et contenus. Opérateur : commandes, clients, magasins, créneaux et
            promotions. Administrateur : tout, y compris l'équipe et les remboursements.
          </p>
          <button type="submit" className="admin-button admin-button--primary">
            Créer le compte
          </button>
        </Form>
      </section>
    </>
  );
}
