/**
 * The offline rubric's settings, every weight by name (docs/decisions/0091): the server scores
 * with them (src/server/feedback/score.ts) and the "How we score" page prints them, so the page
 * always says what runs.
 */
export const RUBRIC = {
  /** Overall = 1 + 4 × (the weighted dimensions, each 0..1), capped by relevance when off topic. */
  overall: { relevance: 0.35, content: 0.25, clarity: 0.2, timing: 0.2 },
  /** Below this relevance the answer is off topic: overall cannot exceed its relevance. */
  offTopicBelow: 2.5,
  /**
   * An answer under this share of the shortest good length for its question (LENGTH_TARGETS) is
   * brief, whatever it says: its overall score is at most `from` + `perShare` × its share of that
   * length (3.0 for nothing, 3.9 just under half), solid at best, never strong, and a longer brief
   * answer can still score above a shorter one.
   */
  brief: { underShareOfTarget: 0.5, from: 3, perShare: 1.8 },
  /** Fewer words than this is too short to judge: relevance and clarity are capped. */
  tooShortWords: 12,
  tooShortCap: { relevance: 2, clarity: 2.5 },
  relevance: {
    /**
     * Relevance = 1 + 4 × sigmoid(bias + Σ weight × feature): the share of the answer's content
     * words that the question or a good answer uses (`overlap`), the same counting each word by
     * how specific it is to one question (`specificOverlap`), how much of it is talk about work
     * (`workTalk`), and whether it does what the question asks — a story, a plan, a weakness
     * named (`answersTheAsk`). A logistic regression learned by `npm run eval:claims -- --fit`
     * on the tune split (off-topic answers weighted 3:1), its log-odds then tripled and moved by
     * +0.3 so that every graded off-topic answer scores 2.0 or less while the most graded
     * on-topic ones keep 2.5 or more: relevance reads as a clear yes or no, not a shade.
     */
    weights: { overlap: 13.98, specificOverlap: 9.25, workTalk: 2.93, answersTheAsk: 9.72 },
    bias: -8.9,
  },
  /** STAR parts' share of a behavioural answer's content score. */
  star: { situation: 0.2, task: 0.15, action: 0.35, result: 0.3 },
  content: { shape: 0.6, specifics: 0.4 },
  specifics: { figure: 0.4, ownAction: 0.35, ownNotOnlyShared: 0.25 },
  clarity: {
    base: 4.6,
    /** Typed: per sentence over `longSentenceWords` words. */
    longSentenceWords: 40,
    perLongSentence: 0.4,
    /** Per hedge beyond the first, and per vague word beyond the first. */
    perHedge: 0.15,
    perVagueWord: 0.15,
    /** Spoken: per word a minute outside the comfortable band, ÷; at most `paceMax`. */
    paceDivisor: 30,
    paceMax: 1.5,
    /** Spoken: fillers a minute over `fillersFree` cost `perFiller` each, at most `fillerMax`. */
    fillersFree: 2,
    perFiller: 0.25,
    fillerMax: 1.2,
    /** Spoken: a pause longer than `pauseFree` seconds costs `perPauseSecond`, at most 0.8. */
    pauseFree: 3,
    perPauseSecond: 0.2,
    pauseMax: 0.8,
    /** A transcript the recogniser doubted is not judged below this on wording. */
    approximateFloor: 3,
  },
  /** Timing: 1 + 4 × (share of the target length)^exponent outside the target range. */
  timingExponent: 1.3,
} as const;

/**
 * Answer length each kind of question calls for: spoken seconds, or typed words. The server
 * measures against these (src/server/feedback/measure.ts) and the "How we score" page prints them.
 */
export const LENGTH_TARGETS = {
  behavioural: { seconds: [60, 150], words: [120, 350] },
  situational: { seconds: [45, 120], words: [90, 300] },
  motivational: { seconds: [30, 90], words: [60, 220] },
  "strengths-weaknesses": { seconds: [30, 90], words: [60, 220] },
  introduction: { seconds: [60, 120], words: [140, 300] },
  technical: { seconds: [45, 150], words: [80, 350] },
  closing: { seconds: [15, 60], words: [20, 150] },
  general: { seconds: [30, 120], words: [60, 300] },
} as const satisfies Record<
  string,
  { seconds: readonly [number, number]; words: readonly [number, number] }
>;
