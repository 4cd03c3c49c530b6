/**
 * Markup-insensitive text: Markdown, HTML and wikitext markup removed from a
 * context so it does not stop a match (`**$4.2M**`, `[Acme](https://…)`,
 * `<td>Acme</td>`, `AT&amp;T`, `[[Paris|the capital]]`, `'''bold'''`), with
 * the raw range of every kept character so a match is reported on the raw
 * characters it came from.
 *
 * One forward pass; every construct is recognised within a bounded window
 * (a tag within 200 characters, an entity within 10, a link target within
 * 500), so the cost is linear in the text whatever it holds.
 */

export interface StrippedText {
  text: string;
  /** Raw start of each kept character. */
  rawStart: Int32Array;
  /** Raw end of each kept character (after an entity, its `;`). */
  rawEnd: Int32Array;
}

const TAG_REACH = 200;
const ENTITY_REACH = 10;
const TARGET_REACH = 500;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
};

export function stripMarkup(raw: string): StrippedText {
  const out: string[] = [];
  const rawStart = new Int32Array(raw.length);
  const rawEnd = new Int32Array(raw.length);
  let n = 0;
  const keep = (ch: string, s: number, e: number): void => {
    out.push(ch);
    rawStart[n] = s;
    rawEnd[n] = e;
    n++;
  };
  let lineStart = true;
  let i = 0;
  while (i < raw.length) {
    const c = raw[i];
    if (lineStart) {
      const skip = lineMarkup(raw, i);
      if (skip > i) {
        i = skip;
        lineStart = false;
        continue;
      }
    }
    lineStart = c === '\n';
    if (c === '<') {
      const end = tagEnd(raw, i);
      if (end > 0) {
        // A tag separates words (`<td>a</td><td>b</td>`), so it leaves one space behind.
        keep(' ', i, end);
        i = end;
        continue;
      }
    } else if (c === '&') {
      const entity = readEntity(raw, i);
      if (entity) {
        keep(entity.char, i, entity.end);
        i = entity.end;
        continue;
      }
    } else if (c === '*' || c === '`' || c === '~') {
      i = runEnd(raw, i, c);
      continue;
    } else if (c === '_' && !(isWord(raw[i - 1]) && isWord(raw[runEnd(raw, i, '_')]))) {
      // Underscores inside a word (`snake_case`) are text, at its edges emphasis.
      i = runEnd(raw, i, '_');
      continue;
    } else if (c === "'" && raw[i + 1] === "'") {
      i = runEnd(raw, i, "'");
      continue;
    } else if (c === '[') {
      const skip = linkOpen(raw, i);
      if (skip > i) {
        i = skip;
        continue;
      }
    } else if (c === ']') {
      const skip = linkClose(raw, i);
      if (skip > i) {
        i = skip;
        continue;
      }
    } else if (c === '|') {
      keep(' ', i, i + 1);
      i++;
      continue;
    } else if (c === '!' && raw[i + 1] === '[') {
      i++;
      continue;
    }
    keep(c, i, i + 1);
    i++;
  }
  return { text: out.join(''), rawStart: rawStart.subarray(0, n), rawEnd: rawEnd.subarray(0, n) };
}

function isWord(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9]/.test(c);
}

function runEnd(raw: string, i: number, c: string): number {
  let j = i;
  while (raw[j] === c) j++;
  return j;
}

/** After Markdown headings, quotes and list bullets at a line start, or a table rule row (`|---|:--:|`). */
function lineMarkup(raw: string, i: number): number {
  let j = i;
  while (raw[j] === ' ' || raw[j] === '\t') j++;
  if (raw[j] === '#' || raw[j] === '>' || raw[j] === '=') {
    const k = runEnd(raw, j, raw[j]);
    // `== History ==` in wikitext needs two signs; one `=` may start a formula.
    if (raw[j] === '=') return k - j >= 2 ? k : i;
    return raw[k] === ' ' ? k + 1 : i;
  }
  if ((raw[j] === '|' || raw[j] === '-' || raw[j] === ':') && /^[|:\- \t]+$/.test(lineText(raw, j))) {
    const nl = raw.indexOf('\n', j);
    return nl < 0 ? raw.length : nl;
  }
  return i;
}

/** The rest of the line from `j`, at most TARGET_REACH characters (longer is not a rule row). */
function lineText(raw: string, j: number): string {
  const nl = raw.indexOf('\n', j);
  const end = nl < 0 ? raw.length : nl;
  return end - j > TARGET_REACH ? 'x' : raw.slice(j, end);
}

/** End of an HTML tag or comment starting at `<`, or -1. */
function tagEnd(raw: string, i: number): number {
  const next = raw[i + 1];
  if (!(next === '/' || next === '!' || (next !== undefined && /[A-Za-z]/.test(next)))) return -1;
  const stop = Math.min(raw.length, i + TAG_REACH);
  for (let j = i + 1; j < stop; j++) {
    if (raw[j] === '>') return j + 1;
    if (raw[j] === '<' || raw[j] === '\n') return -1;
  }
  return -1;
}

function readEntity(raw: string, i: number): { char: string; end: number } | undefined {
  let semi = -1;
  for (let j = i + 1; j < Math.min(raw.length, i + ENTITY_REACH); j++) {
    if (raw[j] === ';') {
      semi = j;
      break;
    }
  }
  if (semi < 0) return undefined;
  const body = raw.slice(i + 1, semi);
  if (/^#\d{1,6}$/.test(body)) return { char: String.fromCodePoint(Math.min(Number(body.slice(1)), 0x10ffff)), end: semi + 1 };
  if (/^#x[0-9a-f]{1,6}$/i.test(body)) return { char: String.fromCodePoint(Math.min(parseInt(body.slice(2), 16), 0x10ffff)), end: semi + 1 };
  const named = NAMED_ENTITIES[body];
  return named === undefined ? undefined : { char: named, end: semi + 1 };
}

/** `[[Target|` (skipped up to its label) or `[[` or a Markdown `[` whose `](` follows on the same line. */
function linkOpen(raw: string, i: number): number {
  if (raw[i + 1] === '[') {
    const stop = Math.min(raw.length, i + TARGET_REACH);
    for (let j = i + 2; j < stop; j++) {
      if (raw[j] === '|') return j + 1;
      if (raw[j] === ']' || raw[j] === '\n') break;
    }
    return i + 2;
  }
  const close = closingBracket(raw, i);
  return close > 0 && raw[close + 1] === '(' ? i + 1 : i;
}

/** `]]`, or `](target)` of a Markdown link: skipped whole. */
function linkClose(raw: string, i: number): number {
  if (raw[i + 1] === ']') return i + 2;
  if (raw[i + 1] !== '(') return i;
  const stop = Math.min(raw.length, i + TARGET_REACH);
  for (let j = i + 2; j < stop; j++) {
    if (raw[j] === ')') return j + 1;
    if (raw[j] === '\n' || raw[j] === ' ') return i;
  }
  return i;
}

/** The `]` closing a `[` on the same line within TARGET_REACH, or -1. */
function closingBracket(raw: string, i: number): number {
  const stop = Math.min(raw.length, i + TARGET_REACH);
  for (let j = i + 1; j < stop; j++) {
    if (raw[j] === ']') return j;
    if (raw[j] === '[' || raw[j] === '\n') return -1;
  }
  return -1;
}
