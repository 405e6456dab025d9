import { bodyLimit } from "@/server/http/body-limit";
import { Hono, type Context } from "hono";
import { sendHtmlPage } from "@/server/http/html";
import type { AppEnv } from "@/server/http/env";
import { renderedPageHeaders } from "@/server/http/security-headers";
import type { Services } from "@/server/services";
import { isWebForm, webForm } from "@/server/http/validate";
import { z } from "zod";
import type { LocalProvider } from "./local-provider";
import { checkoutPage, messagePage, portalPage, type HtmlPage } from "./local-pages";

/**
 * The local provider's hosted pages: `/billing/checkout/{id}` (pay) and `/billing/portal/{token}`
 * (manage). The id or token in the path is the capability, as with Stripe's hosted pages; every
 * state change is a POST that must come from our own origin.
 */
export function localBillingRoutes(services: Services) {
  const provider = services.billing.provider as LocalProvider;
  if (provider.kind !== "local") throw new Error("localBillingRoutes needs the local provider");
  const router = new Hono<AppEnv>();
  const siteOrigin = new URL(services.config.siteUrl).origin;

  /** The page was rendered with `nonce(c)`, which also set its security headers. */
  const send = (c: Context, page: HtmlPage) => sendHtmlPage(c, page.html, page.status);
  const nonce = renderedPageHeaders;

  /** Rejects form posts another site made the browser send (CSRF); non-browser clients pass. */
  const sameOrigin = (c: Context) => {
    const origin = c.req.header("origin");
    if (
      origin !== undefined &&
      origin !== siteOrigin &&
      !namesThisHost(origin, c.req.header("host"))
    ) {
      return false;
    }
    const site = c.req.header("sec-fetch-site");
    return site === undefined || site === "same-origin" || site === "none";
  };

  const forbidden = (c: Context, n: string) =>
    send(
      c,
      messagePage(
        "Request blocked",
        "This form can only be sent from Interview Coach itself.",
        n,
        403,
      ),
    );

  /** Same-origin form posts only; runs before the body is read. */
  const fromOurPages = async (c: Context, next: () => Promise<void>) => {
    if (sameOrigin(c)) return next();
    return forbidden(c, nonce(c));
  };

  /**
   * The checkout form. The card itself is checked by the provider (its answer is a page with
   * the problems beside the fields), so every field reads as text here: a missing or repeated
   * field, or a file, never fails the form.
   */
  const checkoutForm = webForm(
    z.object({ number: formText, expiry: formText, cvc: formText }),
    (c) => {
      const n = nonce(c);
      return send(c, messagePage("Unreadable form", "That form could not be read.", n, 400));
    },
  );

  const limit = bodyLimit(16 * 1024, (c) =>
    send(c, messagePage("Request too large", "That form was too large to process.", nonce(c), 413)),
  );

  const closedPage = (state: "expired" | "missing", n: string) =>
    state === "expired"
      ? messagePage(
          "This checkout has expired",
          "Start again from the practice page with “Subscribe for $11/month”.",
          n,
          410,
        )
      : messagePage("Checkout not found", "This checkout link is not valid.", n, 404);

  router.get("/checkout/:id", async (c) => {
    const n = nonce(c);
    const lookup = await provider.lookupCheckout(c.req.param("id"));
    if (lookup.state === "complete") return c.redirect("/practice?checkout=success", 303);
    if (lookup.state !== "open") return send(c, closedPage(lookup.state, n));
    return send(c, checkoutPage(c.req.path, { email: lookup.email }, n));
  });

  router.post("/checkout/:id", limit, fromOurPages, checkoutForm, async (c) => {
    const n = nonce(c);
    const id = c.req.param("id");
    const lookup = await provider.lookupCheckout(id);
    if (lookup.state === "complete") return c.redirect("/practice?checkout=success", 303);
    if (lookup.state !== "open") return send(c, closedPage(lookup.state, n));
    if (!isWebForm(c)) {
      return send(
        c,
        messagePage("Unsupported form", "Send the checkout form as a web form.", n, 415),
      );
    }
    const card = c.req.valid("form");
    const result = await provider.pay(id, card);
    if ("outcome" in result) {
      if (result.outcome === "closed") return send(c, closedPage(result.state, n));
      return c.redirect("/practice?checkout=success", 303);
    }
    // The number is echoed back so a typo can be fixed; the CVC never is. Pages are no-store.
    const values = { number: card.number, expiry: card.expiry };
    const page =
      result.kind === "invalid"
        ? checkoutPage(
            c.req.path,
            { email: lookup.email, values, fieldErrors: result.fieldErrors },
            n,
            400,
          )
        : checkoutPage(
            c.req.path,
            { email: lookup.email, values, paymentError: result.message },
            n,
            402,
          );
    return send(c, page);
  });

  const linkGone = (state: "expired" | null, n: string) =>
    state === "expired"
      ? messagePage(
          "This link has expired",
          "Open “Manage Subscription” on the practice page again for a fresh link.",
          n,
          410,
        )
      : messagePage("Link not found", "This subscription management link is not valid.", n, 404);

  const notices: Record<string, string> = {
    canceled:
      "Your subscription is cancelled. You keep Premium until the end of the period you paid for.",
    resumed: "Your subscription is active again and will renew as usual.",
  };

  router.get("/portal/:token", async (c) => {
    const n = nonce(c);
    const state = await provider.portal(c.req.param("token"));
    if (state === null || state === "expired") return send(c, linkGone(state, n));
    const sub = state.subscription;
    const page = portalPage(
      c.req.path,
      {
        email: state.email,
        locale: preferredLocale(c.req.header("accept-language")),
        notice: notices[c.req.query("notice") ?? ""],
        entitled: state.entitled,
        subscription: sub && {
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          cardBrand: sub.cardBrand,
          cardLast4: sub.cardLast4,
        },
        payments: state.payments,
      },
      n,
    );
    return send(c, page);
  });

  for (const action of ["cancel", "resume"] as const) {
    router.post(`/portal/:token/${action}`, limit, fromOurPages, async (c) => {
      const n = nonce(c);
      const token = c.req.param("token");
      const result = await provider[action](token);
      if (result !== "done") return send(c, linkGone(result, n));
      const notice = action === "cancel" ? "canceled" : "resumed";
      return c.redirect(`/billing/portal/${token}?notice=${notice}`, 303);
    });
  }

  return router;
}

/** A form field as text: a missing one or a file reads as "", a repeated one as its last value. */
const formText = z.preprocess(
  (value) => (Array.isArray(value) ? value.at(-1) : value),
  z.string().catch(""),
);

/** Whether `origin` is this server as the browser reached it (e.g. 127.0.0.1 instead of SITE_URL). */
function namesThisHost(origin: string, host: string | undefined): boolean {
  return host !== undefined && URL.canParse(origin) && new URL(origin).host === host;
}

/** The first Accept-Language tag Intl supports, else en-US. */
function preferredLocale(header: string | undefined): string {
  const tags = (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim())
    .filter((tag) => tag && tag !== "*")
    .slice(0, 10);
  for (const tag of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // not a well-formed language tag
    }
  }
  return "en-US";
}
