/**
 * Monthly billing periods as Stripe computes them: each period ends on the billing anchor's
 * day of month, clamped to the month's last day (an anchor of 31 January renews on 28/29
 * February, then 31 March). All arithmetic is in UTC.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** `anchor` plus `months` calendar months, clamped to the end of the target month. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The end of the period that follows the one ending at `periodEnd`, for a subscription anchored at `anchor`. */
export function nextPeriodEnd(anchor: Date, periodEnd: Date): Date {
  let months =
    (periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    (periodEnd.getUTCMonth() - anchor.getUTCMonth());
  // Clamping can put a period end in the month before the naive count; step until we pass it.
  while (addMonths(anchor, months).getTime() <= periodEnd.getTime()) months++;
  return addMonths(anchor, months);
}

export const days = (n: number) => n * DAY_MS;
