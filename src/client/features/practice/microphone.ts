/**
 * What the recorder asks of the microphone and the encoder — the practice page's recorder and the
 * scripts that record through real Chromium (tests/support/chromium-recorder.ts) share it.
 *
 * Automatic gain control is off: it rides the level up and down within a sentence, and the
 * offline recogniser heard about a sixth more words wrong through it (docs/decisions/0074). Echo
 * cancellation and noise suppression stay on: they cost little on clean speech and are there for
 * the laptop in a real room.
 */
export const MICROPHONE_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: false,
  channelCount: 1,
} as const satisfies MediaTrackConstraints;

/** Opus at 32 kbit/s: speech loses nothing the recogniser hears (64 kbit/s measured no better). */
export const RECORDING_BITS_PER_SECOND = 32_000;
