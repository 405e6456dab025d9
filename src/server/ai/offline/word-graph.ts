/**
 * The question grammar as a minimal deterministic word graph, for the recogniser's finite-state
 * search.
 *
 * PocketSphinx's JSGF compiler expands every alternative, option and rule reference into states
 * and null transitions of its own, and the search pays for every grammar state on every 10 ms
 * frame, active or not (its per-frame history table is states × phones). The same language as a
 * minimal deterministic graph has a fraction of the states and no null transitions inside it.
 * Why: docs/decisions/0056-recogniser-search-settings.md.
 *
 * Only the JSGF subset that grammar.ts writes is understood: words, `( … )`, `[ … ]`, `|` and
 * references to rules defined in the same text, without recursion or weights.
 */

/** A transition that says `words` in order (one word, or a chain joined by joinChains). */
export type WordArc = { from: number; to: number; words: string[] };

export type WordGraph = {
  /** States are 0 … stateCount - 1. */
  stateCount: number;
  start: number;
  /** The only accepting state; it has no outgoing arcs. */
  final: number;
  arcs: WordArc[];
  /** States where a sentence may end; each needs a null transition to `final`. */
  ends: number[];
};

type Expression =
  | { kind: "word"; word: string }
  | { kind: "rule"; name: string }
  | { kind: "sequence"; items: Expression[] }
  | { kind: "choice"; options: Expression[] }
  | { kind: "optional"; item: Expression };

function parseRules(jsgf: string): { rules: Map<string, Expression>; top: string } {
  const rules = new Map<string, Expression>();
  let top: string | undefined;
  for (const line of jsgf.split("\n")) {
    const match = /^(public )?<([\w.-]+)>\s*=\s*(.*);\s*$/.exec(line);
    if (!match) continue;
    rules.set(match[2]!, parseExpression(match[3]!));
    if (match[1]) top = match[2]!;
  }
  if (!top) throw new Error("The grammar has no public rule");
  return { rules, top };
}

function parseExpression(body: string): Expression {
  const tokens = body.match(/<[\w.-]+>|[()[\]|]|[^\s()[\]|<>]+/g) ?? [];
  let at = 0;
  const choice = (closing?: string): Expression => {
    const options: Expression[] = [];
    let items: Expression[] = [];
    for (;;) {
      const token = tokens[at++];
      if (token === undefined) {
        if (closing) throw new Error(`Unbalanced grammar: expected "${closing}"`);
        break;
      }
      if (token === closing) break;
      if (token === "|") {
        options.push({ kind: "sequence", items });
        items = [];
      } else if (token === "(") items.push(choice(")"));
      else if (token === "[") items.push({ kind: "optional", item: choice("]") });
      else if (token === ")" || token === "]") throw new Error(`Unbalanced grammar at "${token}"`);
      else if (token.startsWith("<")) items.push({ kind: "rule", name: token.slice(1, -1) });
      else items.push({ kind: "word", word: token });
    }
    options.push({ kind: "sequence", items });
    return options.length === 1 ? options[0]! : { kind: "choice", options };
  };
  return choice();
}

/** A nondeterministic graph with null (epsilon) arcs, built by Thompson's construction. */
class Nfa {
  readonly words: { from: number; to: number; word: string }[] = [];
  readonly nulls: number[][] = [];
  readonly out: { to: number; word: string }[][] = [];

  state(): number {
    this.nulls.push([]);
    this.out.push([]);
    return this.nulls.length - 1;
  }

  /** Adds `expression` between `from` and a new state, which it returns. */
  add(expression: Expression, from: number, rules: Map<string, Expression>, depth = 0): number {
    if (depth > 50) throw new Error("The grammar's rules refer to each other in a loop");
    switch (expression.kind) {
      case "word": {
        const to = this.state();
        this.out[from]!.push({ to, word: expression.word });
        return to;
      }
      case "rule": {
        const rule = rules.get(expression.name);
        if (!rule) throw new Error(`The grammar has no rule <${expression.name}>`);
        return this.add(rule, from, rules, depth + 1);
      }
      case "sequence":
        return expression.items.reduce((at, item) => this.add(item, at, rules, depth), from);
      case "choice": {
        const to = this.state();
        for (const option of expression.options) {
          this.nulls[this.add(option, from, rules, depth)]!.push(to);
        }
        return to;
      }
      case "optional": {
        const to = this.add(expression.item, from, rules, depth);
        this.nulls[from]!.push(to);
        return to;
      }
    }
  }

  closure(states: Iterable<number>): number[] {
    const seen = new Set<number>(states);
    const stack = [...seen];
    while (stack.length > 0) {
      for (const next of this.nulls[stack.pop()!]!) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    return [...seen].sort((a, b) => a - b);
  }
}

/**
 * Compiles the grammar's public rule into the minimal deterministic graph accepting the same
 * word sequences. The language must be finite (no recursion), which grammar.ts guarantees.
 */
export function compileWordGraph(jsgf: string): WordGraph {
  const { rules, top } = parseRules(jsgf);
  const nfa = new Nfa();
  const nfaStart = nfa.state();
  const nfaEnd = nfa.add({ kind: "rule", name: top }, nfaStart, rules);

  // Subset construction: deterministic states are closed sets of NFA states.
  type DState = { accepting: boolean; next: Map<string, number> };
  const dstates: DState[] = [];
  const index = new Map<string, number>();
  const pending: number[][] = [];
  const intern = (set: number[]): number => {
    const key = set.join(",");
    let id = index.get(key);
    if (id === undefined) {
      id = dstates.length;
      index.set(key, id);
      dstates.push({ accepting: set.includes(nfaEnd), next: new Map() });
      pending.push(set);
    }
    return id;
  };
  intern(nfa.closure([nfaStart]));
  for (let id = 0; id < dstates.length; id++) {
    const byWord = new Map<string, number[]>();
    for (const state of pending[id]!) {
      for (const { to, word } of nfa.out[state]!) {
        const targets = byWord.get(word) ?? [];
        targets.push(to);
        byWord.set(word, targets);
      }
    }
    for (const [word, targets] of byWord) dstates[id]!.next.set(word, intern(nfa.closure(targets)));
  }

  // Minimisation of an acyclic graph: states with the same ending and the same arcs to
  // equivalent states are one state. Visit successors first (depth-first post-order).
  const canonical = new Array<number>(dstates.length).fill(-1);
  const signatures = new Map<string, number>();
  const minimal: DState[] = [];
  const order: number[] = [];
  const visited = new Uint8Array(dstates.length);
  const stack: [number, boolean][] = [[0, false]];
  while (stack.length > 0) {
    const [id, expanded] = stack.pop()!;
    if (expanded) {
      order.push(id);
      continue;
    }
    if (visited[id] === 1) continue;
    visited[id] = 1;
    stack.push([id, true]);
    for (const next of dstates[id]!.next.values())
      if (visited[next] === 0) stack.push([next, false]);
  }
  for (const id of order) {
    const state = dstates[id]!;
    const arcs = [...state.next]
      .map(([word, next]) => [word, canonical[next]!] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const signature = `${state.accepting ? 1 : 0}|${arcs.map(([w, n]) => `${w}:${n}`).join(" ")}`;
    let same = signatures.get(signature);
    if (same === undefined) {
      same = minimal.length;
      signatures.set(signature, same);
      minimal.push({ accepting: state.accepting, next: new Map(arcs) });
    }
    canonical[id] = same;
  }

  // Number the states from the start, in breadth-first order, and add one final state.
  const start = canonical[0]!;
  const number = new Map<number, number>([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of minimal[queue[i]!]!.next.values()) {
      if (!number.has(next)) {
        number.set(next, number.size);
        queue.push(next);
      }
    }
  }
  const final = number.size;
  const arcs: WordArc[] = [];
  const ends: number[] = [];
  for (const state of queue) {
    const from = number.get(state)!;
    if (minimal[state]!.accepting) ends.push(from);
    for (const [word, next] of minimal[state]!.next) {
      arcs.push({ from, to: number.get(next)!, words: [word] });
    }
  }
  return { stateCount: final + 1, start: 0, final, arcs, ends };
}

/**
 * Joins runs of words with no branch between them ("pulling their weight") into one arc of up
 * to `maxWords` words, so the states inside a run disappear. The recogniser says a joined arc
 * as one dictionary entry, so a run loses the optional pause between its words: `maxWords`
 * bounds how long a speaker has to go on without one.
 */
export function joinChains(graph: WordGraph, maxWords: number): WordGraph {
  const outgoing: WordArc[][] = Array.from({ length: graph.stateCount }, () => []);
  const incoming = new Array<number>(graph.stateCount).fill(0);
  for (const arc of graph.arcs) {
    outgoing[arc.from]!.push(arc);
    incoming[arc.to]! += 1;
  }
  const ends = new Set(graph.ends);
  const kept = new Map<number, number>();
  const keep = (state: number) => {
    if (!kept.has(state)) {
      kept.set(state, kept.size);
      queue.push(state);
    }
    return kept.get(state)!;
  };
  const inside = (state: number) =>
    !kept.has(state) &&
    state !== graph.start &&
    state !== graph.final &&
    !ends.has(state) &&
    incoming[state] === 1 &&
    outgoing[state]!.length === 1;
  const queue: number[] = [];
  keep(graph.start);
  const arcs: WordArc[] = [];
  for (let i = 0; i < queue.length; i++) {
    const from = kept.get(queue[i]!)!;
    for (const arc of outgoing[queue[i]!]!) {
      const words = [...arc.words];
      let to = arc.to;
      while (inside(to) && words.length + outgoing[to]![0]!.words.length <= maxWords) {
        const next = outgoing[to]![0]!;
        words.push(...next.words);
        to = next.to;
      }
      arcs.push({ from, to: keep(to), words });
    }
  }
  const final = keep(graph.final);
  return {
    stateCount: kept.size,
    start: 0,
    final,
    arcs,
    ends: graph.ends.filter((state) => kept.has(state)).map((state) => kept.get(state)!),
  };
}

/** Whether the graph accepts the word sequence (for tests). */
export function graphAccepts(graph: WordGraph, words: readonly string[]): boolean {
  const outgoing = new Map<number, WordArc[]>();
  for (const arc of graph.arcs) outgoing.set(arc.from, [...(outgoing.get(arc.from) ?? []), arc]);
  const ends = new Set(graph.ends);
  const reach = (state: number, at: number): boolean =>
    (at === words.length && ends.has(state)) ||
    (outgoing.get(state) ?? []).some(
      (arc) =>
        arc.words.every((word, k) => words[at + k] === word) &&
        reach(arc.to, at + arc.words.length),
    );
  return reach(graph.start, 0);
}
