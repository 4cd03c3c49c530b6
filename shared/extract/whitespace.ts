/**
 * Whitespace folding for lookup forms: runs of whitespace become one space
 * and the ends are trimmed, so `"we   win"` and `"we win"` give one form.
 */
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isSpace } = chars;

/** One loop, no pattern: inner text can be megabytes long when a quote is left open. */
export function collapseWhitespace(s: string): string {
  if (isFolded(s)) return s;
  let out = '';
  let pendingSpace = false;
  for (let k = 0; k < s.length; k++) {
    if (isSpace(s.charCodeAt(k))) {
      pendingSpace = out.length > 0;
    } else {
      if (pendingSpace) out += ' ';
      pendingSpace = false;
      out += s[k];
    }
  }
  return out;
}

/** Already folded: no whitespace at the ends and only single plain spaces inside (the usual case, kept allocation-free). */
function isFolded(s: string): boolean {
  if (s.length === 0) return true;
  if (isSpace(s.charCodeAt(0)) || isSpace(s.charCodeAt(s.length - 1))) return false;
  for (let k = 1; k < s.length - 1; k++) {
    const c = s.charCodeAt(k);
    if (isSpace(c) && (c !== 0x20 || isSpace(s.charCodeAt(k + 1)))) return false;
  }
  return true;
}
