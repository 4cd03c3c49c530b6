/**
 * The tokens a quoted line is compared by, token for token, with the line
 * it copies: names, numbers (a dotted run such as a version `3.4.2` or a
 * decimal is one) and each other character on its own. Shared by the rules
 * that find a misquote by the one token it changed (`quoted-lines`,
 * `error-quotes`), so both split a line the same way and report the
 * changed token the same way.
 */
import type { ContextMatch, Entity } from '../../classifier/types';

export interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)*|\S/g;

/** The tokens of `text`, placed at `offset` onwards. */
export function lineTokens(text: string, offset: number): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) out.push({ text: m[0], start: offset + m.index, end: offset + m.index + m[0].length });
  return out;
}

/** A line as a detail quotes it: at most 80 characters. */
export function shortLine(text: string): string {
  return text.length <= 80 ? text : `${text.slice(0, 79)}…`;
}

/**
 * The tokens of the context line holding `[start, end)` (placed in `text`),
 * and the line itself, or undefined for a line longer than `maxLength`: no
 * line a quote copies is that long.
 */
export function tokensOfLineAt(text: string, start: number, end: number, maxLength: number): { line: string; tokens: Token[] } | undefined {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = text.indexOf('\n', end);
  if (lineEnd === -1) lineEnd = text.length;
  if (lineEnd - lineStart > maxLength) return undefined;
  const line = text.slice(lineStart, lineEnd);
  return { line, tokens: lineTokens(line, lineStart) };
}

/** The token a quote changed, contradicted by the `value` its original line has at `match`. */
export function misquotedToken(t: Token, value: string, match: ContextMatch, detail: string): Entity {
  return {
    text: t.text,
    normalized: t.text.toLowerCase(),
    type: /^\d/.test(t.text) ? 'number' : 'identifier',
    found: false,
    status: 'contradicted',
    locations: [],
    matches: [],
    span: [t.start, t.end],
    occurrences: [[t.start, t.end]],
    detail,
    settled: true,
    contradiction: { value, match },
  };
}
