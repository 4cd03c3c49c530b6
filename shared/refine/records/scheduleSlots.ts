/**
 * Opening hours checked per day. A clock time in an output sentence belongs
 * to the days named in its clause (`Monday through Friday from 6:30 AM to
 * 6:00 PM`, `weekends`, `daily`); when the context is a schedule record
 * (`'Monday': '7:0-16:0'`), the time must be that day's opening or closing
 * time. A time the context gives for other days only is contradicted, with
 * that day's hours as the context's value. Days the record does not list
 * are left alone: a missing day may be closed or merely unknown, and so are
 * days given as `0:0-0:0`, which records use for both.
 */
import type { Contradiction } from '../contradictions';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { FindOptions } from '../../lookup/contextIndex';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY_WORD =
  /\b(Mon(?:day)?s?|Tue(?:s|sday)?s?|Wed(?:nesday)?s?|Thu(?:rs|rsday)?s?|Fri(?:day)?s?|Sat(?:urday)?s?|Sun(?:day)?s?|weekdays|weekends|daily|every day|all week|seven days a week|7 days a week)\b/gi;
const RANGE_JOIN = /^\s*(?:through|thru|to|until|-|–|—)\s*$/i;
/** `'Monday': '7:0-16:0'` and close variants: the day's key, then an H:M-H:M value. */
const RECORD_VALUE = /^['"]?\s{0,2}:\s{0,2}['"]?(\d{1,2}):(\d{1,2})\s?-\s?(\d{1,2}):(\d{1,2})/;

export interface DayHours {
  /** Minutes after midnight. */
  open: number;
  close: number;
  /** `Tuesday 17:0-20:0`. */
  value: string;
  part: number;
  /** Raw ranges of the opening and closing times in their part. */
  openRange: [number, number];
  closeRange: [number, number];
}

/** Whether the output's time opens (`from 8am`) or closes (`to 2pm`) its range, as far as its clause shows. */
export type TimeRole = 'open' | 'close';

/** Day index (0 = Monday) for a day word, or the days a collective word covers. */
export function daysOf(word: string): number[] {
  const w = word.toLowerCase();
  if (w === 'weekdays') return [0, 1, 2, 3, 4];
  if (w === 'weekends') return [5, 6];
  if (w === 'daily' || w === 'every day' || w === 'all week' || w.endsWith('days a week')) return [0, 1, 2, 3, 4, 5, 6];
  const i = DAYS.findIndex((d) => w.startsWith(d.slice(0, 3).toLowerCase()));
  return i < 0 ? [] : [i];
}

/** The days a clause names, ranges (`Monday through Friday`, `Mon-Thu`) expanded. */
export function daysInClause(clause: string): number[] {
  const days = new Set<number>();
  const words = [...clause.matchAll(DAY_WORD)];
  for (let k = 0; k < words.length; k++) {
    const first = daysOf(words[k][0]);
    const next = words[k + 1];
    if (next && first.length === 1 && RANGE_JOIN.test(clause.slice(words[k].index + words[k][0].length, next.index))) {
      const last = daysOf(next[0]);
      if (last.length === 1) {
        for (let d = first[0]; ; d = (d + 1) % 7) {
          days.add(d);
          if (d === last[0]) break;
        }
        k++;
        continue;
      }
    }
    for (const d of first) days.add(d);
  }
  return [...days].sort((a, b) => a - b);
}

/** Each day's hours as a schedule record in the context gives them (first record found). */
export function scheduleOf(index: ContextLookup, find: FindOptions): Map<number, DayHours> {
  const hours = new Map<number, DayHours>();
  DAYS.forEach((day, d) => {
    for (const m of index.find(`'${day}'`, { ...find, limit: 5 }).concat(index.find(`"${day}"`, { ...find, limit: 5 }))) {
      const raw = index.partText(m.part);
      const v = RECORD_VALUE.exec(raw.slice(m.end, m.end + 24));
      if (!v) continue;
      const openStart = m.end + v[0].indexOf(v[1]);
      const openEnd = openStart + v[1].length + 1 + v[2].length;
      const closeEnd = m.end + v[0].length;
      const closeStart = closeEnd - (v[3].length + 1 + v[4].length);
      hours.set(d, {
        open: Number(v[1]) * 60 + Number(v[2]),
        close: Number(v[3]) * 60 + Number(v[4]),
        value: `${day} ${raw.slice(openStart, closeEnd)}`,
        part: m.part,
        openRange: [openStart, openEnd],
        closeRange: [closeStart, closeEnd],
      });
      break;
    }
  });
  return hours;
}

/** The clause of `sentence` around `[start, end)`: between the nearest `,`, `;` or ` and ` on either side. */
export function clauseAround(sentence: string, start: number, end: number): string {
  // Bounded, so a sentence of thousands of times costs no more per time than a short one.
  const floor = Math.max(0, start - CLAUSE_REACH);
  const ceiling = Math.min(sentence.length, end + CLAUSE_REACH);
  let s = start;
  while (s > floor && sentence[s - 1] !== ',' && sentence[s - 1] !== ';' && !sentence.startsWith(' and ', s - 5)) s--;
  let e = end;
  while (e < ceiling && sentence[e] !== ',' && sentence[e] !== ';' && !sentence.startsWith(' and ', e)) e++;
  return sentence.slice(s, e);
}

/** Farthest a clause reaches on either side of its time. */
const CLAUSE_REACH = 200;

/**
 * The contradiction for a clock time said of the days of its clause, or
 * undefined when every listed day agrees, no day is named, or the context
 * has no schedule for them. The value is the day's opening or closing time
 * (by the time's role) written in the output's style (`5pm` for `8am`), so
 * an editor can offer it as the replacement.
 */
export function scheduleContradiction(
  written: string,
  minutes: number,
  role: TimeRole,
  days: readonly number[],
  schedule: ReadonlyMap<number, DayHours>,
): Contradiction | undefined {
  for (const d of days) {
    const h = schedule.get(d);
    // `0:0-0:0` says nothing about when the day starts and ends (unknown, or open around the clock).
    if (!h || (h.open === 0 && h.close === 0)) continue;
    // `0:0` closes at midnight, which a reader writes as 12:00 AM or 24:00.
    const matches = (x: number) => x === minutes || (x % 1440 === 0 && minutes % 1440 === 0);
    if (matches(h.open) || matches(h.close)) continue;
    const [start, end] = role === 'open' ? h.openRange : h.closeRange;
    return { value: writtenLike(written, role === 'open' ? h.open : h.close), match: { part: h.part, start, end }, slot: h.value };
  }
  return undefined;
}

/** `minutes` written the way `written` writes a time: `5pm`, `5:00 PM`, `5 p.m.`, `17:00`. */
export function writtenLike(written: string, minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const mm = String(minute).padStart(2, '0');
  const meridiem = /([AaPp])(\.?)([Mm])\.?$/.exec(written);
  if (!meridiem) return `${written.length > 4 && written[0] === '0' ? String(hour).padStart(2, '0') : hour}:${mm}`;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const clock = minute > 0 || written.includes(':') ? `${hour12}:${mm}` : `${hour12}`;
  const space = /\d\s[AaPp]/.test(written) ? ' ' : '';
  const upper = meridiem[1] === meridiem[1].toUpperCase();
  const letter = hour < 12 ? (upper ? 'A' : 'a') : upper ? 'P' : 'p';
  const m = meridiem[3];
  return meridiem[2] ? `${clock}${space}${letter}.${m}.` : `${clock}${space}${letter}${m}`;
}
