/**
 * Extracts code identifiers (ASCII only, at least two characters): dotted
 * access (`user.email`, `a?.b`, `std::vec`), calls (`db.query("x")`), index
 * access (`rows[0]`, `obj["k"]`), generics (`Map<K, V>`), snake_case and
 * camelCase/PascalCase names with an inner capital. Paths and template
 * interpolations have their own modules (paths.ts, templates.ts).
 *
 * A call's forms are its literal text, the text with every argument list
 * emptied, and the callee alone (`db.query`), because an output and its
 * context rarely agree on arguments. A chain of names whose parts are all
 * one letter (`e.g`, `U.S`, `a.m`) is an abbreviation, not code.
 *
 * One forward pass; each chain is read once and the scan resumes after it.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import { BracketPairs } from './brackets';
import { isAsciiLower, isAsciiUpper, isIdentPart, isIdentStart, isNonAsciiCasedLetter, isSpace } from './chars';

/** Longest argument list or index read as part of an identifier; longer ones are prose in brackets. */
const MAX_ARGUMENTS = 200;
/** Longest type-argument list (`<…>`) read as a generic. */
const MAX_TYPE_ARGUMENTS = 64;

interface Chain {
  start: number;
  end: number;
  /** Lengths of the dotted name parts. */
  partLengths: number[];
  calls: Array<[open: number, close: number]>;
  indexed: boolean;
  generic: boolean;
}

export function extractIdentifiers(text: string): Candidate[] {
  const out: Candidate[] = [];
  const brackets = new BracketPairs(text);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isIdentStart(c) && mayStartChain(text, i)) {
      const chain = readChain(text, i, brackets);
      if (qualifies(text, chain)) out.push({ type: 'identifier', start: chain.start, end: chain.end, forms: chainForms(text, chain) });
      i = chain.end;
    } else if (isIdentPart(c) || isNonAsciiCasedLetter(c)) {
      // Skip the rest of a word that did not start as an identifier (`3abc`, `naïve_x`).
      while (i < n && (isIdentPart(text.charCodeAt(i)) || isNonAsciiCasedLetter(text.charCodeAt(i)))) i++;
    } else {
      i++;
    }
  }
  return out;
}

function mayStartChain(text: string, i: number): boolean {
  if (i === 0) return true;
  const p = text.charCodeAt(i - 1);
  if (isIdentPart(p) || isNonAsciiCasedLetter(p) || p === 0x40 /* @ */) return false;
  // `3.x` or `v1.beta`: the name continues something that is not an identifier.
  return !(p === 0x2e && i >= 2 && isIdentPart(text.charCodeAt(i - 2)));
}

function nameEnd(text: string, from: number): number {
  let j = from;
  while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
  return j;
}

function readChain(text: string, start: number, brackets: BracketPairs): Chain {
  let j = nameEnd(text, start);
  const chain: Chain = { start, end: j, partLengths: [j - start], calls: [], indexed: false, generic: false };
  let afterName = true;
  for (;;) {
    const c = text[j];
    const accessorLength = c === '.' ? 1 : (c === '?' && text[j + 1] === '.') || (c === ':' && text[j + 1] === ':') ? 2 : 0;
    if (accessorLength > 0 && isIdentStart(text.charCodeAt(j + accessorLength))) {
      const partEnd = nameEnd(text, j + accessorLength);
      chain.partLengths.push(partEnd - j - accessorLength);
      j = partEnd;
      afterName = true;
      continue;
    }
    if (c === '(' || c === '[') {
      const close = brackets.closeFor(j);
      if (close > j && close - j <= MAX_ARGUMENTS && !(c === '(' && isPluralMarker(text, j, close)) && !(c === '[' && close === j + 1)) {
        if (c === '(') chain.calls.push([j, close]);
        else chain.indexed = true;
        j = close + 1;
        afterName = false;
        continue;
      }
    }
    if (c === '<' && afterName) {
      const end = typeArgumentsEnd(text, j);
      if (end > 0) {
        chain.generic = true;
        j = end;
        afterName = false;
        continue;
      }
    }
    break;
  }
  chain.end = j;
  return chain;
}

/** `customer(s)`, `match(es)`: a plural in brackets, not a call. */
function isPluralMarker(text: string, open: number, close: number): boolean {
  const inner = text.slice(open + 1, close);
  return inner === 's' || inner === 'es';
}

/** End (exclusive) of a balanced `<…>` type-argument list starting at `open`, or -1. */
function typeArgumentsEnd(text: string, open: number): number {
  if (!isIdentStart(text.charCodeAt(open + 1)) && text[open + 1] !== '?') return -1;
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_TYPE_ARGUMENTS);
  for (let j = open; j < limit; j++) {
    const ch = text[j];
    if (ch === '<') depth++;
    else if (ch === '>') {
      depth--;
      if (depth === 0) return j + 1;
    } else if (!(isIdentPart(ch.charCodeAt(0)) || ' ,.?[]|&:'.includes(ch))) return -1;
  }
  return -1;
}

function qualifies(text: string, chain: Chain): boolean {
  if (chain.end - chain.start < 2) return false;
  // A name glued to a non-ASCII letter is part of a Unicode word, which is out of scope.
  if (isNonAsciiCasedLetter(text.charCodeAt(chain.end))) return false;
  if (chain.calls.length > 0 || chain.indexed || chain.generic) return true;
  if (chain.partLengths.length > 1) return chain.partLengths.some((len) => len > 1);
  const name = text.slice(chain.start, chain.end);
  return isSnakeCase(name) || hasInnerCapital(name);
}

function isSnakeCase(name: string): boolean {
  if (!name.includes('_')) return false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (isAsciiLower(c) || isAsciiUpper(c)) return true;
  }
  return false;
}

/**
 * `fetchAll`, `JavaScript`, `XMLHttpRequest`: a capital after a lower-case
 * letter, or an acronym followed by a lower-case word (`HTTPServer`). A
 * plural acronym (`CEOs`, `APIs`) has only one lower-case letter after it
 * and does not count.
 */
function hasInnerCapital(name: string): boolean {
  for (let k = 1; k < name.length; k++) {
    const c = name.charCodeAt(k);
    if (!isAsciiUpper(c)) continue;
    if (isAsciiLower(name.charCodeAt(k - 1))) return true;
    if (isAsciiUpper(name.charCodeAt(k - 1)) && isAsciiLower(name.charCodeAt(k + 1)) && isAsciiLower(name.charCodeAt(k + 2))) return true;
  }
  return false;
}

function chainForms(text: string, chain: Chain): string[] {
  const literal = text.slice(chain.start, chain.end);
  const forms = [literal];
  if (chain.calls.length > 0) {
    let stripped = '';
    let from = chain.start;
    for (const [open, close] of chain.calls) {
      stripped += text.slice(from, open + 1);
      from = close;
    }
    stripped += text.slice(from, chain.end);
    forms.push(stripped, text.slice(chain.start, chain.calls[0][0]));
  }
  if (chain.generic) forms.push(withoutSpaces(literal));
  return uniqueForms(forms);
}

function withoutSpaces(s: string): string {
  let out = '';
  for (let k = 0; k < s.length; k++) if (!isSpace(s.charCodeAt(k))) out += s[k];
  return out;
}

