/**
 * Extracts clock times as numbers (`5:00 PM`, `10:30`, `17:45:00`): opening
 * hours and timestamps are specific claims, and without this rule their
 * digits are skipped as code-like (`10:30`) and a trailing `PM` is left to
 * pass for a name. Forms spell the same time with and without the space
 * before the meridiem, without `:00`, and on the 24-hour clock.
 *
 * One pattern with bounded repetitions, anchored after a non-word character.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';

const TIME = /(?<![\w.:])(\d{1,2}):([0-5]\d)(?::[0-5]\d)?(?: ?([AaPp])\.?[Mm]\.?)?(?![\w:])/g;

export function extractTimes(text: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(TIME)) {
    const hour = Number(m[1]);
    const meridiem = m[3]?.toUpperCase();
    if (hour > 23 || (meridiem && (hour < 1 || hour > 12))) continue;
    let literal = m[0];
    // `p.m.` at the end of a sentence keeps its last point as the full stop.
    if (literal.endsWith('.') && !/[AaPp]\.[Mm]\.$/.test(literal)) literal = literal.slice(0, -1);
    out.push({ type: 'number', start: m.index, end: m.index + literal.length, forms: timeForms(literal, hour, m[2], meridiem) });
  }
  return out;
}

function timeForms(literal: string, hour: number, minutes: string, meridiem: string | undefined): string[] {
  const forms = [literal];
  if (meridiem) {
    const suffix = `${meridiem}M`;
    forms.push(`${hour}:${minutes} ${suffix}`, `${hour}:${minutes}${suffix}`);
    if (minutes === '00') forms.push(`${hour} ${suffix}`, `${hour}${suffix}`);
    const h24 = (hour % 12) + (meridiem === 'P' ? 12 : 0);
    forms.push(`${String(h24).padStart(2, '0')}:${minutes}`);
  } else {
    forms.push(`${hour}:${minutes}`);
    if (hour >= 1 && hour <= 23) {
      const h12 = hour % 12 === 0 ? 12 : hour % 12;
      const suffix = hour < 12 ? 'AM' : 'PM';
      forms.push(`${h12}:${minutes} ${suffix}`);
    }
  }
  return uniqueForms(forms);
}
