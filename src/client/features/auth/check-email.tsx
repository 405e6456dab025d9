import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";

/** "Check your email": what was sent and what to do with it. */
export function CheckEmail({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-2 text-center" role="status">
      <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="text-sm wrap-anywhere text-muted-foreground">{children}</p>
    </div>
  );
}
