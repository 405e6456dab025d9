import { describe, expect, it } from "vitest";
import {
  createEnergyGate,
  createProbabilityGate,
  createTurnDetector,
  TURN_PAUSES,
  type TurnEvent,
} from "./end-of-turn";

const SPEECH = -20;
const ROOM = -65;

/**
 * Feeds `segments` of [level, milliseconds] in 20 ms frames through the energy gate; the events
 * with their times.
 */
function run(segments: [number, number][], finishedAtPause = false) {
  const detector = createTurnDetector(TURN_PAUSES.standard);
  const speech = createEnergyGate();
  const events: [TurnEvent, number][] = [];
  let now = 0;
  for (const [db, ms] of segments) {
    for (let t = 0; t < ms; t += 20, now += 20) {
      const event = detector.frame(speech(db), now);
      if (event === "pause" && finishedAtPause) detector.setFinished(true);
      if (event) events.push([event, now]);
    }
  }
  return { events, detector };
}

describe("end of turn", () => {
  it("waits for speech, lets a 2 s thinking pause pass, and ends after a long silence", () => {
    const { events } = run([
      [ROOM, 5000], // the user reads the question
      [SPEECH, 3000],
      [ROOM, 2000], // thinking
      [SPEECH, 2000],
      [ROOM, 4000],
    ]);
    // Each pause is asked about twice (at 0.35 s and 1.4 s of silence).
    expect(events.map(([event]) => event)).toEqual([
      "speech",
      "pause",
      "pause",
      "pause",
      "pause",
      "end",
    ]);
    const [, endAt] = events.at(-1)!;
    expect(endAt - 12_000).toBeGreaterThanOrEqual(TURN_PAUSES.standard.pauseMs - 40);
  });

  it("ends a finished answer after a short silence, but not when more words follow", () => {
    const { events } = run(
      [
        [ROOM, 500],
        [SPEECH, 2000],
        [ROOM, 1500],
      ],
      true,
    );
    expect(events.at(-1)).toEqual(["end", 2480 + TURN_PAUSES.standard.finishedPauseMs]);
    const resumed = run([
      [ROOM, 500],
      [SPEECH, 2000],
      [ROOM, 600],
      [SPEECH, 1000],
      [ROOM, 2000],
    ]);
    expect(resumed.events.at(-1)?.[0]).toBe("pause"); // not finished: 2 s is not enough
  });

  it("lets the next words end a pause, even when they start just as it would end", () => {
    const detector = createTurnDetector(TURN_PAUSES.standard);
    const { pauseMs } = TURN_PAUSES.standard;
    const events: TurnEvent[] = [];
    let now = 0;
    const frames = (speech: boolean, ms: number) => {
      for (const end = now + ms; now < end; now += 20) events.push(detector.frame(speech, now));
    };
    frames(true, 1000);
    frames(false, pauseMs - 20);
    // Three speech frames start the words again; the first comes when the silence is pauseMs.
    frames(true, 1000);
    expect(events).not.toContain("end");
    frames(false, pauseMs + 20);
    expect(events).toContain("end");
  });

  it("takes no click or a steady hum for speech", () => {
    const { events } = run([
      [ROOM, 1000],
      [SPEECH, 40], // a click
      [ROOM, 1000],
      [-50, 3000], // a fan starting, 15 dB up, learned as the room
    ]);
    expect(events.filter(([event]) => event === "speech").length).toBeLessThanOrEqual(1);
    expect(events.some(([event]) => event === "end")).toBe(false);
  });

  it("holds Silero's speech through a dip and lets it go once the probability falls", () => {
    const speech = createProbabilityGate();
    const heard = [0.1, 0.29, 0.31, 0.27, 0.26, 0.24, 0.28, 0.9].map(speech);
    expect(heard).toEqual([false, false, true, true, true, false, false, true]);
  });
});
