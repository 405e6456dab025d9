/**
 * Rate limits count in fixed windows on the clock (src/server/db/rate-limit.ts), so requests that
 * straddle a window's end are counted in two and a limit that should refuse them does not. Waits,
 * when the current window of `windowMs` ends within `needMs`, until the next one has begun.
 */
export async function inOneWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
