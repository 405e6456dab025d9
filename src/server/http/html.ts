import type { Context } from "hono";

/**
 * Small server-rendered HTML pages without scripts (the local billing pages, the outbox): an
 * escaping template tag and one document layout whose only style block carries the response's
 * CSP nonce. Colours and type follow the app's design tokens (src/client/styles.css).
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
type Part = Html | string | number | null | undefined | false | Html[];
export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
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
pre{white-space:pre-wrap;word-break:break-word;background:#f8fafc;border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;font-size:.875rem;margin:0}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.5rem;letter-spacing:.25em;font-weight:700}
ul.plain{list-style:none;margin:0;padding:0}ul.plain li{border-bottom:1px solid #e2e8f0;padding:.75rem 0}
.pre-wrap{white-space:pre-wrap;word-break:break-word}
.card+.card{margin-top:1rem}.card>h2:first-child{margin-top:0}
blockquote{margin:.5rem 0 1rem;padding:.5rem .75rem;border-left:3px solid #c7d2fe;background:#f8fafc}
textarea{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;color:#0f172a;min-height:5rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;

/** A whole page: `banner` (e.g. "test mode") above the main column. */
export function htmlDocument(
  title: string,
  body: Html,
  options: { nonce: string; banner?: Html; wide?: boolean },
): string {
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
      ${options.banner ? html`<header>${options.banner}</header>` : ""}
      <main class="${options.wide ? "wide" : ""}">${body}</main>
    </body>
  </html>`}`;
}

/**
 * Sends a page made with `htmlDocument`, never cached. Its security headers and the nonce of its
 * `<style>` come from `renderedPageHeaders` (security-headers.ts), called before rendering.
 */
export function sendHtmlPage(c: Context, page: string, status: number): Response {
  c.header("Content-Type", "text/html; charset=utf-8");
  c.header("Cache-Control", "no-store");
  return c.body(page, status as 200);
}
