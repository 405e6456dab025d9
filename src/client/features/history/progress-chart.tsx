import { useId, useState, type PointerEvent } from "react";
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
const PAD = { left: 28, right: 12, top: 8, bottom: 44 };
/** At most this many times or dates under the chart, so they never run into each other. */
const MAX_TICKS = 4;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" });
const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });
const dayAndTime = (iso: string) => `${day(iso)}, ${time(iso)}`;
const localDay = (iso: string) => new Date(iso).toDateString();

/**
 * The axis under the chart: times of day when every answer is from one day (with that day named
 * once), dates otherwise (a date shown once however many answers it has), at evenly spread points.
 */
function timeAxis(points: Point[]): { ticks: { index: number; label: string }[]; title: string } {
  const oneDay = points.every((point) => localDay(point.date) === localDay(points[0]!.date));
  const label = oneDay ? time : day;
  const count = Math.min(MAX_TICKS, points.length);
  const indices = [
    ...new Set(
      Array.from({ length: count }, (_, k) =>
        count === 1 ? 0 : Math.round((k * (points.length - 1)) / (count - 1)),
      ),
    ),
  ];
  const ticks: { index: number; label: string }[] = [];
  for (const index of indices) {
    const text = label(points[index]!.date);
    if (ticks.at(-1)?.label !== text) ticks.push({ index, label: text });
  }
  const first = points[0]!.date;
  return {
    ticks,
    title: oneDay
      ? `Time of day, ${new Date(first).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" })}`
      : "Date",
  };
}

/**
 * Scores over time as plain SVG (no chart library to download): one point per answer, the
 * overall score bold, the three dimensions thin, with a legend; pointing at the chart shows the
 * nearest answer's question, score and time. The same numbers, with their questions, as a table
 * for anyone who prefers one, screen readers and keyboards included. In low-anxiety mode (docs/decisions/0093) there
 * is no chart: scores are not shown as numbers anywhere.
 */
export function ProgressChart({ points }: { points: Point[] }) {
  const titleId = useId();
  const lowAnxiety = useLowAnxiety();
  const [pointed, setPointed] = useState<number | null>(null);
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
    `${first.overall.toFixed(1)} on ${dayAndTime(first.date)}, ${last.overall.toFixed(1)} on ${dayAndTime(last.date)}.`;
  const axis = timeAxis(points);
  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = ((event.clientX - box.left) / box.width) * WIDTH;
    const share = (at - PAD.left) / (WIDTH - PAD.left - PAD.right);
    const index = Math.round(share * (points.length - 1));
    setPointed(Math.min(points.length - 1, Math.max(0, index)));
  };
  const shown = pointed === null ? null : points[pointed];

  return (
    <figure className="space-y-3" aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm text-muted-foreground">
        {summary}
      </figcaption>
      <div className="relative">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto w-full touch-pan-y"
          role="img"
          aria-label={summary}
          data-testid="progress-chart"
          onPointerMove={point}
          onPointerDown={point}
          onPointerLeave={() => setPointed(null)}
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
                className="fill-muted-foreground text-[13px]"
              >
                {score}
              </text>
            </g>
          ))}
          {axis.ticks.map((tick, k) => (
            <text
              key={tick.index}
              x={x(tick.index)}
              y={HEIGHT - PAD.bottom + 18}
              textAnchor={
                // The ends stay inside the chart; one label alone is the first answer's.
                k === 0 && (axis.ticks.length > 1 || points.length > 1)
                  ? "start"
                  : k === axis.ticks.length - 1 && k > 0
                    ? "end"
                    : "middle"
              }
              className="fill-muted-foreground text-[13px]"
            >
              {tick.label}
            </text>
          ))}
          <text
            x={PAD.left + (WIDTH - PAD.left - PAD.right) / 2}
            y={HEIGHT - 4}
            textAnchor="middle"
            className="fill-muted-foreground text-[13px]"
            data-testid="time-axis-title"
          >
            {axis.title}
          </text>
          {shown ? (
            <line
              x1={x(pointed!)}
              x2={x(pointed!)}
              y1={PAD.top}
              y2={HEIGHT - PAD.bottom}
              className="text-muted-foreground"
              stroke="currentColor"
              strokeDasharray="3 3"
            />
          ) : null}
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
                    <circle
                      key={p.attemptId}
                      cx={x(k)}
                      cy={y(p.overall)}
                      r={k === pointed ? 5 : 3}
                      fill="currentColor"
                    >
                      <title>{`${p.overall.toFixed(1)}: ${p.question} (${dayAndTime(p.date)})`}</title>
                    </circle>
                  ))
                : null}
            </g>
          ))}
        </svg>
        {shown ? (
          // Pointer only: the table below gives every point's question to keyboards and readers.
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute top-0 z-10 w-max max-w-[min(18rem,80%)] rounded-md border border-border bg-card px-3 py-2 text-sm text-card-foreground shadow-raised"
            style={{
              left: `${(x(pointed!) / WIDTH) * 100}%`,
              transform: `translateX(${pointed! > (points.length - 1) / 2 ? "calc(-100% - 8px)" : "8px"})`,
            }}
          >
            <p className="line-clamp-3 font-medium">{shown.question}</p>
            <p className="text-muted-foreground">
              {shown.overall.toFixed(1)} overall · {dayAndTime(shown.date)}
            </p>
          </div>
        ) : null}
      </div>
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
                <th scope="col" className="py-1 pr-3">
                  Question
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
                    {dayAndTime(point.date)}
                  </th>
                  <td className="min-w-48 py-1 pr-3">{point.question}</td>
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
