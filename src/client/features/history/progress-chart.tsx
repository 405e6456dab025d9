import { useId } from "react";
import { Link } from "react-router";
import { useLowAnxiety } from "@/client/lib/low-anxiety";
import type { ProgressResponse } from "@/shared/sessions";

type Point = ProgressResponse["points"][number];
type Dimension = "overall" | "clarity" | "relevance" | "timing";

const lines: { key: Dimension; label: string; className: string; width: number }[] = [
  { key: "clarity", label: "Clarity", className: "text-chart-2", width: 1.5 },
  { key: "relevance", label: "Relevance", className: "text-chart-3", width: 1.5 },
  { key: "timing", label: "Timing", className: "text-chart-4", width: 1.5 },
  { key: "overall", label: "Overall", className: "text-primary", width: 3 },
];

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 28, right: 8, top: 8, bottom: 24 };

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" });

/**
 * Scores over time as plain SVG (no chart library to download): one point per answer, the
 * overall score bold, the three dimensions thin, with a legend; the same numbers as a table for
 * anyone who prefers one, screen readers included. In low-anxiety mode (docs/decisions/0093) there
 * is no chart: scores are not shown as numbers anywhere.
 */
export function ProgressChart({ points }: { points: Point[] }) {
  const titleId = useId();
  const lowAnxiety = useLowAnxiety();
  if (lowAnxiety) {
    return (
      <p className="text-muted-foreground" data-testid="progress-hidden">
        Scores are hidden in low-anxiety mode. Open any answer below for its advice, or{" "}
        <Link to="/account#practice-settings" className="underline underline-offset-4">
          change this on your account page
        </Link>
        .
      </p>
    );
  }
  if (points.length === 0) {
    return <p className="text-muted-foreground">Answer a question to start your chart.</p>;
  }
  const x = (index: number) =>
    PAD.left +
    (points.length === 1 ? 0.5 : index / (points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + ((5 - score) / 4) * (HEIGHT - PAD.top - PAD.bottom);
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary =
    `Overall score over your last ${points.length} answers: ` +
    `${first.overall.toFixed(1)} on ${day(first.date)}, ${last.overall.toFixed(1)} on ${day(last.date)}.`;

  return (
    <figure className="space-y-3" aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-testid="progress-chart"
      >
        {[1, 2, 3, 4, 5].map((score) => (
          <g key={score} className="text-border">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(score)}
              y2={y(score)}
              stroke="currentColor"
            />
            <text
              x={PAD.left - 8}
              y={y(score) + 4}
              textAnchor="end"
              className="fill-muted-foreground text-[11px]"
            >
              {score}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} className="fill-muted-foreground text-[11px]">
          {day(first.date)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 6}
          textAnchor="end"
          className="fill-muted-foreground text-[11px]"
        >
          {day(last.date)}
        </text>
        {lines.map((line) => (
          <g key={line.key} className={line.className}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={line.width}
              strokeLinejoin="round"
              points={points.map((p, k) => `${x(k)},${y(p[line.key])}`).join(" ")}
            />
            {points.length <= 60 && line.key === "overall"
              ? points.map((p, k) => (
                  <circle key={p.attemptId} cx={x(k)} cy={y(p.overall)} r={3} fill="currentColor" />
                ))
              : null}
          </g>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-4 text-sm" aria-label="Legend">
        {lines.map((line) => (
          <li key={line.key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-block h-1 w-5 rounded-full bg-current ${line.className}`}
            />
            {line.label}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="cursor-pointer py-2 font-medium">Show the scores as a table</summary>
        {/* Focusable, so the keyboard can scroll a long table. */}
        <div
          className="max-h-80 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label="Scores table"
        >
          <table className="w-full text-left">
            <caption className="sr-only">Your scores, oldest first</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Date
                </th>
                {lines
                  .slice()
                  .reverse()
                  .map((line) => (
                    <th key={line.key} scope="col" className="py-1 pr-3">
                      {line.label}
                    </th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.attemptId} className="border-t border-border">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {new Date(point.date).toLocaleString()}
                  </th>
                  {lines
                    .slice()
                    .reverse()
                    .map((line) => (
                      <td key={line.key} className="py-1 pr-3">
                        {point[line.key].toFixed(1)}
                      </td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
