import type { IncomingMessage } from "node:http";
import { desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import ipaddr from "ipaddr.js";
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

  const sitePort = portOf(new URL(services.config.siteUrl));
  // Behind a loopback SITE_URL the server may still listen on other interfaces (HOST): only
  // this machine reads the outbox.
  router.use(async (c, next) => {
    if (!fromThisMachine(c, sitePort)) return c.notFound();
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

/** localhost, 127.0.0.0/8 or [::1], and the port if any. */
const loopbackHost = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::(\d{1,5}))?$/i;

/** Headers a proxy adds: a request that passed through one may have come from anywhere. */
const proxyHeaders = /^(forwarded|via|x-real-ip|x-forwarded-.*)$/i;

/**
 * A request made on this machine, to this server by a loopback name: the socket is loopback,
 * no proxy passed it on (a proxy on this machine would make any caller look local), and the
 * `Host` is localhost, 127.0.0.0/8 or [::1] at our port, so a page on another site cannot reach
 * the outbox through a DNS name it points at 127.0.0.1 (DNS rebinding).
 */
function fromThisMachine(c: Context, sitePort: string): boolean {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const address = socket?.remoteAddress;
  if (!socket || address === undefined || !isLoopbackAddress(address)) return false;
  if (Object.keys(c.req.header()).some((name) => proxyHeaders.test(name))) return false;
  const host = loopbackHost.exec(c.req.header("host") ?? "");
  if (!host) return false;
  const [, name, port = "80"] = host;
  if (name!.startsWith("127.") && !ipaddr.IPv4.isValidFourPartDecimal(name!)) return false;
  return port === String(socket.localPort) || port === sitePort;
}

function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}

/** The URL's port, or its scheme's default. */
function portOf(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}
