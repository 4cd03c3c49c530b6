/**
 * Whitespace folding for lookup forms: runs of whitespace become one space
 * and the ends are trimmed, so `"we   win"` and `"we win"` give one form.
 */
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isSpace } = chars;

/** One loop, no pattern: inner text can be megabytes long when a quote is left open. */
export function collapseWhitespace(s: string): string {
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
