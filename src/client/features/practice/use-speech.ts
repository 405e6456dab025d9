import { useCallback, useEffect, useState } from "react";

/**
 * The browser's speech synthesis, for the AI Interviewer to read its questions aloud. `available`
 * is false until the browser lists a voice (some list none at all, e.g. Chromium without speech
 * packages): the page then simply shows the text. Speaking stops on unmount.
 */
export function useSpeech() {
  const [available, setAvailable] = useState(false);

  useEffect(() => {
    if (typeof window === "undefined" || !("speechSynthesis" in window)) return;
    const synth = window.speechSynthesis;
    const check = () => setAvailable(synth.getVoices().length > 0);
    check();
    synth.addEventListener("voiceschanged", check);
    return () => {
      synth.removeEventListener("voiceschanged", check);
      synth.cancel();
    };
  }, []);

  const speak = useCallback(
    (text: string) => {
      if (!available) return;
      const synth = window.speechSynthesis;
      synth.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      const english = synth.getVoices().find((voice) => voice.lang.startsWith("en"));
      if (english) utterance.voice = english;
      synth.speak(utterance);
    },
    [available],
  );
  const stop = useCallback(() => {
    if (available) window.speechSynthesis.cancel();
  }, [available]);

  return { available, speak, stop };
}
