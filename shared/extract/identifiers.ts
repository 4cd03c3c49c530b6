/**
 * Extracts code identifiers (ASCII only, at least two characters): dotted
 * access (`user.email`, `a?.b`, `std::vec`), calls (`db.query("x")`), index
 * access (`rows[0]`, `obj["k"]`), generics (`Map<K, V>`), snake_case and
 * camelCase/PascalCase names with an inner capital. Paths and template
 * interpolations have their own modules (filePaths.ts, templates.ts).
 *
 * A call's forms are its literal text, the text with every argument list
 * emptied, and the callee alone (`db.query`), because an output and its
 * context rarely agree on arguments. A chain of names whose parts are all
 * one letter (`e.g`, `U.S`, `a.m`) is an abbreviation, not code.
 *
 * Linear: each chain is read once and the scan resumes after it.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import { BracketPairs } from './brackets';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isAsciiLower, isAsciiUpper, isIdentPart, isIdentStart, isNonAsciiCasedLetter, isSpace } = chars;

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

/**
 * Characters that can reveal an identifier: an accessor, call, index or type
 * list after a name, an underscore, or a capital (inner capitals are
 * confirmed by `isTrigger`). The scan jumps between these and walks back to
 * the start of the name, so plain prose costs one table read per character
 * (a regular expression here allocated a match per capital and period).
 */
const TRIGGER = new Uint8Array(128);
for (const c of '.([<?:_') TRIGGER[c.charCodeAt(0)] = 1;
for (let c = 0x41; c <= 0x5a; c++) TRIGGER[c] = 1;

/** The first trigger character at or after `from`, or -1. */
function nextTrigger(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && TRIGGER[c] === 1) return i;
  }
  return -1;
}

function isTrigger(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 0x5f) return true;
  const before = text.charCodeAt(i - 1);
  if (!isAsciiUpper(c)) return isIdentPart(before);
  return isAsciiLower(before) || (isAsciiUpper(before) && isAsciiLower(text.charCodeAt(i + 1)) && isAsciiLower(text.charCodeAt(i + 2)));
}

export function extractIdentifiers(text: string): Candidate[] {
  const out: Candidate[] = [];
  const brackets = new BracketPairs(text);
  const n = text.length;
  let scannedTo = 0;
  for (let at = nextTrigger(text, 0); at >= 0; at = nextTrigger(text, at + 1)) {
    if (at < scannedTo || !isTrigger(text, at)) continue;
    let start = at;
    while (start > scannedTo && isIdentPart(text.charCodeAt(start - 1))) start--;
    let end: number;
    if (!isIdentStart(text.charCodeAt(start)) || !mayStartChain(text, start)) {
      // Not a name start (`3abc_x`, `naïve_x`): skip the rest of the word.
      end = at;
      while (end < n && (isIdentPart(text.charCodeAt(end)) || isNonAsciiCasedLetter(text.charCodeAt(end)))) end++;
    } else {
      end = nameEnd(text, start);
      if (!continuesChain(text, end)) {
        // A single word: no chain object, no slice unless it is code-shaped.
        if (isIdentifierWord(text, start, end)) out.push({ type: 'identifier', start, end, forms: [text.slice(start, end)] });
      } else {
        const chain = readChain(text, start, brackets);
        if (qualifies(text, chain)) out.push({ type: 'identifier', start, end: chain.end, forms: chainForms(text, chain) });
        end = chain.end;
      }
    }
    scannedTo = Math.max(end, at + 1);
    // The next search starts where this one's reading stopped.
    at = scannedTo - 1;
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
  return isIdentifierWord(text, chain.start, chain.end);
}

/** Whether an accessor, call, index or type-argument list follows a name, so a chain must be read. */
function continuesChain(text: string, end: number): boolean {
  const c = text.charCodeAt(end);
  return c === 0x2e || c === 0x3f || c === 0x3a || c === 0x28 || c === 0x5b || c === 0x3c; // . ? : ( [ <
}

/** A single name that is code by its shape: snake_case or an inner capital, and not glued to a Unicode word. */
function isIdentifierWord(text: string, start: number, end: number): boolean {
  if (end - start < 2 || isNonAsciiCasedLetter(text.charCodeAt(end))) return false;
  return isSnakeCase(text, start, end) || hasInnerCapital(text, start, end);
}

function isSnakeCase(text: string, start: number, end: number): boolean {
  let underscore = false;
  let letter = false;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x5f) underscore = true;
    else if (isAsciiLower(c) || isAsciiUpper(c)) letter = true;
  }
  return underscore && letter;
}

/**
 * `fetchAll`, `JavaScript`, `XMLHttpRequest`: a capital after a lower-case
 * letter, or an acronym followed by a lower-case word (`HTTPServer`). A
 * plural acronym (`CEOs`, `APIs`) has only one lower-case letter after it
 * and does not count.
 */
function hasInnerCapital(text: string, start: number, end: number): boolean {
  if (isScottishOrIrishSurname(text, start, end)) return false;
  for (let k = start + 1; k < end; k++) {
    const c = text.charCodeAt(k);
    if (!isAsciiUpper(c)) continue;
    if (isAsciiLower(text.charCodeAt(k - 1))) return true;
    if (isAsciiUpper(text.charCodeAt(k - 1)) && isAsciiLower(text.charCodeAt(k + 1)) && isAsciiLower(text.charCodeAt(k + 2))) return true;
  }
  return false;
}

/** `McHenry`, `MacArthur`: a surname, whose inner capital does not make it code. */
function isScottishOrIrishSurname(text: string, start: number, end: number): boolean {
  const prefix = text.startsWith('Mc', start) ? 2 : text.startsWith('Mac', start) ? 3 : 0;
  if (prefix === 0 || !isAsciiUpper(text.charCodeAt(start + prefix)) || end - start - prefix < 3) return false;
  for (let k = start + prefix + 1; k < end; k++) if (!isAsciiLower(text.charCodeAt(k))) return false;
  return true;
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
