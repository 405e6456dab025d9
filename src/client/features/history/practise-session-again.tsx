import { RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { interviewLengths, type HistoryEntry, type StartSessionRequest } from "@/shared/sessions";

type SessionChoices = Extract<HistoryEntry, { kind: "session" }>["session"];
type Interview = Extract<StartSessionRequest, { mode: "interview" }>;
type Company = Extract<StartSessionRequest, { mode: "company" }>;

/** What starts a session like this one again: the same mode and choices, new questions. */
function sameSessionAgain(session: SessionChoices): StartSessionRequest | null {
  if (session.mode === "interview" && session.role && session.level) {
    return {
      mode: "interview",
      role: session.role as Interview["role"],
      level: session.level as Interview["level"],
      length: interviewLengths.find((n) => n === session.questionCount) ?? interviewLengths[0],
      ...(session.pressure ? { pressure: session.pressure } : {}),
    };
  }
  if (session.mode === "company" && session.company && session.role) {
    return {
      mode: "company",
      company: session.company,
      role: session.role as Company["role"],
      ...(session.level ? { level: session.level as Company["level"] } : {}),
    };
  }
  return null;
}

/**
 * "Practise again" for a session: the practice page starts a new one with the same choices at
 * once (the welcome's way of starting a session, carried in the history entry's state).
 */
export function PractiseSessionAgain({
  session,
  label,
  size,
}: {
  session: SessionChoices;
  /** What the session was, for the link's accessible name. */
  label: string;
  size?: "sm";
}) {
  const again = sameSessionAgain(session);
  if (!again) return null;
  return (
    <Button asChild variant="outline" size={size}>
      <Link
        to={`/practice?mode=${session.mode}`}
        state={{ start: again }}
        aria-label={`Practise again: a new ${label}`}
      >
        <RotateCcw aria-hidden="true" />
        Practise again
      </Link>
    </Button>
  );
}
