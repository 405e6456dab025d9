import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { clientIp } from "@/server/auth/client-ip";
import { isUuid } from "@/server/db/uuid";
import { outboxMails } from "@/server/db/schema";
import type { AppEnv } from "@/server/http/env";
import { html, htmlDocument, sendHtmlPage } from "@/server/http/html";
import { mailPreviewHeaders, renderedPageHeaders } from "@/server/http/security-headers";
import type { Services } from "@/server/services";

/** The newest mails the list shows. */
const LIST_LIMIT = 50;

const banner = html`<div class="test-banner" role="note">
  <strong>LOCAL OUTBOX</strong> — email is not configured (no SMTP_URL), so the mails this site
  sends are kept here instead. Only a site on this machine shows this page.
</div>`;

/**
 * The built-in outbox (docs/decisions/0069): `/outbox` lists the mails the server would have
 * sent, `/outbox/{id}` shows one with its link and code, `/outbox/{id}/html` its HTML part as
 * the recipient would see it. Mounted only when config.mail is the outbox (a loopback site
 * without SMTP), so never on a public site. Pages without scripts, like the billing pages.
 */
export function outboxRoutes(services: Services) {
  const { db } = services.database;
  const router = new Hono<AppEnv>();
  const dateTime = new Intl.DateTimeFormat("en", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: "UTC",
  });

  // Behind a loopback SITE_URL the server may still listen on other interfaces (HOST): only
  // this machine reads the outbox.
  router.use(async (c, next) => {
    const ip = clientIp(c, false);
    const loopback = ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
    if (!loopback) return c.notFound();
    await next();
  });

  router.get("/", async (c) => {
    const mails = await db
      .select({
        id: outboxMails.id,
        to: outboxMails.to,
        subject: outboxMails.subject,
        createdAt: outboxMails.createdAt,
      })
      .from(outboxMails)
      .orderBy(desc(outboxMails.createdAt))
      .limit(LIST_LIMIT);
    const body = html`<div class="card">
      <h1>Outbox</h1>
      <p class="muted">The newest ${LIST_LIMIT} mails, newest first.</p>
      ${
        mails.length === 0
          ? html`<p>No mail yet.</p>`
          : html`<ul class="plain">
              ${mails.map(
                (mail) =>
                  html`<li>
                    <a class="link" href="/outbox/${mail.id}">${mail.subject}</a>
                    <div class="muted">To ${mail.to} · ${dateTime.format(mail.createdAt)} UTC</div>
                  </li>`,
              )}
            </ul>`
      }
      <div class="actions"><a class="btn btn-secondary" href="/">Back to Interview Coach</a></div>
    </div>`;
    const nonce = renderedPageHeaders(c);
    return sendHtmlPage(c, htmlDocument("Outbox", body, { nonce, banner, wide: true }), 200);
  });

  const find = async (id: string) =>
    isUuid(id) ? (await db.select().from(outboxMails).where(eq(outboxMails.id, id)))[0] : undefined;

  router.get("/:id", async (c) => {
    const mail = await find(c.req.param("id"));
    const nonce = renderedPageHeaders(c);
    if (!mail) {
      const body = html`<div class="card">
        <h1>Mail not found</h1>
        <div class="actions">
          <a class="btn btn-secondary" href="/outbox">Back to the outbox</a>
        </div>
      </div>`;
      return sendHtmlPage(c, htmlDocument("Mail not found", body, { nonce, banner }), 404);
    }
    const body = html`<div class="card">
      <h1>${mail.subject}</h1>
      <dl>
        <dt>To</dt>
        <dd>${mail.to}</dd>
        <dt>Sent</dt>
        <dd>${dateTime.format(mail.createdAt)} UTC</dd>
        <dt>Code</dt>
        <dd class="code">${mail.code}</dd>
      </dl>
      <div class="actions">
        <a class="btn btn-primary" href="${mail.link}">Open the link</a>
      </div>
      <h2>Plain text</h2>
      <pre>${mail.text}</pre>
      <div class="actions">
        <a class="link" href="/outbox/${mail.id}/html">See the HTML version</a>
        <a class="link" href="/outbox">Back to the outbox</a>
      </div>
    </div>`;
    return sendHtmlPage(c, htmlDocument(mail.subject, body, { nonce, banner, wide: true }), 200);
  });

  // The mail's own HTML, as a mail client shows it: its inline styles, and no script can run.
  router.get("/:id/html", async (c) => {
    const mail = await find(c.req.param("id"));
    if (!mail) return c.notFound();
    mailPreviewHeaders(c);
    return sendHtmlPage(c, mail.html, 200);
  });

  return router;
}
