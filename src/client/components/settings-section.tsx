import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";
import { cn } from "./ui/cn";

/** One section of the account page: a card with its heading (labelling it) and what it holds. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className={cn("gap-5", className)}>
        <CardHeader>
          <CardTitle as="h2" id={`${id}-title`}>
            {title}
          </CardTitle>
          {description && (
            <CardDescription className="wrap-anywhere">{description}</CardDescription>
          )}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
