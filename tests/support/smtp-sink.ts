import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One mail as the SMTP server received it, read with mailparser. */
export type ReceivedMail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The verify link in the plain-text part. */
  link: string;
  /** The 6-digit code in the plain-text part. */
  code: string;
};

export type SmtpSink = {
  /** `smtp://…` for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` not taken yet (waits up to `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers the next `count` messages with a temporary failure (451). */
  failNext(count: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server in the test process (smtp-server; no TLS, any or no login), so the app
 * sends through nodemailer exactly as it would to a provider, and tests read what arrived.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on("end", () =>
          callback(Object.assign(new Error("try again later"), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? "";
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({
            to: to?.value[0]?.address ?? "",
            from: parsed.from?.value[0]?.address ?? "",
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            link: /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text)?.[0] ?? "",
            code: /code: (\d{6})/.exec(text)?.[1] ?? "",
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to === to && !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
