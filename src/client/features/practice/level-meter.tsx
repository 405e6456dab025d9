import { useEffect, useRef } from "react";

/**
 * A live input-level bar drawn from an AnalyserNode. It animates through a ref (no React
 * re-render per frame), about 30 times a second, which keeps slow laptops responsive.
 * `onLevel` hears each level drawn (0 silent … 1 full scale).
 */
export function LevelMeter({
  analyser,
  onLevel,
}: {
  analyser: AnalyserNode | null;
  onLevel?: (level: number) => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const onLevelRef = useRef(onLevel);
  useEffect(() => {
    onLevelRef.current = onLevel;
  });

  useEffect(() => {
    if (!analyser) return;
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const draw = (time: number) => {
      frame = requestAnimationFrame(draw);
      if (time - last < 33) return;
      last = time;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around -30..-10 dBFS: map -60..0 dB onto the bar.
      const db = 20 * Math.log10(Math.max(rms, 1e-6));
      const level = Math.min(1, Math.max(0, (db + 60) / 60));
      if (bar.current) bar.current.style.transform = `scaleX(${level.toFixed(3)})`;
      onLevelRef.current?.(level);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [analyser]);

  return (
    <div
      aria-hidden="true"
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
      data-testid="level-meter"
    >
      <div
        ref={bar}
        className="h-full w-full origin-left rounded-full bg-primary transition-transform duration-75"
        style={{ transform: "scaleX(0)" }}
      />
    </div>
  );
}
