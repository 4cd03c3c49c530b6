/**
 * Extracts URLs: anything after `http://` or `https://`, and bare domains
 * that either have a path (`example.com/docs`) or end in one of a fixed set
 * of well-known top-level domains (`example.com`), so `End.Of.Day` is not a
 * URL. Trailing punctuation and unbalanced closing brackets are left out;
 * query strings stay. Forms are lower-cased without a trailing slash, so
 * `https://example.com/` and `https://example.com` find each other.
 *
 * Linear: the scan jumps between scheme matches and dots, reads each host
 * once and resumes after it.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isAsciiAlnum, isAsciiLetter, isWordChar } = chars;

/** Top-level domains that make a bare `name.tld` a URL without a path. */
// biome-ignore format: a list of words or values reads best packed
export const KNOWN_TLDS: ReadonlySet<string> = new Set([
  'com', 'org', 'net', 'io', 'ai', 'dev', 'edu', 'gov', 'mil', 'co', 'uk', 'de', 'fr',
  'jp', 'cn', 'ru', 'nl', 'eu', 'ca', 'au', 'ch', 'se', 'info', 'biz', 'xyz',
]);

const SCHEME = /https?:\/\//gi;

/** Characters a URL may contain (RFC 3986 unreserved, reserved and `%`). */
function isUrlChar(c: number): boolean {
  if (isAsciiAlnum(c)) return true;
  // - . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; = %
  return "-._~:/?#[]@!$&'()*+,;=%".includes(String.fromCharCode(c)) && c !== 0;
}

/** Punctuation that ends a sentence rather than a URL when it comes last. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*', '_']);

export function extractUrls(text: string): Candidate[] {
  const out: Candidate[] = [];
  const schemeStarts = new Set<number>();
  let consumedTo = 0;
  SCHEME.lastIndex = 0;
  for (let m = SCHEME.exec(text); m; m = SCHEME.exec(text)) {
    if (m.index < consumedTo || isWordChar(text.charCodeAt(m.index - 1))) continue;
    const end = trimEnd(text, m.index, scanUrlChars(text, m.index + m[0].length));
    if (end <= m.index + m[0].length) continue;
    out.push(urlCandidate(text, m.index, end));
    schemeStarts.add(m.index);
    consumedTo = end;
    SCHEME.lastIndex = end;
  }
  out.push(...bareDomains(text, out));
  out.sort((a, b) => a.start - b.start);
  return out;
}

function scanUrlChars(text: string, from: number): number {
  let i = from;
  while (i < text.length && isUrlChar(text.charCodeAt(i))) i++;
  return i;
}

/** Drops trailing sentence punctuation and closing brackets that have no opener inside the URL. */
function trimEnd(text: string, start: number, end: number): number {
  let open = 0;
  let close = 0;
  let squareOpen = 0;
  let squareClose = 0;
  for (let i = start; i < end; i++) {
    const ch = text[i];
    if (ch === '(') open++;
    else if (ch === ')') close++;
    else if (ch === '[') squareOpen++;
    else if (ch === ']') squareClose++;
  }
  while (end > start) {
    const ch = text[end - 1];
    if (TRAILING.has(ch)) end--;
    else if (ch === ')' && close > open) {
      close--;
      end--;
    } else if (ch === ']' && squareClose > squareOpen) {
      squareClose--;
      end--;
    } else break;
  }
  return end;
}

/** Bare `host.tld[/path]` tokens that start outside any URL already found. */
function bareDomains(text: string, found: readonly Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  let next = 0;
  let scannedTo = 0;
  // Jump from dot to dot: a host needs one between two label characters.
  for (let dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', Math.max(dot + 1, scannedTo))) {
    if (dot < scannedTo || !isLabelChar(text.charCodeAt(dot - 1)) || !isAsciiAlnum(text.charCodeAt(dot + 1))) continue;
    let start = dot;
    while (start > scannedTo && isLabelChar(text.charCodeAt(start - 1))) start--;
    while (next < found.length && found[next].end <= start) next++;
    if (next < found.length && found[next].start <= start) {
      scannedTo = found[next].end;
      continue;
    }
    const host = scanHost(text, start);
    scannedTo = host.end;
    if (!isAsciiAlnum(text.charCodeAt(start)) || !atTokenStart(text, start)) continue;
    const hasPath = text[host.end] === '/';
    const tld = text.slice(host.lastLabelStart, host.end).toLowerCase();
    const end = hasPath ? trimEnd(text, start, scanUrlChars(text, host.end)) : host.end;
    if (isAsciiLetter(tld.charCodeAt(0)) && (hasPath || KNOWN_TLDS.has(tld)) && !isWordChar(text.charCodeAt(end)) && text[end] !== '@') {
      out.push(urlCandidate(text, start, end));
      scannedTo = Math.max(scannedTo, end);
    }
  }
  return out;
}

function isLabelChar(c: number): boolean {
  return isAsciiAlnum(c) || c === 0x2d;
}

/** A bare domain cannot continue a word, an address or a path (`bob@x.com`, `a/x.com`, `x.y.com`). */
function atTokenStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const p = text[i - 1];
  return !isWordChar(text.charCodeAt(i - 1)) && !'.@/:-$%#&=~+\\'.includes(p);
}

/** Reads dot-separated `[A-Za-z0-9-]` labels; stops before a dot that no label follows. */
function scanHost(text: string, from: number): { end: number; labels: number; lastLabelStart: number } {
  let i = from;
  let labels = 0;
  let lastLabelStart = from;
  for (;;) {
    const labelStart = i;
    while (i < text.length && (isAsciiAlnum(text.charCodeAt(i)) || text[i] === '-')) i++;
    if (i === labelStart) return { end: labelStart - 1, labels, lastLabelStart };
    labels++;
    lastLabelStart = labelStart;
    if (text[i] !== '.' || !isAsciiAlnum(text.charCodeAt(i + 1))) return { end: i, labels, lastLabelStart };
    i++;
  }
}

function urlCandidate(text: string, start: number, end: number): Candidate {
  const literal = text.slice(start, end);
  const canonical = stripTrailingSlashes(literal.toLowerCase());
  const schemeless = canonical.replace(/^https?:\/\//, '');
  return { type: 'url', start, end, forms: uniqueForms([canonical, schemeless]) };
}

function stripTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  const stripped = url.slice(0, end);
  return /^https?:$/.test(stripped) ? url : stripped;
}
