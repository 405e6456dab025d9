/**
 * A day as the app writes it everywhere ("Nov 27, 2026" in English), in the reader's own locale
 * and time zone.
 */
export const formatDay = (date: string | Date) =>
  new Date(date).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
