import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge } from "tailwind-merge";

const any = () => true;
const sizes = ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "8xl"];
const weights = ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "black"];
const sides = (prefix: string) =>
  ["", "x", "y", "t", "r", "b", "l", "s", "e"].map((s) => prefix + s);

/**
 * tailwind-merge with only the class groups our components set and callers override (size,
 * spacing, colour, radius, shadow, type, layout). The library's full default config is ~8 KB
 * gzipped on every page; this is ~2 KB (docs/decisions/0022). A class outside these groups is
 * kept as given, as plain clsx would. Add a group here when a component needs to override it.
 */
const merge = createTailwindMerge(() => {
  const spacing = (prefix: string) =>
    Object.fromEntries(sides(prefix).map((key) => [key, [{ [key]: [any] }]]));
  return {
    cacheSize: 500,
    theme: {},
    classGroups: {
      display: [
        "block",
        "inline-block",
        "inline",
        "flex",
        "inline-flex",
        "grid",
        "inline-grid",
        "contents",
        "hidden",
      ],
      w: [{ w: [any] }],
      h: [{ h: [any] }],
      size: [{ size: [any] }],
      "min-w": [{ "min-w": [any] }],
      "max-w": [{ "max-w": [any] }],
      "min-h": [{ "min-h": [any] }],
      ...spacing("p"),
      ...spacing("m"),
      gap: [{ gap: [any] }],
      "gap-x": [{ "gap-x": [any] }],
      "gap-y": [{ "gap-y": [any] }],
      "font-size": [{ text: sizes }],
      "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
      "text-wrap": [{ text: ["wrap", "nowrap", "balance", "pretty"] }],
      "text-color": [{ text: [any] }],
      "font-weight": [{ font: weights }],
      leading: [{ leading: [any] }],
      "bg-image": [{ "bg-gradient-to": [any], "bg-linear-to": [any] }, "bg-none"],
      "bg-color": [{ bg: [any] }],
      "border-w": ["border", { border: ["0", "2", "4", "8", "x", "y", "t", "r", "b", "l"] }],
      "border-color": [{ border: [any] }],
      rounded: ["rounded", { rounded: [any] }],
      shadow: ["shadow", { shadow: [any] }],
      "justify-content": [{ justify: ["start", "end", "center", "between", "around", "evenly"] }],
      "align-items": [{ items: ["start", "end", "center", "baseline", "stretch"] }],
      "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
      flex: [{ flex: ["1", "auto", "initial", "none"] }],
      opacity: [{ opacity: [any] }],
    },
    conflictingClassGroups: {
      size: ["w", "h"],
      p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
      px: ["pr", "pl", "ps", "pe"],
      py: ["pt", "pb"],
      m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
      mx: ["mr", "ml", "ms", "me"],
      my: ["mt", "mb"],
      gap: ["gap-x", "gap-y"],
    },
    conflictingClassGroupModifiers: {},
    orderSensitiveModifiers: [],
  };
});

/** Joins class names; a later Tailwind utility overrides an earlier one of the same group. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
