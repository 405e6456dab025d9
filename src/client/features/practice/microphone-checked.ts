/**
 * Whether this device's microphone has passed the check before a first recording (use-recorder.ts):
 * once is enough per browser, so it is kept in localStorage.
 */
const storageKey = "interview-coach:microphone-checked";

export function microphoneChecked(): boolean {
  try {
    return localStorage.getItem(storageKey) === "1";
  } catch {
    return false; // storage blocked: check each time rather than never
  }
}

export function rememberMicrophoneChecked(): void {
  try {
    localStorage.setItem(storageKey, "1");
  } catch {
    // storage blocked: the check comes again next time
  }
}
