import { useId, useState } from "react";
import { Link } from "react-router";
import { scoreWord } from "@/client/components/score-bars";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import { roles } from "@/shared/roles";
import { modeLabels, practiceCategories } from "@/shared/sessions";
import { useAttemptPages, type AttemptFilters } from "./history-api";

/**
 * Every answer, newest first, filterable, a page at a time; each one re-opens its feedback. In
 * low-anxiety mode each shows a word instead of its score (docs/decisions/0093).
 */
export function AttemptList() {
  const [filters, setFilters] = useState<AttemptFilters>({});
  const pages = useAttemptPages(filters);
  const lowAnxiety = useLowAnxiety();
  const id = useId();
  const attempts = pages.data?.pages.flatMap((page) => page.attempts) ?? [];
  const set = (key: keyof AttemptFilters, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3" role="group" aria-label="Filter your answers">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-mode`}>Mode</Label>
          <NativeSelect
            id={`${id}-mode`}
            value={filters.mode ?? ""}
            onChange={(event) => set("mode", event.target.value)}
          >
            <option value="">All modes</option>
            {Object.entries(modeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <NativeSelect
            id={`${id}-role`}
            value={filters.role ?? ""}
            onChange={(event) => set("role", event.target.value)}
          >
            <option value="">All roles</option>
            {roles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <NativeSelect
            id={`${id}-category`}
            value={filters.category ?? ""}
            onChange={(event) => set("category", event.target.value)}
          >
            <option value="">All categories</option>
            {practiceCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {pages.isPending ? (
        <Spinner label="Loading your answers..." />
      ) : attempts.length === 0 ? (
        <p className="text-muted-foreground">
          No answers here yet. Practise a question and it will appear in this list.
        </p>
      ) : (
        <ol
          className="divide-y divide-border rounded-lg border border-border"
          aria-label="Your answers"
        >
          {attempts.map((attempt) => (
            <li key={attempt.id} className="flex flex-wrap items-center gap-3 p-3">
              {lowAnxiety ? (
                <span className="w-20 shrink-0 text-sm font-semibold">
                  {scoreWord(attempt.scores.overall)}
                  <span className="sr-only"> overall</span>
                </span>
              ) : (
                <span className="w-10 text-lg font-semibold tabular-nums">
                  {attempt.scores.overall.toFixed(1)}
                  <span className="sr-only"> out of 5</span>
                </span>
              )}
              <div className="min-w-0 flex-1 basis-48">
                <Link
                  to={`/history?attempt=${attempt.id}`}
                  className="line-clamp-2 font-medium underline-offset-4 hover:underline"
                >
                  {attempt.followUp ? `Follow-up: ${attempt.question}` : attempt.question}
                </Link>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={attempt.createdAt}>
                    {new Date(attempt.createdAt).toLocaleString()}
                  </time>
                </p>
              </div>
              {attempt.corrected ? <Badge variant="secondary">Corrected transcript</Badge> : null}
              <Badge variant="outline">{modeLabels[attempt.mode]}</Badge>
              {attempt.sessionId && attempt.mode !== "quick" ? (
                <Link
                  to={`/history?session=${attempt.sessionId}`}
                  className="text-sm underline underline-offset-4"
                >
                  Session report
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {pages.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {pages.isFetchingNextPage ? <Spinner label="Loading more..." /> : "Show older answers"}
        </Button>
      ) : null}
    </div>
  );
}
