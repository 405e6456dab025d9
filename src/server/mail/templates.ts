import { html } from "@/server/http/html";

/**
 * The account emails, each a plain-text and an HTML part carrying the same link and 6-digit
 * code. The HTML keeps to what mail clients render: tables and inline styles, the app's colours
 * (src/client/styles.css: primary #4f46e5, text #0f172a, muted #475569, border #e2e8f0).
 */

/** Mails with a link and a code to confirm something. */
export type MailKind = "recovery" | "signup" | "email_change" | "email_change_current";
/** Mails that only tell the account's owner what changed, with a way to react. */
type NoticeKind = "email_changed" | "password_changed";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link in the mail and its code (the outbox shows them; never logged). */
  link: string;
  code: string;
};

type Copy = { subject: string; heading: string; intro: string; button: string; ignore: string };

/** `other`: the address an email change moves to (or the one it came from). */
const copy: Record<MailKind | NoticeKind, (other: string) => Copy> = {
  recovery: () => ({
    subject: "Reset your Interview Coach password",
    heading: "Reset your password",
    intro: "Someone asked to reset the password of your Interview Coach account.",
    button: "Choose a new password",
    ignore: "If it wasn't you, ignore this email: your password stays as it is.",
  }),
  signup: () => ({
    subject: "Confirm your email for Interview Coach",
    heading: "Confirm your email",
    intro: "Welcome to Interview Coach! Confirm this address to finish creating your account.",
    button: "Confirm my email",
    ignore: "If you didn't sign up, ignore this email and no account will be created.",
  }),
  // The two halves of an email change (docs/decisions/0080): it happens once both confirm.
  email_change: () => ({
    subject: "Confirm your new email for Interview Coach",
    heading: "Confirm your new email",
    intro:
      "Someone asked to use this address for an Interview Coach account. The change also needs " +
      "a confirmation from the account's current address; until both are confirmed, the old " +
      "address keeps working.",
    button: "Confirm this address",
    ignore: "If it wasn't you, ignore this email: nothing changes.",
  }),
  email_change_current: (other) => ({
    subject: "Confirm the change of your Interview Coach email",
    heading: "Move your account to a new email?",
    intro:
      `Someone asked to change the email of your Interview Coach account to ${other}. The ` +
      "change needs your confirmation here and from the new address.",
    button: "Confirm the change",
    ignore:
      "If it wasn't you, don't confirm: nothing changes. Someone may know your password, so " +
      "reset it with the link below.",
  }),
  email_changed: (other) => ({
    subject: "Your Interview Coach email was changed",
    heading: "Your email was changed",
    intro: `Your Interview Coach account now signs in with ${other}, not with this address.`,
    button: "Reset your password",
    ignore:
      "If this wasn't you, reset your password now and reply to this email so we can help you " +
      "take your account back.",
  }),
  password_changed: () => ({
    subject: "Your Interview Coach password was changed",
    heading: "Your password was changed",
    intro:
      "The password of your Interview Coach account was just changed, and your other devices " +
      "were signed out.",
    button: "Reset your password",
    ignore:
      "If this wasn't you, reset your password now with the link below and reply to this email " +
      "so we can help you secure your account.",
  }),
};

/** A notice of a change: no code, a link to reset the password (`link`). */
export function composeNotice(kind: NoticeKind, to: string, link: string, other = ""): Mail {
  return render(copy[kind](other), to, link, undefined);
}

/** `other`: for an email change mailed to the current address, the new one. */
export function composeMail(
  kind: MailKind,
  to: string,
  link: string,
  code: string,
  other = "",
): Mail {
  return render(copy[kind](other), to, link, code);
}

/** The mail; without a code, a notice (no code, no expiry). */
function render(c: Copy, to: string, link: string, code: string | undefined): Mail {
  // one_time_tokens: an hour, single use
  const expiry = code === undefined ? "" : "The link and the code expire in 1 hour and work once.";
  const text = [
    c.heading,
    "",
    c.intro,
    "",
    `${c.button}:`,
    link,
    "",
    ...(code === undefined ? [] : [`Or enter this code: ${code}`, ""]),
    ...(expiry ? [expiry] : []),
    c.ignore,
    "",
    "— Interview Coach",
  ].join("\n");

  const font =
    'font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
  const body = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${c.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f1f5f9;${font};color:#0f172a">
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          style="background:#f1f5f9"
        >
          <tr>
            <td align="center" style="padding:32px 16px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:480px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px"
              >
                <tr>
                  <td style="padding:24px 24px 0;font-size:16px;font-weight:700;color:#4f46e5">
                    Interview Coach
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 24px 24px;font-size:15px;line-height:1.5">
                    <h1 style="margin:0 0 8px;font-size:22px;line-height:1.25">${c.heading}</h1>
                    <p style="margin:0 0 20px;color:#475569">${c.intro}</p>
                    <p style="margin:0 0 20px">
                      <a
                        href="${link}"
                        style="display:inline-block;background:#4f46e5;color:#ffffff;font-weight:600;text-decoration:none;border-radius:8px;padding:12px 20px"
                        >${c.button}</a
                      >
                    </p>
                    ${
                      code === undefined
                        ? ""
                        : html`<p style="margin:0 0 8px;color:#475569">Or enter this code:</p>
                            <p
                              style="margin:0 0 20px;font-family:ui-monospace,Menlo,monospace;font-size:28px;font-weight:700;letter-spacing:6px"
                            >
                              ${code}
                            </p>`
                    }
                    <p style="margin:0 0 8px;color:#475569;font-size:13px">${expiry} ${c.ignore}</p>
                    <p style="margin:0;color:#475569;font-size:13px;word-break:break-all">
                      If the button does not work, open this address:<br /><a
                        href="${link}"
                        style="color:#4338ca"
                        >${link}</a
                      >
                    </p>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  return { to, subject: c.subject, text, html: body.value, link, code: code ?? "" };
}
