/**
 * When the user has finished speaking (docs/decisions/0104). A detector says of each frame whether
 * it is speech — Silero in the interview (`silero-speech.ts`), or the energy gate below when that
 * cannot load — and `createTurnDetector` alone decides from those frames when the turn ends:
 * speech starts after a few speech frames in a row; the turn ends after a silence long enough
 * that a thinking pause does not end it — shorter once the words heard so far make a finished
 * answer (`setFinished`, from answer-draft's `listen`). Pure: the caller feeds it frames and times.
 */

/** How long a silence ends the turn: normally, and once the answer is a finished thought. */
export type TurnPauses = { pauseMs: number; finishedPauseMs: number };

export const TURN_PAUSES = {
  /**
   * A 2 s thinking pause never ends a turn (Silero hears one as at most 2.27 s: `npm run
   * eval:turn-detector`); a finished answer ends after 1 s of quiet.
   */
  standard: { pauseMs: 2400, finishedPauseMs: 1000 },
  /** "Longer pauses": for those who think aloud more slowly, or speak a second language. */
  longer: { pauseMs: 4500, finishedPauseMs: 2000 },
} as const satisfies Record<string, TurnPauses>;

/**
 * Silences after which to ask the server about the words so far: early, and once more when the
 * recogniser has had time to hear the sentence the pause closed.
 */
const ASK_AFTER_MS = [350, 1400];
/** Speech frames in a row that start speech (a click or a bump is one or two). */
const ONSET_FRAMES = 3;

export type TurnEvent = "speech" | "pause" | "end" | null;

/** What says of each moment of the microphone whether it is speech, for the turn detector. */
export type SpeechDetector = {
  kind: "silero" | "energy";
  /** Calls `onFrame` with each frame (speech or not, and when) until the returned stop. */
  listen(onFrame: (speech: boolean, now: number) => void): () => void;
  close(): void;
};

export function createTurnDetector(pauses: TurnPauses) {
  let speechFrames = 0;
  let heardSpeech = false;
  let lastSpeechAt = 0;
  let paused = false;
  let asked = 0;
  let finished = false;
  let ended = false;

  return {
    /** Whether the frame at `now` (ms) is speech; says when speech starts, pauses and ends the turn. */
    frame(speech: boolean, now: number): TurnEvent {
      if (ended) return null;
      speechFrames = speech ? speechFrames + 1 : 0;
      if (speechFrames >= ONSET_FRAMES) {
        const started = !heardSpeech;
        heardSpeech = true;
        lastSpeechAt = now;
        if (paused) finished = false; // more words: what was heard is no longer the whole answer
        paused = false;
        asked = 0;
        if (started) return "speech";
        return null;
      }
      // A speech frame never ends the turn: it may be the start of the next words, and if three
      // come in a row the silence ended at the first of them.
      if (!heardSpeech || speech) return null;
      const silence = now - lastSpeechAt;
      if (silence >= (finished ? pauses.finishedPauseMs : pauses.pauseMs)) {
        ended = true;
        return "end";
      }
      const askAt = ASK_AFTER_MS[asked];
      if (askAt !== undefined && silence >= askAt) {
        paused = true;
        asked++;
        return "pause";
      }
      return null;
    },
    /** The server's reading of the words before the current pause. */
    setFinished(value: boolean) {
      if (paused) finished = value;
    },
    /** When the last speech frame was heard (ms), or null before any speech. */
    get speechEndedAt() {
      return heardSpeech ? lastSpeechAt : null;
    },
    get heardSpeech() {
      return heardSpeech;
    },
  };
}

/** Speech must rise this far above the noise floor, and above this level in dBFS. */
const ABOVE_FLOOR_DB = 12;
const QUIETEST_SPEECH_DB = -55;

/**
 * The energy detector, for when Silero cannot run: a frame is speech when its level (dBFS) is
 * well over a noise floor that follows the room down at once and up slowly (a fan starting, not a
 * voice). Loud steady noise defeats it (0104's addendum); the microphone's noise suppression
 * helps.
 */
export function createEnergyGate() {
  let floor: number | null = null;
  return (db: number): boolean => {
    const level = Math.max(db, -100);
    floor ??= level;
    const loud = level > Math.max(floor + ABOVE_FLOOR_DB, QUIETEST_SPEECH_DB);
    if (!loud) floor = level < floor ? level : floor + (level - floor) * 0.02;
    return loud;
  };
}

/**
 * Silero's speech probability per frame to speech or not, with vad-web's own hysteresis: speech
 * from 0.3, and it stays speech until the probability falls under 0.25, so a word's soft ending
 * does not flicker.
 */
export function createProbabilityGate(start = 0.3, stop = 0.25) {
  let speaking = false;
  return (probability: number): boolean => {
    speaking = speaking ? probability >= stop : probability >= start;
    return speaking;
  };
}

/** The level of the samples in dBFS (-100 for silence). */
export function levelDb(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  return 20 * Math.log10(Math.max(rms, 1e-5));
}
