import { describe, expect, it } from "vitest";
import { staffLabel } from "#app/lib/admin/staff-label.server.ts";

describe("staffLabel", () => {
  it("names the staff member and their role", () => {
    expect(staffLabel({ name: "Camille Martin", email: "c@comptoir.fr", role: "editor" })).toBe(
      "Camille Martin · Éditeur",
    );
  });

  it("never repeats the role: a name that is the role gives way to the email", () => {
    expect(staffLabel({ name: "Administrateur", email: "chef@comptoir.fr", role: "admin" })).toBe(
      "chef@comptoir.fr · Administrateur",
    );
    expect(staffLabel({ name: " administrateur ", email: "a@comptoir.fr", role: "admin" })).toBe(
      "a@comptoir.fr · Administrateur",
    );
    expect(staffLabel({ name: "éditeur", email: "e@comptoir.fr", role: "editor" })).toBe(
      "e@comptoir.fr · Éditeur",
    );
  });

  it("uses the email when the name is blank", () => {
    expect(staffLabel({ name: "  ", email: "b@comptoir.fr", role: "editor" })).toBe(
      "b@comptoir.fr · Éditeur",
    );
  });
});
