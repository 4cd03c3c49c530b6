/**
 * Reading numbers out of raw context text near a known position, and
 * comparing two written numbers by value. Values are compared as digit
 * strings (`4.0` = `4`, `1,200` = `1200`), never as floats, so no rounding
 * can make two different numbers equal.
 */

export interface NumberToken {
  /** The raw text of the number, with a currency symbol in front or `%` behind when present. */
  text: string;
  start: number;
  end: number;
  /** Digits without grouping, trailing fraction zeros trimmed: `4.0` → `4`. */
  value: string;
  currency: string;
  percent: boolean;
}

const CURRENCY = '$€£¥';

/** A scale right after the digits: `4.2M`, `3bn`, `12k`, ` million`. */
const SCALE = /^(?:(bn|[kmbt])(?![a-z])| (thousand|million|billion|trillion)\b)/i;
const SCALE_POWERS: Record<string, number> = { k: 3, thousand: 3, m: 6, million: 6, b: 9, bn: 9, billion: 9, t: 12, trillion: 12 };

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** The canonical value of a written number core (`1,234.50` → `1234.5`), or undefined if it is not one. */
export function numberValue(core: string): string | undefined {
  if (!/^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(core)) return undefined;
  const [int, frac = ''] = core.replace(/,/g, '').split('.');
  let f = frac;
  while (f.endsWith('0')) f = f.slice(0, -1);
  let i = int;
  while (i.length > 1 && i.startsWith('0')) i = i.slice(1);
  return f ? `${i}.${f}` : i;
}

/** The number token that covers `[start, …)` when `start` is its first digit. */
export function tokenAt(text: string, start: number): NumberToken | undefined {
  if (!isDigit(text[start]) || isDigit(text[start - 1]) || (text[start - 1] === '.' && isDigit(text[start - 2]))) return undefined;
  // Part of a clock time or a ratio (`13:0`, `3:2`): not a number of its own.
  if (text[start - 1] === ':' && isDigit(text[start - 2])) return undefined;
  let end = start;
  while (end < text.length && end - start < 40 && (isDigit(text[end]) || ((text[end] === ',' || text[end] === '.') && isDigit(text[end + 1])))) end++;
  if (text[end] === ':' && isDigit(text[end + 1])) return undefined;
  const value = numberValue(text.slice(start, end));
  if (value === undefined) return undefined;
  const currency = CURRENCY.includes(text[start - 1] ?? ' ') ? text[start - 1] : '';
  const percent = text[end] === '%' || /^ ?per ?cent\b/i.test(text.slice(end, end + 9));
  const scale = SCALE.exec(text.slice(end, end + 10));
  const from = currency ? start - 1 : start;
  const to = text[end] === '%' ? end + 1 : scale ? end + scale[0].length : end;
  // The scale is part of the value: `$4.2M` and `$4.2B` differ.
  const scaled = scale ? `${value}e${SCALE_POWERS[(scale[1] ?? scale[2]).toLowerCase()]}` : value;
  return { text: text.slice(from, to), start: from, end: to, value: scaled, currency, percent };
}

/** The number ending just before `pos`, with at most one space between (`324 metres`). */
export function numberBefore(text: string, pos: number): NumberToken | undefined {
  let p = pos;
  if (text[p - 1] === ' ') p--;
  if (!isDigit(text[p - 1])) return undefined;
  let s = p;
  while (s > 0 && p - s < 40 && (isDigit(text[s - 1]) || ((text[s - 1] === ',' || text[s - 1] === '.') && isDigit(text[s - 2])))) s--;
  const t = tokenAt(text, s);
  return t && t.end >= p ? t : undefined;
}

/**
 * The first number within `reach` characters after `pos`, not crossing a
 * sentence or line end (`revenue was $4.2M`, `'stars': 4.0`).
 */
export function numberAfter(text: string, pos: number, reach: number): NumberToken | undefined {
  const stop = Math.min(text.length, pos + reach);
  for (let i = pos; i < stop; i++) {
    const c = text[i];
    if (c === '\n' || c === ';' || ((c === '.' || c === '!' || c === '?') && !isDigit(text[i + 1]))) return undefined;
    if (isDigit(c)) return tokenAt(text, i);
  }
  return undefined;
}

/** Characters that join a number into a code, a path or a time when a letter or digit sits before them (`T-6`, `sha512/17`, `12:19`, `#5` is not joined). */
const JOINERS = '-/:#@_';

function isAlnum(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9]/.test(c);
}

/**
 * Whether `[start, end)` of `text`, a run of digits (and points) found by a
 * lookup, is a number of its own, as extraction reads one: not the tail of
 * a longer number, version or identifier (`1834`, `v0.2.0`, `a60dc8c`,
 * `L475`), not a part of a clock time, date or path (`17:50:56`,
 * `2025-11-04`, `sha512/17/b8`), and not the head of a decimal, version or
 * hex run (`17.5mb`, `3.14`, `4f09`). `4` in `4.0` is the same number, and
 * a unit may follow (`100ms`).
 */
export function standsAsNumber(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  if (before !== undefined && (GLUED_BEFORE.test(before) || (JOINERS.includes(before) && isAlnum(text[start - 2])))) return false;
  const after = text[end];
  if (after === undefined) return true;
  if (isDigit(after)) return false;
  if (after === ',' && isDigit(text[end + 1])) {
    // `4,860` is one number; `4860,2025-05-28` is a CSV row's cells. A thousands group follows one to three digits.
    return !(end - start <= 3 && isDigit(text[end + 2]) && isDigit(text[end + 3]) && !isDigit(text[end + 4]));
  }
  if ((after === ':' || after === '/' || after === '-') && isDigit(text[end + 1])) return false;
  if (after === '.' && isDigit(text[end + 1])) {
    // `4` in `4.0` is the same number; `4` in `4.5`, or `4.0` in `4.0.1`, is not.
    let i = end + 1;
    while (text[i] === '0') i++;
    return !isDigit(text[i]) && !(text[i] === '.' && isDigit(text[i + 1]));
  }
  // Letters glued after the digits are a unit (`100ms`) unless a digit follows them (`4f09`, `8c1d`).
  let i = end;
  while (i < text.length && i - end < 12 && LETTER.test(text[i])) i++;
  return i === end || !isDigit(text[i]);
}

/**
 * Made once: a regular expression written in a function is a new object at
 * every call, and standsAsNumber is asked of every place a number is found
 * in a long session (about 90 MB of the 1.3 GB checking a repetitive 20 MB
 * session allocated). Neither is global or sticky, so `test` keeps no state.
 */
const GLUED_BEFORE = /[A-Za-z0-9_.]/;
const LETTER = /[A-Za-z]/;
