/**
 * Extracts file-system and import paths as identifiers: rooted ones
 * (`/usr/bin/env`, `./x`, `../lib`, `~/notes`) and relative ones that read
 * as paths (`src/lib/util.ts`, `a/b/c`, `@types/node`). A single slash
 * between words (`and/or`, `km/h`, `TCP/IP`) is prose unless the last part
 * has a file extension; a token with no letter (`1/2/2024`) is not a path;
 * `//` belongs to URLs and comments.
 *
 * Linear: the scan jumps between slashes and reads each run of path
 * characters once.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import * as chars from './chars';

// Bound once at load: called per character (see chars.ts).
const { isAsciiAlnum, isAsciiLetter } = chars;

function isPathChar(c: number): boolean {
  // letters, digits, _ . - ~ + @ /
  return isAsciiAlnum(c) || c === 0x5f || c === 0x2e || c === 0x2d || c === 0x7e || c === 0x2b || c === 0x40 || c === 0x2f;
}

export function extractPaths(text: string): Candidate[] {
  const out: Candidate[] = [];
  const n = text.length;
  // Jump from slash to slash: only a run of path characters holding one can be a path.
  let slash = text.indexOf('/');
  let scannedTo = 0;
  while (slash >= 0) {
    let start = slash;
    while (start > scannedTo && isPathChar(text.charCodeAt(start - 1))) start--;
    let end = slash + 1;
    while (end < n && isPathChar(text.charCodeAt(end))) end++;
    scannedTo = end;
    slash = text.indexOf('/', end);
    // The run continues one already rejected, or follows a scheme (`https:`): not a path.
    if (start > 0 && (isPathChar(text.charCodeAt(start - 1)) || text[start - 1] === ':')) continue;
    // A trailing full stop ends the sentence, not the path.
    while (end > start && text[end - 1] === '.') end--;
    const literal = text.slice(start, end);
    if (isPath(literal)) out.push({ type: 'identifier', start, end, forms: pathForms(literal) });
  }
  return out;
}

function isPath(token: string): boolean {
  if (!token.includes('/') || token.includes('//') || token.length < 2) return false;
  if (!hasLetter(token)) return false;
  if (token.startsWith('/') || token.startsWith('./') || token.startsWith('../') || token.startsWith('~/')) return true;
  if (token.startsWith('.')) return false;
  const parts = token.split('/');
  if (parts[0] === '') return false;
  const slashes = parts.length - 1;
  const last = parts[parts.length - 1];
  return slashes >= 2 || (last !== '' && isFileName(last));
}

/** `name.ext` with a short extension that starts with a letter (`util.ts`, `index.d.ts`, `x.mp4`). */
function isFileName(part: string): boolean {
  const dot = part.lastIndexOf('.');
  const extLength = part.length - dot - 1;
  if (dot <= 0 || extLength < 1 || extLength > 8 || !isAsciiLetter(part.charCodeAt(dot + 1))) return false;
  for (let k = dot + 2; k < part.length; k++) if (!isAsciiAlnum(part.charCodeAt(k))) return false;
  return true;
}

function hasLetter(s: string): boolean {
  for (let k = 0; k < s.length; k++) if (isAsciiLetter(s.charCodeAt(k))) return true;
  return false;
}

function pathForms(literal: string): string[] {
  const withoutDot = literal.startsWith('./') ? literal.slice(2) : '';
  return uniqueForms([literal, withoutDot.length >= 2 ? withoutDot : '']);
}
