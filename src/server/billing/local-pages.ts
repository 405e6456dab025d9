import { premiumPlan } from "@/shared/billing";
import { Html, html, htmlDocument } from "@/server/http/html";
import type { CardField } from "./cards";

/**
 * The built-in test checkout and subscription-management pages, rendered on the server as
 * small, script-free HTML documents (docs/decisions/0042-local-billing-pages.md). They stand in
 * for Stripe's hosted pages, so like those they live outside the SPA.
 */

export type HtmlPage = { status: number; html: string };

function layout(title: string, body: Html, options: { wide?: boolean; nonce: string }): string {
  return htmlDocument(title, body, { ...options, banner: testBanner });
}

const testBanner = html`<div class="test-banner" role="note">
  <strong>TEST MODE</strong> — payments here are simulated and no real card is charged. Test card:
  4242 4242 4242 4242.
</div>`;

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
