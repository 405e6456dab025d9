import { premiumPlan } from "@/shared/billing";
import type { CardField } from "./cards";

/**
 * The built-in test checkout and subscription-management pages, rendered on the server as
 * small, script-free HTML documents (docs/decisions/0042-local-billing-pages.md). They stand in
 * for Stripe's hosted pages, so like those they live outside the SPA. Colours and type follow
 * the app's design tokens (src/client/styles.css).
 */

export type HtmlPage = { status: number; html: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
type Part = Html | string | number | null | undefined | false | Html[];
function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  parts.forEach((part, i) => {
    if (Array.isArray(part)) out += part.map(String).join("");
    else if (part instanceof Html) out += part.value;
    else if (part !== null && part !== undefined && part !== false) out += escapeHtml(String(part));
    out += strings[i + 1]!;
  });
  return new Html(out);
}

const styles = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
:focus-visible{outline:2px solid #4f46e5;outline-offset:2px}
.test-banner{background:#fffbeb;color:#78350f;border-bottom:1px solid #fcd34d;padding:.5rem 1rem;text-align:center;font-size:.875rem}
.test-banner strong{font-weight:700}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
main.wide{max-width:40rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 2px 0 rgb(15 23 42/.05),0 1px 3px 0 rgb(15 23 42/.06);padding:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.muted{color:#475569}
.price{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;padding:1rem 0;border-bottom:1px solid #e2e8f0;margin-bottom:1rem}
.price .amount{font-size:1.25rem;font-weight:700}
.field{margin-bottom:1rem}
.row{display:flex;gap:1rem}.row .field{flex:1}
label{display:block;font-weight:600;font-size:.875rem;margin-bottom:.25rem}
input{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:#0f172a;min-height:2.5rem}
input[readonly]{background:#f1f5f9;color:#475569}
input[aria-invalid=true]{border-color:#dc2626;border-width:2px}
.field-error{color:#991b1b;font-size:.875rem;margin:.25rem 0 0}
.hint{color:#475569;font-size:.8125rem;margin:.25rem 0 0}
.alert{border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.alert-error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.alert-success{background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;font:inherit;font-weight:600;border-radius:.5rem;padding:.625rem 1rem;min-height:2.75rem;border:1px solid transparent;cursor:pointer;text-decoration:none}
.btn-primary{background:#4f46e5;color:#fff;width:100%}
.btn-primary:hover{background:#4338ca}
.btn-secondary{background:#eef2ff;color:#3730a3}
.btn-secondary:hover{background:#e0e7ff}
.btn-danger{background:#fff;color:#b91c1c;border-color:#fca5a5}
.btn-danger:hover{background:#fef2f2}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
.link{color:#4338ca;font-weight:600}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:0}
dt{color:#475569}dd{margin:0;font-weight:600}
table{width:100%;border-collapse:collapse;font-size:.875rem}
th,td{text-align:left;padding:.5rem .25rem;border-bottom:1px solid #e2e8f0}
th{color:#475569;font-weight:600}
.status-failed{color:#991b1b}
.badge{display:inline-block;border-radius:999px;padding:.125rem .625rem;font-size:.8125rem;font-weight:600;background:#eef2ff;color:#3730a3}
.badge-warn{background:#fffbeb;color:#92400e}
.badge-off{background:#f1f5f9;color:#475569}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

function layout(title: string, body: Html, options: { wide?: boolean; nonce: string }): string {
  return `<!doctype html>${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="robots" content="noindex" />
      <title>${title} — Interview Coach</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <style nonce="${options.nonce}">
        ${new Html(styles)}
      </style>
    </head>
    <body>
      <div class="test-banner" role="note">
        <strong>TEST MODE</strong> — payments here are simulated and no real card is charged. Test
        card: 4242 4242 4242 4242.
      </div>
      <main class="${options.wide ? "wide" : ""}">${body}</main>
    </body>
  </html>`}`;
}

export type CheckoutForm = {
  email: string;
  values?: { number?: string; expiry?: string };
  fieldErrors?: Partial<Record<CardField, string>>;
  /** A decline or other payment failure, shown above the form. */
  paymentError?: string;
};

const fieldIds: Record<CardField, string> = {
  number: "card-number",
  expiry: "card-expiry",
  cvc: "card-cvc",
};

export function checkoutPage(
  action: string,
  form: CheckoutForm,
  nonce: string,
  status = 200,
): HtmlPage {
  const errors = form.fieldErrors ?? {};
  const errorCount = Object.keys(errors).length;
  const input = (
    field: CardField,
    label: string,
    attributes: Html,
    value: string | undefined,
    hint?: string,
  ) => {
    const id = fieldIds[field];
    const error = errors[field];
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
      .filter(Boolean)
      .join(" ");
    return html`<div class="field">
      <label for="${id}">${label}</label>
      <input
        id="${id}"
        name="${field}"
        ${attributes}
        value="${value ?? ""}"
        required${
          error ? new Html(' aria-invalid="true"') : ""
        }${described ? html` aria-describedby="${described}"` : ""}
      />
      ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : ""}
      ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : ""}
    </div>`;
  };

  const body = html`<div class="card">
    <h1>Subscribe to Premium</h1>
    <p class="muted">Interview Coach — test checkout</p>
    <div class="price">
      <span>Premium — ${premiumPlan.priceLabel}</span
      ><span class="amount">${premiumPlan.amountLabel}</span>
    </div>
    ${
      form.paymentError
        ? html`<div class="alert alert-error" role="alert">${form.paymentError}</div>`
        : errorCount > 0
          ? html`<div class="alert alert-error" role="alert">
              Please correct the ${errorCount === 1 ? "field" : "fields"} marked below.
            </div>`
          : ""
    }
    <form method="post" action="${action}" novalidate>
      <div class="field">
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          value="${form.email}"
          readonly
          autocomplete="email"
        />
      </div>
      ${input(
        "number",
        "Card number",
        html`type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"
        placeholder="1234 1234 1234 1234" spellcheck="false"`,
        form.values?.number,
        "Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.",
      )}
      <div class="row">
        ${input("expiry", "Expiry", html`type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM / YY"`, form.values?.expiry)}
        ${input("cvc", "CVC", html`type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"`, undefined)}
      </div>
      <button class="btn btn-primary" type="submit">Pay ${premiumPlan.amountLabel}</button>
    </form>
    <div class="actions"><a class="link" href="/practice">Cancel and go back to practice</a></div>
  </div>`;
  return { status, html: layout("Test checkout", body, { nonce }) };
}

export function messagePage(
  title: string,
  message: string,
  nonce: string,
  status: number,
  link: { href: string; label: string } = { href: "/practice", label: "Back to practice" },
): HtmlPage {
  const body = html`<div class="card">
    <h1>${title}</h1>
    <p class="muted">${message}</p>
    <div class="actions"><a class="btn btn-secondary" href="${link.href}">${link.label}</a></div>
  </div>`;
  return { status, html: layout(title, body, { nonce }) };
}

export type PortalView = {
  email: string;
  locale: string;
  notice?: string;
  subscription: {
    status: string;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd: boolean;
    cardBrand: string;
    cardLast4: string;
  } | null;
  /** Whether the plan is still usable (active, or past_due within grace). */
  entitled: boolean;
  payments: {
    createdAt: Date;
    description: string;
    amount: number;
    currency: string;
    status: "succeeded" | "failed";
    cardBrand: string;
    cardLast4: string;
  }[];
};

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};

export function portalPage(basePath: string, view: PortalView, nonce: string): HtmlPage {
  const date = new Intl.DateTimeFormat(view.locale, { dateStyle: "long", timeZone: "UTC" });
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(view.locale, {
      style: "currency",
      currency: currency.toUpperCase(),
    }).format(amount / 100);
  const sub = view.subscription;

  let statusBadge = html`<span class="badge badge-off">No active plan</span>`;
  let dates: Html = html``;
  let actions: Html = html`<a class="btn btn-secondary" href="/practice"
    >Subscribe from the practice page</a
  >`;
  if (sub && view.entitled) {
    const end = date.format(sub.currentPeriodEnd);
    if (sub.cancelAtPeriodEnd) {
      statusBadge = html`<span class="badge badge-warn">Cancels on ${end}</span>`;
      dates = html`<dt>Access until</dt>
        <dd>${end}</dd>`;
      actions = html`<form method="post" action="${basePath}/resume">
        <button class="btn btn-secondary" type="submit">Resume subscription</button>
      </form>`;
    } else {
      statusBadge =
        sub.status === "past_due"
          ? html`<span class="badge badge-warn">Payment overdue</span>`
          : html`<span class="badge">Active</span>`;
      dates = html`<dt>Renews on</dt>
        <dd>${end}</dd>`;
      actions = html`<form method="post" action="${basePath}/cancel">
        <button class="btn btn-danger" type="submit">Cancel subscription</button>
      </form>`;
    }
  }

  const body = html`<div class="card">
    <h1>Manage subscription</h1>
    <p class="muted">${view.email}</p>
    ${view.notice ? html`<div class="alert alert-success" role="status">${view.notice}</div>` : ""}
    <h2>Plan</h2>
    <dl>
      <dt>Plan</dt>
      <dd>Premium — ${premiumPlan.priceLabel}</dd>
      <dt>Status</dt>
      <dd>${statusBadge}</dd>
      ${dates}
      ${
        sub
          ? html`<dt>Card</dt>
              <dd>${brandNames[sub.cardBrand] ?? "Card"} ending in ${sub.cardLast4}</dd>`
          : ""
      }
    </dl>
    <div class="actions">${actions}</div>
    <h2>Payment history</h2>
    ${
      view.payments.length === 0
        ? html`<p class="muted">No payments yet.</p>`
        : html`<table>
            <caption class="sr-only">
              Payments, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Card</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              ${view.payments.map(
                (p) =>
                  html`<tr><td>${date.format(p.createdAt)}</td><td>${p.description}</td><td>•••• ${p.cardLast4}</td><td>${money(
                    p.amount,
                    p.currency,
                  )}</td><td${p.status === "failed" ? new Html(' class="status-failed"') : ""}>${
                    p.status === "succeeded" ? "Paid" : "Failed"
                  }</td></tr>`,
              )}
            </tbody>
          </table>`
    }
    <div class="actions"><a class="btn btn-secondary" href="/practice">Back to practice</a></div>
  </div>`;
  return { status: 200, html: layout("Manage subscription", body, { wide: true, nonce }) };
}
