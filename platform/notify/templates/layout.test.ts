import { describe, expect, it } from "vitest";
import { emailIdentityLines, renderEmail } from "#platform/notify/templates/layout.ts";
import { DEMO_SHOP_IDENTITY } from "#platform/shop-identity.ts";

const smallPrint = `--\n${emailIdentityLines(DEMO_SHOP_IDENTITY).join("\n")}\n`;

describe("renderEmail", () => {
  const email = renderEmail({
    subject: "Réinitialisez votre mot de passe",
    preheader: "Le lien est valable 24 heures.",
    paragraphs: ["Bonjour <Camille> & co,", "Vous avez demandé un nouveau mot de passe."],
    action: { label: "Choisir un mot de passe", url: "https://shop.test/auth/reset/3/t?a=1&b=2" },
    footnote: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  });

  it("keeps the subject", () => {
    expect(email.subject).toBe("Réinitialisez votre mot de passe");
  });

  it("writes the text version with the URL in full and the signature", () => {
    expect(email.text).toBe(
      [
        "Bonjour <Camille> & co,",
        "Vous avez demandé un nouveau mot de passe.",
        "Choisir un mot de passe :\nhttps://shop.test/auth/reset/3/t?a=1&b=2",
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
        "L'équipe Comptoir",
        smallPrint,
      ].join("\n\n"),
    );
  });

  it("escapes the content in the French HTML layout", () => {
    expect(email.html).toContain('<html lang="fr">');
    expect(email.html).toContain(">Comptoir</td>");
    expect(email.html).toContain("Bonjour &lt;Camille&gt; &amp; co,");
    expect(email.html).not.toContain("<Camille>");
    expect(email.html).toContain("n&#39;êtes pas");
    expect(email.html).toContain("Le lien est valable 24 heures.");
  });

  it("shows the action as a button with its escaped URL", () => {
    expect(email.html).toContain(
      'href="https://shop.test/auth/reset/3/t?a=1&amp;b=2" style="display:inline-block',
    );
    expect(email.html).toContain(">Choisir un mot de passe</a>");
  });

  it("leaves out the button, preheader and footnote when not given", () => {
    const plain = renderEmail({ subject: "Merci", paragraphs: ["Votre commande est prête."] });
    expect(plain.html).not.toContain("<a ");
    expect(plain.html).not.toContain("display:none");
    expect(plain.text).toBe(`Votre commande est prête.\n\nL'équipe Comptoir\n\n${smallPrint}`);
  });

  it("refuses an action URL that is not http(s)", () => {
    expect(() =>
      renderEmail({
        subject: "x",
        paragraphs: [],
        action: { label: "x", url: "javascript:alert(1)" },
      }),
    ).toThrow("http(s) URL");
  });
});
