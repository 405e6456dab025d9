import { Fragment } from "react";

/**
 * `[like this]`: where the reader puts their own details in (the library's longest, with its
 * example, is about 250 characters); a longer bracketed span is ordinary text.
 */
const PLACEHOLDER = /(\[[^[\]\n]{1,400}\])/;

/** A part of a template the reader fills in with their own details. */
export function Placeholder({ children }: { children: string }) {
  return (
    <mark
      data-placeholder=""
      className="rounded bg-warning-muted px-0.5 text-foreground ring-1 ring-warning/40"
    >
      {children}
    </mark>
  );
}

/** The answer's text with each [placeholder] marked, so the parts to fill in stand out. */
function WithPlaceholders({ text }: { text: string }) {
  return text
    .split(PLACEHOLDER)
    .map((part, k) =>
      k % 2 === 1 ? <Placeholder key={k}>{part}</Placeholder> : <Fragment key={k}>{part}</Fragment>,
    );
}

type Block =
  { kind: "paragraph"; text: string } | { kind: "list"; title: string | null; items: string[] };

/**
 * A sample answer as the engines write it — paragraphs split by blank lines, and tips as a
 * "Tips:" line followed by "- " lines — read into paragraphs and lists.
 */
function blocksOf(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .filter((chunk) => chunk.trim() !== "")
    .map((chunk): Block => {
      const lines = chunk.split("\n");
      const [first = "", ...rest] = lines;
      const isItem = (line: string) => /^\s*[-•*]\s+/.test(line);
      const title = !isItem(first) && rest.length > 0 && rest.every(isItem) ? first : null;
      const items = title ? rest : lines;
      if (items.every(isItem)) {
        return {
          kind: "list",
          title: title?.replace(/:\s*$/, "") ?? null,
          items: items.map((line) => line.replace(/^\s*[-•*]\s+/, "")),
        };
      }
      return { kind: "paragraph", text: chunk };
    });
}

/**
 * The sample answer as it is written: paragraphs, tips as lists, and [placeholders] marked. While
 * it is still being written a list may be half a line, so it is read again at every new word.
 */
export function SampleAnswerText({ text, writing }: { text: string; writing: boolean }) {
  const blocks = blocksOf(text);
  return (
    <div data-testid="answer-text" className="flex flex-col gap-4 leading-relaxed">
      {blocks.map((block, k) =>
        block.kind === "paragraph" ? (
          <p key={k} className="whitespace-pre-wrap">
            <WithPlaceholders text={block.text} />
            {writing && k === blocks.length - 1 ? <Cursor /> : null}
          </p>
        ) : (
          <div key={k} className="flex flex-col gap-2">
            {block.title ? <h3 className="font-semibold">{block.title}</h3> : null}
            <ul className="list-disc space-y-1 pl-5">
              {block.items.map((item, j) => (
                <li key={j}>
                  <WithPlaceholders text={item} />
                  {writing && k === blocks.length - 1 && j === block.items.length - 1 ? (
                    <Cursor />
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ),
      )}
    </div>
  );
}

function Cursor() {
  return (
    <span
      aria-hidden="true"
      className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-primary align-middle"
    />
  );
}
