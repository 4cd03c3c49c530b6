/**
 * List-valued cells: pandas writes a list column as its Python repr
 * (`['a', "it's"]`) and some tools write JSON (`["a","b"]`). This splits such
 * a cell into its string items, each with a map back into the cell's text.
 * Hand-written because no installed library parses Python reprs, and the
 * item offsets must survive every escape.
 */
import type { OffsetMap } from '../../model';
import { PiecewiseMap } from '../../offsets/offsetMaps';

export interface ListItem {
  text: string;
  /** Decoded item offset → offset in the cell's decoded text. */
  map: OffsetMap;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '/': '/',
  '0': '\0',
};

/** Items of a list of strings, or undefined when the cell is not one. */
export function parseStringList(cell: string): ListItem[] | undefined {
  let i = skipSpace(cell, 0);
  if (cell[i] !== '[') return undefined;
  i = skipSpace(cell, i + 1);
  const items: ListItem[] = [];
  if (cell[i] === ']') return skipSpace(cell, i + 1) === cell.length ? items : undefined;
  for (;;) {
    const item = readQuoted(cell, i);
    if (!item) return undefined;
    items.push(item.item);
    i = skipSpace(cell, item.end);
    if (cell[i] === ',') {
      i = skipSpace(cell, i + 1);
      if (cell[i] === ']') break; // trailing comma
      continue;
    }
    if (cell[i] === ']') break;
    return undefined;
  }
  return skipSpace(cell, i + 1) === cell.length ? items : undefined;
}

function skipSpace(s: string, i: number): number {
  while (i < s.length && (s[i] === ' ' || s[i] === '\n' || s[i] === '\r' || s[i] === '\t')) i++;
  return i;
}

/** A single- or double-quoted string at `open` with backslash escapes. */
function readQuoted(s: string, open: number): { item: ListItem; end: number } | undefined {
  const quote = s[open];
  if (quote !== "'" && quote !== '"') return undefined;
  let text = '';
  const decoded: number[] = [0];
  const raw: number[] = [open + 1];
  let runStart = open + 1;
  let i = open + 1;
  while (i < s.length) {
    const c = s[i];
    if (c === quote) {
      text += s.slice(runStart, i);
      return { item: { text, map: new PiecewiseMap(decoded, raw) }, end: i + 1 };
    }
    if (c !== '\\') {
      i++;
      continue;
    }
    text += s.slice(runStart, i);
    const esc = decodeEscape(s, i);
    if (!esc) return undefined;
    // The escape's decoded units map onto the backslash; text after it resumes 1:1.
    text += esc.value;
    i = esc.end;
    runStart = i;
    decoded.push(text.length);
    raw.push(i);
  }
  return undefined;
}

function decodeEscape(s: string, at: number): { value: string; end: number } | undefined {
  const c = s[at + 1];
  if (c === undefined) return undefined;
  if (c in SIMPLE_ESCAPES) return { value: SIMPLE_ESCAPES[c], end: at + 2 };
  const width = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
  if (width === 0) return { value: '\\' + c, end: at + 2 }; // Python keeps unknown escapes verbatim
  const hex = s.slice(at + 2, at + 2 + width);
  if (hex.length !== width || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  return { value: String.fromCodePoint(parseInt(hex, 16)), end: at + 2 + width };
}
