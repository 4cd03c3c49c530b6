/**
 * Clock times as checkable entities (`4:00 PM`, `10am`, `9 p.m.`, `17:30`).
 * The extraction rules leave a time in pieces (a number, then `PM` as a
 * name), so opening hours in an answer were never checked. A time is the
 * same time in either notation, so each carries its 12-hour and 24-hour
 * spellings (`4:00 PM` ⇄ `16:00`, and, where the records pack runs, `16:0`
 * as schedule records write it); all are looked up on token boundaries so
 * `4:00` is not found in `14:00`.
 *
 * A bare `5:30` in a range whose other end says PM (`5:30 to 9:30 PM`) takes
 * that meridiem, as a reader would.
 *
 * A time starts a word: the `1:34` of `discuss.ps1:34` or `v1:34` is the end
 * of a name and its line, not a time.
 */
import type { ExtractedEntity, Range } from '../classifier/types';
import { narrowed } from '../extract/narrowed';
import { RangeSet } from './rangeSet';

const TWELVE_HOUR = /(?<![\w:.])(\d{1,2})(?::([0-5]\d))?\s?(?:([AaPp])\.[Mm]\.|([AaPp])[Mm]\b)/g;
const TWENTY_FOUR_HOUR = /(?<![\w:.$])([01]?\d|2[0-3]):([0-5]\d)(?![\d:]|\s?[AaPp]\.?[Mm]\b)/g;
/** `to`, a hyphen or a dash, then the later time of a range. */
const RANGE_TAIL = /^\s?(?:to|until|till|-|–|—)\s?(\d{1,2})(?::([0-5]\d))?\s?([AaPp])\.?[Mm]\b/;

export interface ClockTime {
  span: Range;
  /** 0–23. */
  hour: number;
  minute: number;
  /** Whether the output said AM or PM (else it wrote a 24-hour time). */
  meridiem: 'am' | 'pm' | undefined;
}

export function findClockTimes(output: string): ClockTime[] {
  const times: ClockTime[] = [];
  for (const m of output.matchAll(TWELVE_HOUR)) {
    const hour12 = Number(m[1]);
    if (hour12 < 1 || hour12 > 12) continue;
    const meridiem = (m[3] ?? m[4]).toLowerCase() === 'p' ? 'pm' : 'am';
    times.push({ span: [m.index, m.index + m[0].length], hour: to24(hour12, meridiem), minute: Number(m[2] ?? 0), meridiem });
  }
  for (const m of output.matchAll(TWENTY_FOUR_HOUR)) {
    const end = m.index + m[0].length;
    let hour = Number(m[1]);
    let meridiem: ClockTime['meridiem'];
    const range = RANGE_TAIL.exec(output.slice(end, end + 16));
    if (range && hour >= 1 && hour <= 12) {
      meridiem = range[3].toLowerCase() === 'p' ? 'pm' : 'am';
      hour = to24(hour, meridiem);
    }
    times.push({ span: [m.index, end], hour, minute: Number(m[2]), meridiem });
  }
  return times.sort((a, b) => a.span[0] - b.span[0]);
}

function to24(hour12: number, meridiem: 'am' | 'pm'): number {
  return (hour12 % 12) + (meridiem === 'pm' ? 12 : 0);
}

/** Every spelling of the time, the 24-hour ones first; `records` adds the records' `16:0`. */
export function clockForms(t: ClockTime, records = true): string[] {
  const mm = String(t.minute).padStart(2, '0');
  const forms = [`${t.hour}:${mm}`, `${String(t.hour).padStart(2, '0')}:${mm}`];
  if (t.minute === 0 && records) forms.push(`${t.hour}:0`);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  const ampm = t.hour < 12 ? 'am' : 'pm';
  const dotted = `${ampm[0]}.m.`;
  for (const clock of t.minute === 0 ? [`${hour12}:00`, `${hour12}`] : [`${hour12}:${mm}`]) {
    forms.push(`${clock} ${ampm}`, `${clock}${ampm}`, `${clock} ${dotted}`);
  }
  return [...new Set(forms)];
}

/** `16:0`: the hour and a single zero, as schedule records write a time on the hour. */
export function isRecordClockForm(form: string): boolean {
  return /^\d{1,2}:0$/.test(form);
}

/**
 * The extracted entities with clock times added as entities of their own,
 * replacing whatever they overlapped (a bare number, an `AM`/`PM` name).
 * Repeats of the same time merge into one entity with several occurrences.
 */
export function withClockTimes(output: string, extracted: readonly ExtractedEntity[], recordForms = true): ExtractedEntity[] {
  const times = findClockTimes(output);
  if (times.length === 0) return extracted.slice();
  const spans = new RangeSet(times.map((t) => t.span));
  const kept: ExtractedEntity[] = [];
  for (const e of extracted) {
    const occurrences = e.occurrences.filter((o) => !spans.overlaps(o[0], o[1]));
    if (occurrences.length === 0) continue;
    if (occurrences.length === e.occurrences.length) kept.push(e);
    else kept.push(narrowed(e, output, occurrences));
  }
  const byTime = new Map<string, ExtractedEntity>();
  for (const t of times) {
    const forms = clockForms(t, recordForms);
    const seen = byTime.get(forms[0]);
    if (seen) {
      seen.occurrences.push(t.span);
      continue;
    }
    const text = output.slice(t.span[0], t.span[1]);
    byTime.set(forms[0], { text, type: 'date', span: t.span, forms: [text, ...forms.filter((f) => f !== text)], occurrences: [t.span] });
  }
  return [...kept, ...byTime.values()].sort((a, b) => a.span[0] - b.span[0]);
}

/** A clock-time entity's forms carry a 24-hour spelling second; no extracted date has one. */
export function isClockEntity(entity: ExtractedEntity): boolean {
  return entity.type === 'date' && entity.forms.length > 1 && /^\d{1,2}:\d{2}$/.test(entity.forms[1]);
}
