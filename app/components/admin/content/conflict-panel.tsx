import type { Conflict } from "#app/lib/admin/content-form.ts";

/**
 * Inside the entry editor's form, when a colleague saved the entry since it was opened: who and
 * when, the fields they changed with their values now, and the two ways on — reload (giving up
 * one's changes, still in the form until then) or save over theirs deliberately.
 */
export function ConflictPanel({ conflict }: { conflict: Conflict }) {
  return (
    <section className="admin-card admin-conflict" aria-labelledby="conflit">
      <h2 id="conflit">Modifications enregistrées entre-temps</h2>
      <p>
        {`Version ${conflict.version}, enregistrée le ${conflict.at}`}
        {conflict.by ? ` par ${conflict.by}` : ""}.
      </p>
      {conflict.changes.length === 0 ? (
        <p>Aucun champ n'a changé de valeur.</p>
      ) : (
        <table className="admin-table">
          <caption>Les champs qui ont changé, tels qu'ils sont maintenant enregistrés</caption>
          <thead>
            <tr>
              <th scope="col">Champ</th>
              <th scope="col">Valeur enregistrée</th>
            </tr>
          </thead>
          <tbody>
            {conflict.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.label}</th>
                <td>{change.theirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <input type="hidden" name="overwriteVersion" value={conflict.version} />
      <p className="admin-actions">
        <a href="?" className="admin-button">
          Recharger (abandonner mes modifications)
        </a>{" "}
        <button type="submit" name="intent" value="overwrite">
          Enregistrer quand même (remplacer ces modifications)
        </button>
      </p>
    </section>
  );
}
