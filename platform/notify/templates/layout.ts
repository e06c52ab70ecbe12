import { legalLine, type ShopIdentity, shopIdentity } from "#platform/shop-identity.ts";

/**
 * The shop's email layout: one table-based HTML page that mail clients render alike (no external
 * CSS, no images), and a plain-text version where the action's URL is written in full. The
 * header, the signature and the small print under every email carry the shop's one identity
 * (platform/shop-identity.ts).
 */

/** The small print closing every email: who the shop is and how to reach it. */
export function emailIdentityLines(identity: ShopIdentity): string[] {
  return [legalLine(identity), `${identity.email} · ${identity.phone}`];
}

export type EmailParts = {
  subject: string;
  /** The line mail clients show after the subject in the inbox; hidden in the body. */
  preheader?: string;
  paragraphs: string[];
  /** A button in the HTML, the label and the full URL in the text version. */
  action?: { label: string; url: string };
  /** Further links after the action, each a plain link (an order's invoice). */
  links?: { label: string; url: string }[];
  /** Small print under the body ("Si vous n'êtes pas à l'origine de cette demande…"). */
  footnote?: string;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const ACCENT = "#7a2e1d";
const FONT = "Helvetica, Arial, sans-serif";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Wraps a French email body in the shop's HTML layout and gives the text version. */
export function renderEmail(
  parts: EmailParts,
  identity: ShopIdentity = shopIdentity(),
): RenderedEmail {
  for (const link of [...(parts.action ? [parts.action] : []), ...(parts.links ?? [])]) {
    if (!/^https?:\/\//.test(link.url)) {
      throw new Error(`An email link needs an http(s) URL, got "${link.url}"`);
    }
  }
  return {
    subject: parts.subject,
    text: renderText(parts, identity),
    html: renderHtml(parts, identity),
  };
}

function renderText(parts: EmailParts, identity: ShopIdentity): string {
  const blocks = [...parts.paragraphs];
  if (parts.action) blocks.push(`${parts.action.label} :\n${parts.action.url}`);
  for (const link of parts.links ?? []) blocks.push(`${link.label} :\n${link.url}`);
  if (parts.footnote) blocks.push(parts.footnote);
  blocks.push(`L'équipe ${identity.tradeName}`);
  blocks.push(`--\n${emailIdentityLines(identity).join("\n")}`);
  return `${blocks.join("\n\n")}\n`;
}

function renderHtml(parts: EmailParts, identity: ShopIdentity): string {
  const name = escapeHtml(identity.tradeName);
  const paragraphs = parts.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:#222222;">${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f1ec;">
${parts.preheader ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(parts.preheader)}</div>` : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f1ec;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:#ffffff;">
<tr><td style="padding:24px 32px;background-color:${ACCENT};font-family:${FONT};font-size:24px;font-weight:bold;color:#ffffff;">${name}</td></tr>
<tr><td style="padding:32px;">
${paragraphs}
${parts.action ? renderButton(parts.action) : ""}
${(parts.links ?? []).map((link) => `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;"><a href="${escapeHtml(link.url)}" style="color:${ACCENT};">${escapeHtml(link.label)}</a></p>`).join("\n")}
<p style="margin:24px 0 0 0;font-family:${FONT};font-size:16px;line-height:24px;color:#222222;">L'équipe ${name}</p>
</td></tr>
${parts.footnote ? `<tr><td style="padding:16px 32px 32px 32px;font-family:${FONT};font-size:13px;line-height:20px;color:#666666;">${escapeHtml(parts.footnote)}</td></tr>` : ""}
<tr><td style="padding:16px 32px;border-top:1px solid #e5e0d8;font-family:${FONT};font-size:12px;line-height:18px;color:#666666;">${emailIdentityLines(identity).map(escapeHtml).join("<br>")}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderButton(action: { label: string; url: string }): string {
  const url = escapeHtml(action.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;">
<tr><td style="background-color:${ACCENT};border-radius:4px;">
<a href="${url}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px 0;font-family:${FONT};font-size:13px;line-height:20px;color:#666666;">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${url}" style="color:${ACCENT};word-break:break-all;">${url}</a></p>`;
}
