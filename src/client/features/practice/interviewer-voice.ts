/**
 * The interviewer's voice: the browser's speech synthesis when it lists a voice (some list none,
 * e.g. Chromium without speech packages), else nothing — the words are always on screen as
 * captions. `say` resolves when the line has been spoken (at once without a voice), so the
 * microphone never listens to the interviewer.
 */
export function createInterviewerVoice() {
  const synth = typeof window !== "undefined" ? window.speechSynthesis : undefined;
  const voice = () => synth?.getVoices().find((candidate) => candidate.lang.startsWith("en"));

  return {
    get available() {
      return Boolean(synth && synth.getVoices().length > 0);
    },
    say(text: string): Promise<void> {
      if (!synth || synth.getVoices().length === 0) return Promise.resolve();
      synth.cancel();
      return new Promise((resolve) => {
        const utterance = new SpeechSynthesisUtterance(text);
        const english = voice();
        if (english) utterance.voice = english;
        // Some engines never fire `end`: give up after the line's length at a slow pace.
        const timer = window.setTimeout(resolve, 2000 + text.split(/\s+/).length * 600);
        const done = () => {
          window.clearTimeout(timer);
          resolve();
        };
        utterance.addEventListener("end", done);
        utterance.addEventListener("error", done);
        synth.speak(utterance);
      });
    },
    stop() {
      synth?.cancel();
    },
  };
}
