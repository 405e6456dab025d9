import { startSmtpSink, type SmtpSink } from "./smtp-sink";
import { createTestApp, type TestApp } from "./test-app";

/**
 * The app sending its account mail to an SMTP sink, with the sign-in, mail and verification
 * limits out of the way: for tests that follow emailed links and codes many times over.
 */
export async function startMailingTestApp(): Promise<{
  smtp: SmtpSink;
  t: TestApp;
  close(): Promise<void>;
}> {
  const smtp = await startSmtpSink();
  const t = await createTestApp({
    env: {
      RATE_LIMIT_SIGN_IN_SIGN_UPS: "10000",
      RATE_LIMIT_EMAIL_SENT: "10000",
      RATE_LIMIT_VERIFY: "10000",
      SMTP_URL: smtp.url,
    },
  });
  return {
    smtp,
    t,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
