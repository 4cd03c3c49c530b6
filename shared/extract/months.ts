/**
 * English month names and the written spellings of a calendar date that
 * lookup tries, so `January 15, 2024` and `2024-01-15` find each other.
 */

const FULL = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Month index (0-11) for a capitalized full or abbreviated name (`Jan`, `Sept`, `September`). */
export function monthIndex(name: string): number {
  if (name === 'Sept') return 8;
  const prefix = name.slice(0, 3);
  const i = FULL.findIndex((m) => m.startsWith(prefix));
  if (i < 0) return -1;
  return name.length === 3 || name === FULL[i] ? i : -1;
}

export function monthFullName(month: number): string {
  return FULL[month];
}

export function monthShortName(month: number): string {
  return FULL[month].slice(0, 3);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Every spelling of a full date, ISO first. */
export function fullDateSpellings(year: number, month: number, day: number): string[] {
  const full = monthFullName(month);
  const short = monthShortName(month);
  return [
    `${year}-${pad2(month + 1)}-${pad2(day)}`,
    `${full} ${day}, ${year}`,
    `${full} ${day} ${year}`,
    `${short} ${day}, ${year}`,
    `${short} ${day} ${year}`,
    `${day} ${full} ${year}`,
    `${day} ${short} ${year}`,
    `${full} ${day}`,
    `${short} ${day}`,
  ];
}

/** Spellings of a day without a year; the ISO fragment finds it inside any year's date. */
export function monthDaySpellings(month: number, day: number): string[] {
  const full = monthFullName(month);
  const short = monthShortName(month);
  return [`${full} ${day}`, `${short} ${day}`, `${day} ${full}`, `${day} ${short}`, `-${pad2(month + 1)}-${pad2(day)}`];
}

export function monthYearSpellings(year: number, month: number): string[] {
  return [`${monthFullName(month)} ${year}`, `${monthShortName(month)} ${year}`, `${year}-${pad2(month + 1)}`];
}

/** Days a month can have, with February allowed 29 in a leap year. */
export function isValidDay(year: number | undefined, month: number, day: number): boolean {
  const lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (day < 1 || day > lengths[month]) return false;
  if (month === 1 && day === 29 && year !== undefined) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return true;
}
