import { useCallback, useEffect, useRef, useState } from "react";
import { scoreWord } from "@/client/components/score-bars";
import { ApiCallError, describeApiError } from "@/client/lib/api-client";
import { MAX_ANSWER_RECORDING_SECONDS, type Feedback } from "@/shared/feedback";
import { LENGTH_TARGETS } from "@/shared/rubric";
import type { InterviewProgress, Pressure, ResumeInterview, Session } from "@/shared/sessions";
import { createAnswerDraft } from "./answer-draft";
import { createTurnDetector, TURN_PAUSES, type SpeechDetector } from "./end-of-turn";
import { saveInterviewProgress, sendAnswer } from "./interview-calls";
import {
  openInterviewMicrophone,
  MicrophoneUnavailable,
  type InterviewMicrophone,
} from "./interview-microphone";
import { createInterviewerVoice } from "./interviewer-voice";
import { energyDetector, loadSileroDetector } from "./speech-detector";
import { blobToBase64 } from "./use-recorder";

/** How the user wants the interview to run (the setup's options). */
export type InterviewSettings = {
  pressure: Pressure;
  longerPauses: boolean;
  /** Scores after each answer, rather than only in the report at the end. */
  feedbackEachAnswer: boolean;
};

export type TranscriptLine = {
  id: number;
  speaker: "interviewer" | "you";
  text: string;
  /** Feedback after an answer (when asked for), "follow-up", or "approximate" (what we heard). */
  note?: string;
};

/**
 * ready (Start not pressed) → asking (the interviewer speaks) → listening → sending (the answer
 * travels; the interviewer has acknowledged it) → asking… → finished. `stalled`: the answer could
 * not be sent after its retries; it is kept until "Send again".
 */
export type InterviewPhase = "ready" | "asking" | "listening" | "sending" | "stalled" | "finished";

type Outcome =
  | {
      kind: "audio";
      blob: Blob;
      draft: ReturnType<typeof createAnswerDraft>;
      /** The interviewer stopped the answer at its time limit. */
      stopped: boolean;
      /** The speech detector heard speech in the turn ("I'm done" can end one it did not). */
      heard: boolean;
    }
  | { kind: "typed"; text: string }
  | { kind: "skip" }
  | { kind: "repeat" };

const NOTHING_HEARD: ReadonlySet<string> = new Set(["unrecognised_speech", "empty_audio"]);

/** Short acknowledgements, varied turn by turn, in the pressure's manner (docs/decisions/0105). */
const acknowledgements: Record<Pressure, string[]> = {
  friendly: ["Thank you, that's helpful.", "Lovely, thanks for sharing that.", "Great, thank you."],
  realistic: ["Thanks.", "Okay, thank you.", "Right, thanks.", "Understood, thank you."],
  tough: ["Okay.", "Noted.", "Right.", "Fine."],
};
const nextQuestion = ["Next question.", "Let's move on.", "Another one."];

/**
 * How long an answer may run before the interviewer stops it: the longest recording the server
 * takes, at every pressure; Tough cuts in sooner, at twice the longest its kind of question calls
 * for (docs/decisions/0105).
 */
export function answerLimitSeconds(category: string, pressure: Pressure): number {
  if (pressure !== "tough") return MAX_ANSWER_RECORDING_SECONDS;
  const kind = (category in LENGTH_TARGETS ? category : "general") as keyof typeof LENGTH_TARGETS;
  return Math.min(MAX_ANSWER_RECORDING_SECONDS, 2 * LENGTH_TARGETS[kind].seconds[1]);
}
const stopAcknowledgement: Record<Pressure, string> = {
  friendly: "Thank you, we'll have to stop there.",
  realistic: "Thank you, let's stop there.",
  tough: "Let me stop you there.",
};

/**
 * The AI Interviewer as a spoken conversation (docs/decisions/0104): after one Start, each
 * question is asked aloud (captions always), the one microphone listens, the turn ends on a
 * silence (shorter once the answer is a finished thought), the interviewer acknowledges at once,
 * then asks its follow-up or the next question. Every answer is sent until it arrives and where
 * the interview stands is saved at every turn, so leaving loses nothing.
 */
export function useInterview({
  session,
  resumed,
  settings,
  lowAnxiety,
}: {
  session: Session;
  resumed?: ResumeInterview | null;
  settings: InterviewSettings;
  lowAnxiety: boolean;
}) {
  const start: InterviewProgress = resumed?.session.progress ?? {
    at: 0,
    followUp: null,
    skipped: [],
    finished: false,
  };
  const [phase, setPhase] = useState<InterviewPhase>("ready");
  const [position, setPosition] = useState({ at: start.at, followUp: start.followUp });
  const [lines, setLines] = useState<TranscriptLine[]>(() => pastLines(session, resumed));
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const [heard, setHeard] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const microphone = useRef<InterviewMicrophone | null>(null);
  /** What tells speech from silence: energy at first, Silero once it has loaded. */
  const speech = useRef<SpeechDetector | null>(null);
  /** The turn listening now moves to a detector that has just loaded. */
  const detectorLoaded = useRef<(() => void) | null>(null);
  const [detector, setDetector] = useState<{ kind: SpeechDetector["kind"]; basic: boolean }>({
    kind: "energy",
    basic: false,
  });
  const [voice] = useState(createInterviewerVoice);
  const turn = useRef<{ finish: (outcome: Outcome | "audio") => void } | null>(null);
  const retry = useRef<(() => void) | null>(null);
  const typing = useRef(false);
  const alive = useRef(true);
  const lineId = useRef(lines.length);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const say = useCallback((speaker: TranscriptLine["speaker"], text: string, note?: string) => {
    const id = lineId.current++;
    setLines((all) => [...all, { id, speaker, text, ...(note ? { note } : {}) }]);
    return id;
  }, []);
  /** A line's words once known (what was heard arrives after the turn has ended). */
  const reword = useCallback((id: number, text: string, note?: string) => {
    setLines((all) =>
      all.map((line) => (line.id === id ? { ...line, text, ...(note ? { note } : {}) } : line)),
    );
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      turn.current?.finish({ kind: "skip" });
      speech.current?.close();
      microphone.current?.close();
      voice.stop();
    };
  }, [voice]);

  async function ask(text: string) {
    setPhase("asking");
    say("interviewer", text);
    await voice.say(text);
  }

  /** One answer: listened to until the turn ends, or typed, skipped, or the question repeated. */
  function listen(question: string, limitSeconds: number): Promise<Outcome> {
    setPhase("listening");
    setHeard(false);
    return new Promise<Outcome>((resolve) => {
      const mic = microphone.current;
      const draft = createAnswerDraft({ everyMs: 2000 });
      let wantThought = false;
      const recording = mic?.record((chunk) => {
        if (!wantThought) return draft.push(chunk, false, question);
        wantThought = false;
        void draft.listen(chunk, question).then((thought) => {
          if (thought) detector.setFinished(thought === "finished");
        });
      });
      const pauses = settingsRef.current.longerPauses ? TURN_PAUSES.longer : TURN_PAUSES.standard;
      const detector = createTurnDetector(pauses);
      const startedAt = performance.now();
      let spoke = false;
      const onFrame = (isSpeech: boolean, now: number) => {
        const event = detector.frame(isSpeech, now);
        if (event === "speech") {
          spoke = true;
          setHeard(true);
        } else if (event === "pause") {
          wantThought = true;
          recording?.flush();
        } else if (event === "end" && !typing.current) finish("audio");
        else if (!typing.current && now - startedAt >= limitSeconds * 1000) finish("stopped");
      };
      let stopHearing = speech.current?.listen(onFrame);
      // Silero loaded mid-turn: it hears the rest of this turn, the turn's rules unchanged.
      detectorLoaded.current = () => {
        stopHearing?.();
        stopHearing = speech.current?.listen(onFrame);
      };
      let done = false;
      const finish = (outcome: Outcome | "audio" | "stopped") => {
        if (done) return;
        done = true;
        turn.current = null;
        detectorLoaded.current = null;
        stopHearing?.();
        if (outcome !== "audio" && outcome !== "stopped") {
          void recording?.stop();
          resolve(outcome);
          return;
        }
        if (!recording) return;
        void recording.stop().then((blob) => {
          draft.push(null, true, question);
          resolve({ kind: "audio", blob, draft, stopped: outcome === "stopped", heard: spoke });
        });
      };
      turn.current = { finish };
    });
  }

  /** Sends an answer until it arrives; null when the question is to be asked again. */
  async function submit(
    question: string,
    attemptOf: string,
    outcome: Extract<Outcome, { kind: "audio" | "typed" }>,
  ): Promise<Feedback | null> {
    setPhase("sending");
    // Every send of this answer carries its key: one that arrived with its response lost is not
    // stored twice.
    // "I'm done" before the recorder had a moment to write anything: there is nothing to hear.
    if (outcome.kind === "audio" && outcome.blob.size === 0) return null;
    const answerId = crypto.randomUUID();
    const body =
      outcome.kind === "typed"
        ? { question, attemptOf, answerId, answer: outcome.text }
        : { question, attemptOf, answerId, audio: await blobToBase64(outcome.blob) };
    if (outcome.kind === "audio") await outcome.draft.flushed(1500);
    for (;;) {
      try {
        const feedback = await sendAnswer(body, () => setProblem("Sending your answer again..."));
        setProblem(null);
        return feedback;
      } catch (error) {
        // Nothing in it to hear: asked again, not "not reached us" (a retry cannot help).
        if (error instanceof ApiCallError && NOTHING_HEARD.has(error.code)) {
          setProblem(null);
          return null;
        }
        // Kept until it arrives: the user sends it again when the connection is back.
        setProblem(`Your answer has not reached us yet. ${describeApiError(error)}`);
        setPhase("stalled");
        await new Promise<void>((resolve) => (retry.current = resolve));
        retry.current = null;
        setPhase("sending");
      }
    }
  }

  function save(progress: InterviewProgress) {
    // Best effort: a save that fails leaves the last one, and the answers are stored anyway.
    void saveInterviewProgress(session.id, progress).catch(() => {});
  }

  /** Asks `question` until it has an answer (or is skipped); the feedback, or null when skipped. */
  async function turnAt(
    question: string,
    category: string,
    attemptOf: string,
    spoken: string,
    turnNo: number,
  ) {
    let prompt = spoken;
    for (;;) {
      await ask(prompt);
      if (!alive.current) return null;
      const limit = answerLimitSeconds(category, settingsRef.current.pressure);
      const outcome = await listen(question, limit);
      if (!alive.current) return null;
      if (outcome.kind === "skip") return null;
      if (outcome.kind === "repeat") {
        prompt = question;
        continue;
      }
      const yours = say("you", outcome.kind === "typed" ? outcome.text : "…");
      const { pressure } = settingsRef.current;
      // Nothing is acknowledged before it is known to be an answer: a turn ended by "I'm done"
      // with no speech heard waits for the recogniser, which may not hear any either.
      const ack =
        outcome.kind === "audio" && outcome.stopped
          ? stopAcknowledgement[pressure]
          : outcome.kind === "audio" && !outcome.heard
            ? null
            : acknowledgements[pressure][turnNo % acknowledgements[pressure].length]!;
      if (ack) say("interviewer", ack);
      const spokenAck = ack ? voice.say(ack) : Promise.resolve();
      const feedback = await submit(question, attemptOf, outcome);
      await spokenAck;
      if (!alive.current) return null;
      if (!feedback) {
        reword(yours, "(not heard)");
        prompt = "Sorry, I didn't catch that. Could you say it again, or type it?";
        continue;
      }
      // The recogniser's best guess where it was unsure: the line says so.
      reword(yours, feedback.transcript, feedback.approximate ? "approximate" : undefined);
      if (settingsRef.current.feedbackEachAnswer) {
        const overall = feedback.scores.overall;
        const verdict = lowAnxiety ? scoreWord(overall) : `${overall.toFixed(1)} out of 5`;
        const tip = feedback.improvements[0];
        say("interviewer", `Feedback: ${verdict}.${tip ? ` ${tip}` : ""}`, "feedback");
      }
      return feedback;
    }
  }

  async function run() {
    const skipped = [...start.skipped];
    let turnNo = 0;
    for (let at = start.at; at < session.questions.length; at++) {
      const current = session.questions[at]!;
      let followUp = at === start.at ? start.followUp : null;
      setPosition({ at, followUp });
      if (!followUp) {
        save({ at, followUp: null, skipped, finished: false });
        const lead = at === 0 ? "Let's begin." : nextQuestion[at % nextQuestion.length]!;
        const feedback = await turnAt(
          current.question,
          current.category,
          `${session.id}:${at}`,
          `${lead} ${current.question}`,
          turnNo++,
        );
        if (!alive.current) return;
        if (!feedback) {
          skipped.push(at);
          say("you", "(skipped)");
          continue;
        }
        followUp = feedback.followUp ?? null;
      }
      if (followUp) {
        setPosition({ at, followUp });
        save({ at, followUp, skipped, finished: false });
        await turnAt(followUp, "general", `${session.id}:${at}:follow-up`, followUp, turnNo++);
        if (!alive.current) return;
      }
    }
    save({ at: session.questions.length - 1, followUp: null, skipped, finished: true });
    speech.current?.close();
    speech.current = null;
    microphone.current?.close();
    microphone.current = null;
    setAnalyser(null);
    await ask("That's the end of the interview. Thank you — your report is ready.");
    setPhase("finished");
  }

  return {
    phase,
    position,
    lines,
    analyser,
    /**
     * Which detector hears the turns; `basic` once Silero could not load here, and the energy
     * detector stays for the interview.
     */
    detector,
    /** Speech heard in this turn (the "listening" state shows it). */
    heard,
    problem,
    voiceAvailable: voice.available,
    /** Opens the microphone once (typed answers only, when it cannot be) and begins. */
    async start() {
      if (phase !== "ready") return;
      setPhase("asking");
      try {
        const mic = await openInterviewMicrophone();
        microphone.current = mic;
        speech.current = energyDetector(mic.analyser);
        setAnalyser(mic.analyser);
        const current = () => alive.current && microphone.current === mic;
        const hearWith = (next: SpeechDetector, basic: boolean) => {
          speech.current?.close();
          speech.current = next;
          setDetector({ kind: next.kind, basic });
          detectorLoaded.current?.();
        };
        // Loaded while the first question is asked; until then the energy detector hears, and
        // again for good if Silero cannot load or stops working.
        void loadSileroDetector(mic, () => {
          if (current()) hearWith(energyDetector(mic.analyser), true);
        }).then((silero) => {
          if (!current()) return silero?.close();
          if (!silero) return setDetector({ kind: "energy", basic: true });
          hearWith(silero, false);
        });
      } catch (error) {
        setProblem(error instanceof MicrophoneUnavailable ? error.message : String(error));
      }
      void run();
    },
    /** "I'm done": ends the turn now. */
    done: () => {
      if (microphone.current) turn.current?.finish("audio");
    },
    repeat: () => turn.current?.finish({ kind: "repeat" }),
    skip: () => turn.current?.finish({ kind: "skip" }),
    /** A typed answer in place of a spoken one, at any turn. */
    type: (text: string) => turn.current?.finish({ kind: "typed", text }),
    /** The user is typing: a silence must not send the recording meanwhile. */
    setTyping: (on: boolean) => {
      typing.current = on;
    },
    sendAgain: () => retry.current?.(),
    canAnswer: phase === "listening",
  };
}

/** The transcript so far of a resumed interview: each question asked and what was heard. */
function pastLines(session: Session, resumed?: ResumeInterview | null): TranscriptLine[] {
  if (!resumed) return [];
  const lines: TranscriptLine[] = [];
  for (const answer of resumed.answers) {
    if (!answer.followUp) {
      const asked = session.questions[answer.questionIndex]?.question ?? "";
      lines.push({ id: lines.length, speaker: "interviewer", text: asked });
    } else {
      lines.push({
        id: lines.length,
        speaker: "interviewer",
        text: "(follow-up)",
        note: "follow-up",
      });
    }
    lines.push({ id: lines.length, speaker: "you", text: answer.transcript });
  }
  return lines;
}
