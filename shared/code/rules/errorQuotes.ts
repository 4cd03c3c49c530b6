/**
 * An error an agent's turn quotes as what a run printed (`` `Uncaught
 * TypeError: t.map is not a function` ``, a line of a log block, "the new
 * error "Error: list index out of range"") that nothing before the turn
 * printed, where the session shows the run's actual error: a line that reads
 * the same but for one word or name (`TypeError` for `RangeError`, `index`
 * for `key`). The quote misstates that error; the word is contradicted by
 * the actual line's.
 *
 * Why only then: an error quoted that the log never shows may come from a
 * run the log omits, and a message reworded in several places is a
 * paraphrase, not a quote. One changed word in an otherwise exact copy of a
 * printed error is a misquote. The word itself is often spelt elsewhere in
 * the session (`missing`, `TypeError`), so what counts is the whole quote,
 * not the word.
 *
 * What is an error quote: a span in backticks, in double quotes or a line of
 * a fenced block that starts with an error's head (`TypeError:`,
 * `Error:`, `error[E0425]:`, `Uncaught ReferenceError:`, `FAILED:`)
 * followed by a message of several words, in a sentence that reports (not a
 * question, a hedge or a plan, and not after words that suppose it: "if you
 * see", "you may get", "errors such as"). Lines of a diff, an edit block or
 * a block the turn proposes are code, not quotes.
 *
 * Work per turn: per quote, one lookup of the whole quote and at most two
 * lookups of its halves, each bounded; nothing walks the context.
 */
import type { ContextMatch, Entity, Range } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import { sentenceIndexAt, type OutputSentence } from '../../refine/claims';
import { RangeSet } from '../../refine/rangeSet';
import { startsAfterExampleMark } from '../../text/sentences';
import { isDiff, isProposal } from './codeBlocks';
import { isEditBlock, proposedAround } from './quotedLines';
import { lineTokens, misquotedToken, shortLine, tokensOfLineAt, type Token } from './lineTokens';

/**
 * An error's head at the start of a quote: a marker (`❌`, `E`, `>`, `[`; not
 * the brace or bracket of code: `{ error: "…" }`), up to
 * two capitalised words (`Uncaught`, `Application`), then an error name or
 * word, an optional code (`[E0425]`) and a colon. Every part is bounded.
 */
const HEAD =
  /^(?:[^\w\s"'`{}(),=;]{1,4} ?|E {1,4})?(?:[A-Z][A-Za-z]{1,30} |\([a-z ]{1,20}\) ){0,2}(?:[A-Za-z_][\w.]{0,80}(?:Error|Exception|Err)|[Ee]rror|ERROR|[Ff]atal|FATAL|panic|FAILED|FAIL)(?:\[[\w-]{1,20}\])?: \S/;
/** Words before a quote that make it an error one may meet, an example or an expectation, not one a run printed. */
const SUPPOSING =
  /\b(?:if|unless|should|would|could|might|may|will|can|e\.g(?=\.)|for example|such as|for instance|like|expect(?:s|ed)?|avoid|prevent)\b|'ll\b/i;
/** How far before a quote its sentence is read for such words. */
const LEAD_IN = 160;
/** Every head holds one of these: a turn without any quotes no error. */
const MAY_QUOTE = /rror|xception|Err|atal|ATAL|panic|FAIL/;
/** Words of the message after the head, at least: fewer say too little to tell which error it is. */
const MIN_MESSAGE_WORDS = 3;
/** Tokens a message read without its head must have, at least: a shorter one matches too many printed lines. */
const MIN_MESSAGE_TOKENS = 6;
/** Longest quote compared. */
const MAX_QUOTE = 240;
/** Most tokens compared. */
const MAX_TOKENS = 60;
/** Occurrences of a half of the quote examined for the line it copies. */
const CANDIDATES = 16;

const WORD = /^[A-Za-z_$\d]/;

/** A quote of an error: where its text is, and the entity that already covers it, if one does. */
interface Quote {
  start: number;
  end: number;
}

/** The line the session printed that the quote copies but for one token, and that token. */
interface Actual {
  line: string;
  token: ContextMatch;
  value: string;
  /** Index of the quote's token that differs. */
  changed: number;
}

export interface ErrorQuotesInput {
  output: string;
  fences: readonly Range[];
  sentences: readonly OutputSentence[];
  index: ContextLookup;
  find: FindOptions;
  entities: Entity[];
}

/**
 * Judges the turn's error quotes: an entity covering a misquote (the inline
 * code or quoted string) is contradicted in place; a misquoted line of a block
 * gets a finding of its own at the changed word. Returns the new findings.
 */
export function errorQuoteFindings(input: ErrorQuotesInput): Entity[] {
  const { output, fences, sentences, index, find, entities } = input;
  const out: Entity[] = [];
  if (!MAY_QUOTE.test(output)) return out;
  for (const quote of errorQuotes(output, fences, sentences)) {
    const text = output.slice(quote.start, quote.end);
    const covering = entities.find((e) => e.span[0] <= quote.start && e.span[1] >= quote.end);
    // A quote the context holds, or one another rule has contradicted already, is not this rule's; one merely not found gets the evidence.
    if (covering && (covering.found || covering.status === 'grounded' || covering.status === 'contradicted')) continue;
    if (index.find(text, { ...find, strict: false, limit: 1 }).length > 0) continue;
    const found = misquoted(output, quote, index, find);
    if (!found) continue;
    const { actual, t } = found;
    const detail = `the session printed \`${shortLine(actual.line)}\`, which has \`${actual.value}\` where this quote of it has \`${t.text}\``;
    if (covering && covering.span[0] <= t.start && covering.span[1] >= t.end) {
      const at = t.start - covering.span[0];
      covering.status = 'contradicted';
      covering.settled = true;
      covering.rule = 'error-quotes';
      covering.detail = detail;
      covering.contradiction = { value: covering.text.slice(0, at) + actual.value + covering.text.slice(at + t.text.length), match: actual.token };
      continue;
    }
    out.push({ ...misquotedToken(t, actual.value, actual.token, detail), rule: 'error-quotes' });
  }
  return out;
}

/**
 * The printed line a quote misstates, and the quote's token that differs:
 * the quote read whole, or else its message alone, since the head may be the
 * turn's own label for what the run printed (`Error: Export x doesn't exist`
 * for a build that printed `Export x doesn't exist`). A message the session
 * printed as it stands is quoted right, whatever head the turn gave it.
 */
function misquoted(output: string, quote: Quote, index: ContextLookup, find: FindOptions): { actual: Actual; t: Token } | undefined {
  const text = output.slice(quote.start, quote.end);
  const mine = lineTokens(text, quote.start);
  if (mine.length > MAX_TOKENS) return undefined;
  const whole = actualError(output, mine, index, find);
  if (whole) return { actual: whole, t: mine[whole.changed] };
  const head = HEAD.exec(text);
  if (!head) return undefined;
  const from = head[0].length - 1;
  const message = lineTokens(text.slice(from), quote.start + from);
  if (message.length < MIN_MESSAGE_TOKENS || index.find(text.slice(from), { ...find, strict: false, limit: 1 }).length > 0) return undefined;
  const alone = actualError(output, message, index, find);
  return alone ? { actual: alone, t: message[alone.changed] } : undefined;
}

/** Error quotes of the turn: inline code and double-quoted strings in reporting sentences, and lines of blocks it does not propose. */
export function errorQuotes(output: string, fences: readonly Range[], sentences: readonly OutputSentence[]): Quote[] {
  const out: Quote[] = [];
  const inFence = new RangeSet(fences);
  // What the sentence says before the quote: the quote's own words (`not found`, `cannot`) say nothing of whether it is reported.
  const reporting = (at: number) => {
    const i = sentenceIndexAt(sentences, at);
    if (i !== undefined && sentences[i].kind !== 'claim') return false;
    let lead = output.slice(Math.max(0, at - LEAD_IN, i === undefined ? 0 : sentences[i].span[0]), at);
    if (i === undefined) lead = lead.slice(lead.lastIndexOf('\n') + 1);
    return !SUPPOSING.test(lead) && !(i !== undefined && startsAfterExampleMark(output, sentences[i].span[0]));
  };
  // Inline code and double quotes on one line, outside blocks.
  for (let at = 0; at < output.length; ) {
    const nl = output.indexOf('\n', at);
    const end = nl === -1 ? output.length : nl;
    if (!inFence.overlaps(at, end))
      for (const q of quotedOnLine(output, at, end)) if (isErrorQuote(output.slice(q.start, q.end)) && reporting(q.start)) out.push(q);
    at = end + 1;
  }
  for (const fence of fences) {
    if (isDiff(output, fence) || isEditBlock(output, fence) || isProposal(output, fence, sentences) || proposedAround(output, fence, sentences)) continue;
    const first = output.indexOf('\n', fence[0]);
    if (first === -1 || first >= fence[1]) continue;
    for (let at = first + 1; at < fence[1]; ) {
      const nl = output.indexOf('\n', at);
      const end = nl === -1 || nl > fence[1] ? fence[1] : nl;
      let s = at;
      let e = end;
      while (s < e && isBlank(output.charCodeAt(s))) s++;
      while (e > s && isBlank(output.charCodeAt(e - 1))) e--;
      // A shell transcript's prompt is not part of what the program printed.
      if (output.startsWith('$ ', s)) s = e;
      if (e > s && !/^[`~]{3}/.test(output.slice(s, s + 3)) && isErrorQuote(output.slice(s, e))) out.push({ start: s, end: e });
      at = end + 1;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Whether `text` reads as a printed error: its head, then a message of a few words. */
function isErrorQuote(text: string): boolean {
  if (text.length > MAX_QUOTE) return false;
  const head = HEAD.exec(text);
  if (!head) return false;
  const message = text.slice(head[0].length - 1);
  let words = 0;
  for (const _ of message.matchAll(/[A-Za-z]{2,}/g)) if (++words >= MIN_MESSAGE_WORDS) return true;
  return false;
}

/** Inline code and double-quoted strings in `output[from, to)`, as the ranges of their text. */
function quotedOnLine(output: string, from: number, to: number): Quote[] {
  const out: Quote[] = [];
  const line = output.slice(from, to);
  // An opener with no closer after it on the line: no later opener of its kind has one either.
  const unclosed = new Set<string>();
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const close = c === '`' ? '`' : c === '"' ? '"' : c === '“' ? '”' : undefined;
    if (!close) continue;
    // A run of backticks opens a span closed by the same run.
    let open = i;
    if (c === '`') while (line[open + 1] === '`') open++;
    const run = line.slice(i, open + 1);
    const closer = c === '`' ? run : close;
    const end = unclosed.has(closer) ? -1 : line.indexOf(closer, open + 1);
    if (end === -1) {
      unclosed.add(closer);
      i = open;
      continue;
    }
    if (end > open + 1) out.push({ start: from + open + 1, end: from + end });
    i = end + run.length - 1;
  }
  return out;
}

/**
 * The line the session printed that the quote copies but for one name, word
 * or number: found by either half of the quote, and compared token by token.
 * None when no line matches, or when the lines that match hold different
 * values at that place (the message is a template filled in several ways).
 */
function actualError(output: string, mine: readonly Token[], index: ContextLookup, find: FindOptions): Actual | undefined {
  const half = Math.floor(mine.length / 2);
  const halves: [number, number][] = [
    [0, half],
    [half + 1, mine.length],
  ];
  let actual: Actual | undefined;
  for (const [from, to] of halves) {
    if (to - from < 2) continue;
    const anchor = output.slice(mine[from].start, mine[to - 1].end);
    for (const m of index.findLast(anchor, { ...find, strict: false, limit: CANDIDATES })) {
      const other = aligned(index.partText(m.part), m, mine, from);
      if (!other) continue;
      if (actual && (actual.value !== other.value || actual.changed !== other.changed)) return undefined;
      actual ??= other;
    }
  }
  return actual;
}

/** The context line holding `m`, read against the quote with `m` at its token `from`: its token where the two differ, when they differ in one. */
function aligned(text: string, m: ContextMatch, mine: readonly Token[], from: number): Actual | undefined {
  const held = tokensOfLineAt(text, m.start, m.end, MAX_QUOTE * 2);
  if (!held) return undefined;
  const { line, tokens: theirs } = held;
  const at = theirs.findIndex((t) => t.start === m.start);
  const first = at - from;
  if (at === -1 || first < 0 || first + mine.length > theirs.length) return undefined;
  let changed = -1;
  for (let i = 0; i < mine.length; i++) {
    if (theirs[first + i].text === mine[i].text) continue;
    if (changed !== -1) return undefined;
    changed = i;
  }
  if (changed === -1) return undefined;
  const token = theirs[first + changed];
  const mineText = mine[changed].text;
  // A word for a word, a number for a number; a change of case or of punctuation is no misquote.
  if (!WORD.test(token.text) || !WORD.test(mineText) || /^\d/.test(token.text) !== /^\d/.test(mineText)) return undefined;
  if (token.text.toLowerCase() === mineText.toLowerCase()) return undefined;
  return { line: line.trim(), token: { part: m.part, start: token.start, end: token.end }, value: token.text, changed };
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}
