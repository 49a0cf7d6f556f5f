// One way to show a moment everywhere (views, tooltips, pickers, hovers, the log): "2025-11-03 09:00
// UTC", and the time alone ("09:00:12 UTC") where only today's matters. UTC and ISO order read the same
// for every user and in every locale; no vscode import (client and server).

function asDate(value: string | number | Date): Date | undefined {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** "2025-11-03 09:00 UTC"; the text itself when it is not a date. */
export function formatMoment(value: string | number | Date): string {
  const d = asDate(value);
  if (!d) return String(value);
  const iso = d.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "15:45:55 UTC" today, else "2025-11-03 15:45 UTC" (status messages). */
export function formatClock(value: Date | undefined, now = new Date()): string {
  if (!value) return 'unknown';
  const iso = value.toISOString();
  return iso.slice(0, 10) === now.toISOString().slice(0, 10)
    ? `${iso.slice(11, 19)} UTC`
    : formatMoment(value);
}
