import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type EntrySchedule, SCHEDULE_MESSAGES } from "#app/lib/admin/content-schedule.ts";
import { SchedulePanel } from "./schedule-panel.tsx";

const schedule: EntrySchedule = {
  pending: [
    {
      id: "sa-1",
      version: 2,
      operation: "publish",
      text: "Publication le 4 décembre 2026 à 10h00",
      at: "2026-12-04T10:00:00.000+01:00",
      by: "chef@comptoir.test",
      scheduledAt: "3 décembre 2026 à 9h00",
    },
  ],
  runs: [
    {
      id: "sa-0",
      operation: "unpublish",
      text: "Dépublication le 1 décembre 2026 à 8h00",
      at: "2026-12-01T08:00:00.000+01:00",
      by: null,
      status: "failed",
      result: "Échec : le contenu n'était pas publié.",
    },
  ],
  today: "2026-12-03",
};

const render = (url: string, canPublish = true) => {
  const Stub = createRoutesStub([
    {
      path: "/middleware/contenu/entrees/:id/",
      Component: () => (
        <SchedulePanel
          entryId="page-noel"
          schedule={schedule}
          canPublish={canPublish}
          csrfToken="jeton"
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
};

const ENTRY = "/middleware/contenu/entrees/page-noel/";

describe("the « Programmation » panel", () => {
  it("lists what is to come with « Annuler », and the form in Paris time", () => {
    const html = render(ENTRY);
    expect(html).toContain('id="programmation"');
    expect(html).toContain("Programmation</h2>");
    expect(html).toContain("Publication le 4 décembre 2026 à 10h00");
    expect(html).toContain("programmée par chef@comptoir.test");
    expect(html).toContain(
      'aria-label="Annuler la publication le 4 décembre 2026 à 10h00">Annuler</button>',
    );
    expect(html).toContain('action="/middleware/contenu/entrees/page-noel/programmation/"');
    expect(html).toContain('name="_csrf" value="jeton"');
    expect(html).toMatch(/<label for="programmation-heure">Heure de Paris<\/label>/);
    expect(html).toMatch(
      /type="date" id="programmation-date"[^>]*min="2026-12-03"[^>]*name="date"/,
    );
    expect(html).toMatch(/type="time" id="programmation-heure"[^>]*name="time"/);
    expect(html).toContain(">Publier</label>");
    expect(html).toContain(">Dépublier</label>");
    expect(html).toContain("Échec : le contenu n&#x27;était pas publié.");
    expect(html).toContain('href="/middleware/contenu/calendrier/"');
  });

  it("shows a refusal next to the date and time, with what was typed", () => {
    const html = render(
      `${ENTRY}?programmation-erreur=passe&programmation-operation=unpublish&programmation-date=2026-12-01&programmation-heure=09:15`,
    );
    expect(html).toContain(SCHEDULE_MESSAGES.passe.replaceAll("'", "&#x27;"));
    expect(html).toContain('aria-describedby="programmation-quand-erreur"');
    expect(html).toContain('value="2026-12-01"');
    expect(html).toContain('value="09:15"');
    expect(html).toMatch(/id="programmation-depublier"[^>]*checked=""/);
  });

  it("says a schedule was saved", () => {
    expect(render(`${ENTRY}?programmation=ok`)).toContain("Programmation enregistrée.");
    expect(render(`${ENTRY}?programmation=annulee`)).toContain("Programmation annulée.");
  });

  it("shows a role without `publish` what is to come, with no form and no « Annuler »", () => {
    const html = render(ENTRY, false);
    expect(html).toContain("Publication le 4 décembre 2026 à 10h00");
    expect(html).not.toContain("<form");
    expect(html).toContain("Votre rôle ne permet pas de programmer une publication");
  });
});
