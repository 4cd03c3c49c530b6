/**
 * A cap on how deeply JSON may nest. JSON.parse copes with any depth, but
 * locating a string in the raw file walks a parse tree recursively, and so
 * do the readers of nested content: a file of 20,000 `[` would end the run
 * with a stack overflow. No transcript nests anywhere near the cap.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

export const MAX_JSON_DEPTH = 1000;

/**
 * The offset in `text[start, end)` where nesting first goes past `max`, or
 * -1. One pass: strings are skipped with indexOf, and each run of
 * backslashes before a quote is counted once.
 */
export function nestingExceededAt(text: string, start: number, end: number, max: number = MAX_JSON_DEPTH): number {
  // Fewer characters than the cap cannot nest past it.
  if (end - start <= max) return -1;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = closingQuote(text, i + 1, end);
      if (i === -1) return -1; // Unterminated: JSON.parse says so.
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return i;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return -1;
}

function closingQuote(text: string, from: number, end: number): number {
  for (let j = from; ; ) {
    const q = text.indexOf('"', j);
    if (q === -1 || q >= end) return -1;
    let backslashes = 0;
    for (let k = q - 1; k >= from && text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
    j = q + 1;
  }
}

/**
 * The same cap for JSON with comments (config and ignore files): the offset
 * where nesting first goes past `max`, or -1. jsonc-parser's tree builder
 * recurses once per level, so this runs first, on its scanner, which does
 * not: a bracket inside a comment or a string is not counted.
 */
export function jsoncNestingExceededAt(text: string, max: number = MAX_JSON_DEPTH): number {
  if (text.length <= max) return -1;
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      if (++depth > max) return scanner.getTokenOffset();
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) depth--;
  }
  return -1;
}
