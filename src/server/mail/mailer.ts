import { createTransport, type Transporter } from "nodemailer";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import { outboxMails } from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mail } from "./templates";

/**
 * The one way the server sends email (docs/decisions/0069): over SMTP when SMTP_URL is set, into
 * the built-in outbox on a loopback site without it, nowhere otherwise (`transport: "none"`;
 * the endpoints that would send refuse first). `send` returns at once: the mail goes out in the
 * background, and a failure is logged and retried a bounded number of times, so no HTTP answer
 * depends on whether sending worked. Logs name the attempt and the error, never the link or code.
 */
export type Mailer = {
  readonly transport: Config["mail"]["transport"];
  send(mail: Mail): void;
  /** Waits for the mails under way (retries are dropped) and closes the SMTP connection. */
  close(): Promise<void>;
};

/** Waits before the 2nd, 3rd, … attempt; after the last one the mail is given up (and logged). */
const DEFAULT_RETRY_DELAYS_MS = [2_000, 15_000, 60_000];

export function createMailer(
  config: Config,
  deps: { db: Database; logger: Logger },
  options: { retryDelaysMs?: number[] } = {},
): Mailer {
  const { db, logger } = deps;
  const mail = config.mail;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const transporter: Transporter | undefined =
    mail.transport === "smtp" ? createTransport(mail.url, { from: mail.from }) : undefined;
  const timers = new Set<NodeJS.Timeout>();
  const underWay = new Set<Promise<void>>();
  let closed = false;

  const deliver = async (message: Mail) => {
    if (mail.transport === "outbox") {
      await db.insert(outboxMails).values(message);
      return;
    }
    if (!transporter) throw new Error("email is not configured (SMTP_URL)");
    await transporter.sendMail({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  };

  const attempt = (message: Mail, number: number) => {
    const run = deliver(message).then(
      () => {
        if (number > 1) logger.info({ attempt: number }, "email sent after a retry");
      },
      (error: unknown) => {
        const failure = describe(error);
        const delay = retryDelays[number - 1];
        if (delay === undefined || closed) {
          logger.error({ attempt: number, ...failure }, "email not sent: giving up");
          return;
        }
        logger.warn({ attempt: number, ...failure }, "email not sent: will retry");
        const timer = setTimeout(() => {
          timers.delete(timer);
          attempt(message, number + 1);
        }, delay);
        timer.unref();
        timers.add(timer);
      },
    );
    underWay.add(run);
    void run.finally(() => underWay.delete(run));
  };

  return {
    transport: mail.transport,
    send(message) {
      if (closed) return;
      attempt(message, 1);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...underWay]);
      transporter?.close();
    },
  };
}

/** What is safe to log about a sending failure: no message content, no credentials. */
function describe(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error).slice(0, 200) };
  const { code, responseCode, command } = error as Error & {
    code?: string;
    responseCode?: number;
    command?: string;
  };
  return { error: error.message.slice(0, 300), code, responseCode, command };
}
