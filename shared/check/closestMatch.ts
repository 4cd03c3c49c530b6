/**
 * "What does the context say instead?" For an entity the context does not
 * contain, finds the nearest thing it does say: a value of the same type
 * next to the same key words (`$4.3M` beside "revenue" for an output's
 * `$4.2M` beside "revenue"). Shown as related information and offered as a
 * replacement, by the editor and the CLI alike.
 *
 * The cost is bounded per query: key words are looked up with `indexOf` over
 * the parts nearest the output first, until a character budget or a hit
 * budget is spent, and candidates are only scanned for in a small window
 * around each hit. A report of thousands of findings in one output asks about
 * the same key words in the same parts thousands of times, so a
 * `ClosestSearches` passed along keeps what the searches found for the next
 * query.
 */
import type { EntityType, Range } from '../classifier/types';

export interface ClosestQuery {
  type: EntityType;
  /** The entity as written in the output. */
  text: string;
  /** The output it occurs in, and where, so its neighbouring words can be read. */
  output: string;
  span: Range;
}

export interface ContextPart {
  /** Caller's id for the part (a segment id for transcripts). */
  id: number;
  text: string;
}

export interface ClosestMatch {
  part: number;
  start: number;
  end: number;
  /** `part text.slice(start, end)`. */
  text: string;
  /** The key word it was found beside. */
  near: string;
  /** 0..1.5: value similarity plus closeness to the key word. */
  score: number;
}

export interface ClosestBudget {
  /** Characters `indexOf` may scan per query, summed over key words and parts. */
  scanChars: number;
  /** Key-word hits examined per query. */
  hits: number;
}

export const DEFAULT_CLOSEST_BUDGET: ClosestBudget = { scanChars: 8_000_000, hits: 48 };

/** How far around a key word a candidate may sit. */
const WINDOW = 120;
/** Below this (similarity plus closeness) a candidate is too unlike the entity to be worth showing. */
const MIN_SCORE = 0.6;

const COMMON_WORDS = new Set(
  'the and for was were are is has had have with from that this than then into onto over under about after before which while what when where who whom whose will would could should there their they them these those been being also only just more most some such very our your its his her not but all any each per via use used'.split(
    ' ',
  ),
);

/** Same-type candidates in a window. Every pattern is linear: no nested or overlapping quantifiers. */
const CANDIDATES: Record<EntityType, RegExp> = {
  number: /[$€£¥]?\d[\d,]*(?:\.\d+)?(?: ?(?:%|[kKmMbB]\b|million\b|billion\b|thousand\b))?/g,
  date: /\b(?:\d{4}-\d\d-\d\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:, \d{4})?|\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4}|Q[1-4](?: \d{4})?|(?:19|20)\d\d)\b/g,
  identifier: /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g,
  url: /https?:\/\/[^\s"'<>()\]]+/g,
  quoted_string: /"[^"\n]{1,200}"|'[^'\n]{1,200}'|“[^”\n]{1,200}”/g,
  citation: /\[[^\]\n]{1,80}\]|\([A-Z][^()\n]{1,60}\d{4}\)/g,
  proper_noun: /\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*)*/gu,
  // A status claim is judged by a tool result, never by a near miss of its words.
  status: /(?!)/g,
};

/** Identifiers look like code: dotted, snake_case, camelCase or called. */
const CODE_SHAPE = /[._]|[a-z][A-Z]|\(\)$/;

/**
 * What searches over one set of parts found, for the queries after them: the
 * word-boundary hits of each key word in each part, in order, with the
 * characters read to reach each, and the candidates in the window around
 * each hit. A query gets exactly the answer it gets without it. Part ids must
 * name the same text for as long as it is used (one conversation).
 */
export class ClosestSearches {
  private readonly hits = new Map<string, NeedleHits>();
  /** Needles and hits kept so far. */
  private kept = 0;
  /** Characters read from parts so far (a query answered from what was kept reads none): what a cap over many queries counts. */
  charsRead = 0;

  /** The hits of `needle` in `part`, read on until there are `wanted` or the part ends. */
  hitsOf(part: ContextPart, needle: string, wanted: number): NeedleHits {
    const key = `${part.id}\u0000${needle}`;
    let found = this.hits.get(key);
    if (!found) {
      if (this.kept >= MAX_KEPT) {
        this.hits.clear();
        this.kept = 0;
      }
      found = { at: [], read: [], from: 0, readSoFar: 0, done: false, windows: new Map() };
      this.hits.set(key, found);
      this.kept++;
    }
    const text = part.text;
    while (!found.done && found.at.length < wanted) {
      const at = text.indexOf(needle, found.from);
      const read = (at === -1 ? text.length : at) - found.from;
      found.readSoFar += read;
      this.charsRead += read;
      if (at === -1) {
        found.done = true;
      } else if (!isWordBoundary(text, at, at + needle.length)) {
        found.from = at + 1;
      } else {
        found.at.push(at);
        found.read.push(found.readSoFar);
        found.from = at + needle.length;
        this.kept++;
      }
    }
    return found;
  }
}

/** The candidates of `type` around hit `k` of `hits`, the key word `key` spelt as `needle`. */
function candidatesAround(hits: NeedleHits, k: number, type: EntityType, part: ContextPart, needle: string, key: string): Window {
  let byHit = hits.windows.get(type);
  if (!byHit) hits.windows.set(type, (byHit = []));
  return (byHit[k] ??= windowOf(windowCandidates(type, part.text, hits.at[k], hits.at[k] + needle.length, key), key));
}

/**
 * The candidates around one hit, and what their scores against any query
 * depend on: each candidate's folded text (its value, unit and similarity
 * follow from it) and its distance from the key word, and the key word. A
 * context that repeats one sentence a million times has a million windows
 * that score alike; a query scores one of them.
 */
interface Window {
  candidates: Candidate[];
  scores: string;
}

function windowOf(candidates: Candidate[], key: string): Window {
  let scores = key;
  for (const c of candidates) scores += `\u0000${c.gap}\u0000${c.folded}`;
  return { candidates, scores };
}

/** Needles and hits (each with the few values around it) kept before a `ClosestSearches` starts over: a bound on its memory, not on its answers. */
const MAX_KEPT = 200_000;

/** The word-boundary hits of one needle in one part, as far as they were read. */
interface NeedleHits {
  at: number[];
  /** Characters read from the part's start to reach each hit. */
  read: number[];
  /** Where reading goes on. */
  from: number;
  readSoFar: number;
  /** The part was read to its end: `readSoFar` is what a search for one more hit reads. */
  done: boolean;
  /** The candidates around each hit, by entity type (a needle's key word is always the same). */
  windows: Map<EntityType, Window[]>;
}

/** A value in a window, with what scoring needs of it that does not depend on the query. */
interface Candidate {
  start: number;
  end: number;
  text: string;
  folded: string;
  /** Distance from the key word. */
  gap: number;
  /** Numbers: the value and its unit. */
  value?: number;
  unit?: string;
  /** Other types: the sorted bigrams of its first units, made when a query first scores it (see `textSimilarity`). */
  grams: Uint32Array | undefined;
}

export function findClosestMatch(
  query: ClosestQuery,
  parts: Iterable<ContextPart>,
  budget: ClosestBudget = DEFAULT_CLOSEST_BUDGET,
  searches: ClosestSearches = new ClosestSearches(),
): ClosestMatch | undefined {
  const keys = keyWords(query);
  if (keys.length === 0) return undefined;
  const target = targetOf(query);
  let scanLeft = budget.scanChars;
  let hitsLeft = budget.hits;
  let best: ClosestMatch | undefined;
  /** The windows scored so far, by what their scores depend on (see Window.scores). */
  const scored = new Set<string>();
  for (const part of parts) {
    for (const key of keys) {
      for (const needle of key.needles) {
        if (scanLeft <= 0 || hitsLeft <= 0) return best;
        // A needle is read until the hit budget is spent or the part ends; the character budget is checked between needles.
        const hits = searches.hitsOf(part, needle, hitsLeft);
        const taken = Math.min(hitsLeft, hits.at.length);
        scanLeft -= taken === hitsLeft ? hits.read[taken - 1] : hits.readSoFar;
        for (let k = 0; k < taken; k++) {
          const around = candidatesAround(hits, k, query.type, part, needle, key.word);
          // A window that scores like one already scored cannot do better: only a higher score replaces the best.
          if (scored.has(around.scores)) continue;
          scored.add(around.scores);
          const found = bestCandidate(query.type, target, part.id, around.candidates, key.word);
          if (found && (!best || found.score > best.score)) best = found;
        }
        hitsLeft -= taken;
      }
    }
  }
  return best;
}

interface KeyWord {
  word: string;
  /** Forms to search for: as written lower-case, and capitalised (sentence starts, headings). */
  needles: string[];
}

/**
 * Content words near the entity in the output: up to three before it and two
 * after, within its sentence's reach. Text-like entities also use their own
 * first word, so `Acme Inc` finds `Acme Corp`.
 */
function keyWords(q: ClosestQuery): KeyWord[] {
  const words: string[] = [];
  const before = q.output.slice(Math.max(0, q.span[0] - 80), q.span[0]);
  const after = q.output.slice(q.span[1], q.span[1] + 50);
  const own = q.type === 'number' || q.type === 'date' ? [] : wordsOf(q.text).slice(0, 1);
  for (const w of [...own, ...wordsOf(before).reverse().slice(0, 3), ...wordsOf(after).slice(0, 2)]) {
    const lw = w.toLowerCase();
    if (lw.length >= 3 && !COMMON_WORDS.has(lw) && !/^\d+$/.test(lw) && !words.includes(lw)) words.push(lw);
  }
  return words.map((word) => ({
    word,
    needles: [...new Set([word, word[0].toUpperCase() + word.slice(1)])],
  }));
}

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function isWordBoundary(text: string, start: number, end: number): boolean {
  const word = /[\p{L}\p{N}_]/u;
  return (start === 0 || !word.test(text[start - 1])) && (end >= text.length || !word.test(text[end]));
}

/** Same-type values within WINDOW of a key word, less those never worth offering whatever the query. */
function windowCandidates(type: EntityType, text: string, keyStart: number, keyEnd: number, key: string): Candidate[] {
  const from = Math.max(0, keyStart - WINDOW);
  const window = text.slice(from, Math.min(text.length, keyEnd + WINDOW));
  const pattern = new RegExp(CANDIDATES[type].source, CANDIDATES[type].flags);
  const out: Candidate[] = [];
  for (let m = pattern.exec(window); m !== null; m = pattern.exec(window)) {
    const value = m[0].replace(/[\s,.;:]+$/, '');
    if (value.length === 0) continue;
    if (type === 'identifier' && !CODE_SHAPE.test(value)) continue;
    // A lone 0 or 1 is a flag or an index far more often than a claim (the extractor skips them too).
    if (type === 'number' && (value === '0' || value === '1')) continue;
    if (type === 'proper_noun' && (value.length < 2 || value.toLowerCase() === key)) continue;
    const start = from + m.index;
    const end = start + value.length;
    // Overlapping the key word itself would offer the word the user already wrote.
    if (start < keyEnd && end > keyStart && type !== 'proper_noun') continue;
    const gap = start >= keyEnd ? start - keyEnd : end <= keyStart ? keyStart - end : 0;
    const candidate: Candidate = { start, end, text: value, folded: value.toLowerCase(), gap, grams: undefined };
    if (type === 'number') {
      candidate.value = numericValue(value);
      candidate.unit = unitOf(value);
    }
    out.push(candidate);
  }
  return out;
}

/** The query's value, read once for all the candidates it is scored against. */
interface Target {
  folded: string;
  value?: number;
  unit: string;
  /** Other types: the sorted bigrams of its first units, made when it is first scored. */
  grams: Uint32Array | undefined;
}

function targetOf(query: ClosestQuery): Target {
  const folded = query.text.toLowerCase();
  return query.type === 'number'
    ? { folded, value: numericValue(query.text), unit: unitOf(query.text), grams: undefined }
    : { folded, unit: '', grams: undefined };
}

function bestCandidate(type: EntityType, target: Target, part: number, candidates: readonly Candidate[], key: string): ClosestMatch | undefined {
  let best: ClosestMatch | undefined;
  for (const c of candidates) {
    if (c.folded === target.folded) continue;
    const similarity = type === 'number' ? numberSimilarity(target.value, target.unit, c.value, c.unit!) : textSimilarity(target, c);
    const score = similarity + 0.5 * (1 - Math.min(c.gap, WINDOW) / WINDOW);
    if (score >= MIN_SCORE && (!best || score > best.score)) {
      best = { part, start: c.start, end: c.end, text: c.text, near: key, score };
    }
  }
  return best;
}

/** Units of a value its similarity reads. */
const COMPARED_UNITS = 200;

/** 0..1: how alike two values of one type are. */
export function valueSimilarity(type: EntityType, a: string, b: string): number {
  if (type === 'number') return numberSimilarity(numericValue(a), unitOf(a), numericValue(b), unitOf(b));
  return bigramDice(a.toLowerCase().slice(0, COMPARED_UNITS), b.toLowerCase().slice(0, COMPARED_UNITS));
}

function numberSimilarity(x: number | undefined, xUnit: string, y: number | undefined, yUnit: string): number {
  if (x === undefined || y === undefined) return 0;
  const scale = Math.max(Math.abs(x), Math.abs(y));
  const closeness = scale === 0 ? 1 : 1 - Math.min(1, Math.abs(x - y) / scale);
  return 0.8 * closeness + (xUnit === yUnit ? 0.2 : 0);
}

const SCALE: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, b: 1e9, bn: 1e9, billion: 1e9 };

function numericValue(text: string): number | undefined {
  const m = /(\d[\d,]*(?:\.\d+)?) ?(k|m|bn|b|thousand|million|billion)?\b/i.exec(text);
  if (!m) return undefined;
  const n = Number(m[1].replace(/,/g, ''));
  if (!Number.isFinite(n)) return undefined;
  return m[2] ? n * SCALE[m[2].toLowerCase()] : n;
}

function unitOf(text: string): string {
  const currency = /^[$€£¥]/.exec(text)?.[0] ?? '';
  return currency + (text.endsWith('%') ? '%' : '');
}

/**
 * `bigramDice` of the query's and a candidate's first units, from
 * bigrams each makes once. A report of thousands of findings scores the
 * same candidates query after query: counting bigrams in a map per pair
 * took half the time of a check naming 25,000 values on one line.
 */
function textSimilarity(target: Target, c: Candidate): number {
  const a = target.folded.slice(0, COMPARED_UNITS);
  const b = c.folded.slice(0, COMPARED_UNITS);
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  target.grams ??= bigramsOf(a);
  c.grams ??= bigramsOf(b);
  return sharedBigrams(target.grams, c.grams);
}

/** The Dice coefficient over character bigrams (each counted as often as both strings have it); 1 for equal strings. */
export function bigramDice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  return sharedBigrams(bigramsOf(a), bigramsOf(b));
}

/** The bigrams of `text` as numbers (two UTF-16 units each), sorted. */
function bigramsOf(text: string): Uint32Array {
  const grams = new Uint32Array(text.length - 1);
  for (let i = 0; i < grams.length; i++) grams[i] = ((text.charCodeAt(i) << 16) | text.charCodeAt(i + 1)) >>> 0;
  return grams.sort();
}

/** The Dice coefficient of two sorted bigram lists: shared bigrams (each as often as both have it) over all. */
function sharedBigrams(a: Uint32Array, b: Uint32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return (2 * shared) / (a.length + b.length);
}
