import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";

/**
 * The account pages' frame: one centred card under a heading (a spinner instead while `busy`),
 * and a way back below it.
 */
export function AuthShell({
  title,
  description,
  back,
  busy = false,
  children,
}: {
  title: string;
  description: ReactNode;
  back: { to: string; label: string };
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-secondary to-background px-4 py-10">
      {busy ? (
        <Spinner className="text-base" />
      ) : (
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      )}
      <Button asChild variant="ghost">
        <Link to={back.to}>
          <ArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
      </Button>
    </main>
  );
}
