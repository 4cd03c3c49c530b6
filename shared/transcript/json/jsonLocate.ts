/**
 * Where the value at a path sits in a JSON text, found by skimming: strings
 * are skipped with `indexOf` to their closing quote and only keys on the path
 * are read. A region asks for one or two paths (a record's response, its
 * passage), and building jsonc-parser's whole offset tree for that decodes
 * every string of the record: most of the time of reporting a finding's
 * place in a JSON Lines file. The text must be JSON that JSON.parse accepts;
 * the answer is the node jsonc-parser's tree gives, the last of repeated keys
 * winning as in JSON.parse.
 */
import type { JsonPath } from './jsonRegion';
import { unitWithin } from '../../text/unitWithin';

export interface ValueSpan {
  offset: number;
  length: number;
}

export function locateJsonValue(text: string, start: number, end: number, path: JsonPath): ValueSpan | undefined {
  let at = skipSpace(text, start, end);
  for (const segment of path) {
    const child = typeof segment === 'number' ? elementAt(text, at, end, segment) : memberValue(text, at, end, segment);
    if (child === -1) return undefined;
    at = child;
  }
  if (at >= end) return undefined;
  return { offset: at, length: valueEnd(text, at, end) - at };
}

/** Start of the array element at `index` of the array starting at `at`, or -1. */
function elementAt(text: string, at: number, end: number, index: number): number {
  if (text.charCodeAt(at) !== 0x5b) return -1;
  let i = skipSpace(text, at + 1, end);
  if (text.charCodeAt(i) === 0x5d) return -1;
  for (let k = 0; i < end; k++) {
    if (k === index) return i;
    i = skipSpace(text, valueEnd(text, i, end), end);
    if (text.charCodeAt(i) !== 0x2c) return -1;
    i = skipSpace(text, i + 1, end);
  }
  return -1;
}

/** Start of the value of the last member named `key` of the object starting at `at`, or -1. */
function memberValue(text: string, at: number, end: number, key: string): number {
  if (text.charCodeAt(at) !== 0x7b) return -1;
  let found = -1;
  let i = skipSpace(text, at + 1, end);
  if (text.charCodeAt(i) === 0x7d) return -1;
  while (i < end && text.charCodeAt(i) === 0x22) {
    const keyEnd = stringEnd(text, i, end);
    const name = unitWithin(text, 0x5c, i, keyEnd) !== -1 ? (JSON.parse(text.slice(i, keyEnd)) as string) : text.slice(i + 1, keyEnd - 1);
    i = skipSpace(text, keyEnd, end);
    if (text.charCodeAt(i) !== 0x3a) return -1;
    i = skipSpace(text, i + 1, end);
    if (name === key) found = i;
    i = skipSpace(text, valueEnd(text, i, end), end);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipSpace(text, i + 1, end);
  }
  return found;
}

/** Just past the value starting at `at`. */
function valueEnd(text: string, at: number, end: number): number {
  const c = text.charCodeAt(at);
  if (c === 0x22) return stringEnd(text, at, end);
  if (c === 0x7b || c === 0x5b) return containerEnd(text, at, end);
  let i = at;
  // A number or a literal runs to the next delimiter.
  while (i < end && !isDelimiter(text.charCodeAt(i))) i++;
  return i;
}

/** Just past the object or array starting at `at`; strings inside are skipped whole. */
function containerEnd(text: string, at: number, end: number): number {
  let depth = 0;
  for (let i = at; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i, end) - 1;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1;
  }
  return end;
}

/** Just past the closing quote of the string starting at `at`. */
function stringEnd(text: string, at: number, end: number): number {
  let q = text.indexOf('"', at + 1);
  while (q !== -1 && q < end) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return q + 1;
    q = text.indexOf('"', q + 1);
  }
  return end;
}

function skipSpace(text: string, i: number, end: number): number {
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

function isDelimiter(c: number): boolean {
  return c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}
