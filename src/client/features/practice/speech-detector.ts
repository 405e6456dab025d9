import { createEnergyGate, levelDb, type SpeechDetector } from "./end-of-turn";
import type { InterviewMicrophone } from "./interview-microphone";

/**
 * The interview's speech detectors (docs/decisions/0104): Silero when it loads, the energy gate
 * until then and whenever it cannot. Either feeds the same turn logic (`createTurnDetector`).
 */

/** The energy gate on the microphone's level, 20 ms at a time. */
export function energyDetector(analyser: AnalyserNode): SpeechDetector {
  const samples = new Float32Array(analyser.fftSize);
  return {
    kind: "energy",
    listen(onFrame) {
      const speech = createEnergyGate();
      // A hidden tab slows timers down, which only makes the turn end later.
      const timer = window.setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        onFrame(speech(levelDb(samples)), performance.now());
      }, 20);
      return () => window.clearInterval(timer);
    },
    close() {},
  };
}

/**
 * Silero on the microphone, its code, runtime and model fetched from our origin now (not with the
 * page); null, with the reason in the console, when any of it fails or the browser cannot run it.
 * `onFailure` hears if it stops working after it has loaded.
 */
export async function loadSileroDetector(
  microphone: InterviewMicrophone,
  onFailure: () => void,
): Promise<SpeechDetector | null> {
  try {
    const { openSileroDetector } = await import("./silero-speech");
    const context = microphone.source.context as AudioContext;
    return await openSileroDetector(context, microphone.source, (error) => {
      console.info("Basic speech detection from now on: Silero stopped working.", error);
      onFailure();
    });
  } catch (error) {
    console.info("Basic speech detection for this interview: Silero did not load.", error);
    return null;
  }
}
