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
 * around each hit.
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
};

/** Identifiers look like code: dotted, snake_case, camelCase or called. */
const CODE_SHAPE = /[._]|[a-z][A-Z]|\(\)$/;

export function findClosestMatch(
  query: ClosestQuery,
  parts: Iterable<ContextPart>,
  budget: ClosestBudget = DEFAULT_CLOSEST_BUDGET,
): ClosestMatch | undefined {
  const keys = keyWords(query);
  if (keys.length === 0) return undefined;
  const target = query.text;
  let scanLeft = budget.scanChars;
  let hitsLeft = budget.hits;
  let best: ClosestMatch | undefined;
  for (const part of parts) {
    for (const key of keys) {
      for (const needle of key.needles) {
        if (scanLeft <= 0 || hitsLeft <= 0) return best;
        let from = 0;
        while (hitsLeft > 0) {
          const at = part.text.indexOf(needle, from);
          scanLeft -= (at === -1 ? part.text.length : at) - from;
          if (at === -1 || !isWordBoundary(part.text, at, at + needle.length)) {
            if (at === -1) break;
            from = at + 1;
            continue;
          }
          hitsLeft--;
          const found = bestInWindow(query.type, target, part, at, at + needle.length, key.word);
          if (found && (!best || found.score > best.score)) best = found;
          from = at + needle.length;
        }
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

function bestInWindow(
  type: EntityType,
  target: string,
  part: ContextPart,
  keyStart: number,
  keyEnd: number,
  key: string,
): ClosestMatch | undefined {
  const from = Math.max(0, keyStart - WINDOW);
  const window = part.text.slice(from, Math.min(part.text.length, keyEnd + WINDOW));
  const pattern = new RegExp(CANDIDATES[type].source, CANDIDATES[type].flags);
  const targetFolded = target.toLowerCase();
  let best: ClosestMatch | undefined;
  for (let m = pattern.exec(window); m !== null; m = pattern.exec(window)) {
    const text = m[0].replace(/[\s,.;:]+$/, '');
    if (text.length === 0 || text.toLowerCase() === targetFolded) continue;
    if (type === 'identifier' && !CODE_SHAPE.test(text)) continue;
    // A lone 0 or 1 is a flag or an index far more often than a claim (the extractor skips them too).
    if (type === 'number' && (text === '0' || text === '1')) continue;
    if (type === 'proper_noun' && (text.length < 2 || text.toLowerCase() === key)) continue;
    const start = from + m.index;
    const end = start + text.length;
    // Overlapping the key word itself would offer the word the user already wrote.
    if (start < keyEnd && end > keyStart && type !== 'proper_noun') continue;
    const similarity = valueSimilarity(type, target, text);
    const gap = start >= keyEnd ? start - keyEnd : end <= keyStart ? keyStart - end : 0;
    const score = similarity + 0.5 * (1 - Math.min(gap, WINDOW) / WINDOW);
    if (score >= MIN_SCORE && (!best || score > best.score)) {
      best = { part: part.id, start, end, text, near: key, score };
    }
  }
  return best;
}

/** 0..1: how alike two values of one type are. */
export function valueSimilarity(type: EntityType, a: string, b: string): number {
  if (type === 'number') {
    const x = numericValue(a);
    const y = numericValue(b);
    if (x === undefined || y === undefined) return 0;
    const scale = Math.max(Math.abs(x), Math.abs(y));
    const closeness = scale === 0 ? 1 : 1 - Math.min(1, Math.abs(x - y) / scale);
    return 0.8 * closeness + (unitOf(a) === unitOf(b) ? 0.2 : 0);
  }
  return diceSimilarity(a.toLowerCase().slice(0, 200), b.toLowerCase().slice(0, 200));
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

/** Dice coefficient over character bigrams; 1 for equal strings. */
function diceSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) {
    const g = a.slice(i, i + 2);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const g = b.slice(i, i + 2);
    const c = counts.get(g) ?? 0;
    if (c > 0) {
      shared++;
      counts.set(g, c - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + b.length - 1);
}
