/**
 * Splits an output into sentence-level pieces and says which of them make a
 * claim. Questions, hedged sentences ("I think", "maybe"), talk about the
 * answer itself ("Here is a summary in 85 words:", "Let me know if…"),
 * greetings, the speaker's plans ("I'll add…") and, in an agent's turn,
 * instructions ("Run `npm test`", a "Next steps" list) and fenced code state
 * nothing about the context, so entities in them are not checked under the
 * refined profile.
 *
 * Sentences come from the shared sentence splitter, further cut at line
 * breaks (a list item is its own sentence). Every test reads a bounded
 * prefix or suffix of the sentence, so the cost is linear in the output.
 */
import type { Range } from '../classifier/types';
import { sentenceStarts } from '../text/sentences';
import { continuesPlan, isImperative, isPlanHeading, isPlanOpening } from './rules/plans';
import { firstAboveBy } from '../text/sortedSearch';
import { unionOfRanges } from './rangeSet';

export type SentenceKind = 'claim' | 'question' | 'hedge' | 'meta' | 'greeting' | 'plan' | 'code';

export interface SentenceOptions {
  /**
   * The output is an agent's turn in a session with tools: instructions to
   * the reader ("Run `npm test`", "You can set PORT", a "Next steps" list)
   * are advice, not claims. In an answer drawn from documents they restate
   * the documents, so there they stay claims.
   */
  instructions?: boolean;
  /** The output's own code (`ownCodeRanges`), when the caller has found it already. */
  ownCode?: readonly Range[];
}

export interface OutputSentence {
  span: Range;
  kind: SentenceKind;
}

/** Sentence openings that withhold commitment to what follows. */
// biome-ignore format: a list of words or values reads best packed
const HEDGE_OPENINGS = [
  'i think', 'i believe', 'i guess', 'i suppose', "i'm not sure", 'i am not sure', 'maybe', 'perhaps', 'possibly',
  'probably', 'it might be', 'it may be', 'it could be',
];

/** Sentences that talk to the reader about the answer rather than about its subject. */
// biome-ignore format: a list of words or values reads best packed
const META_OPENINGS = [
  'let me know', 'i hope this helps', 'hope this helps', 'feel free to', 'please let me know', 'please note that i',
  'as an ai', 'i cannot', "i can't", 'i am unable', "i'm unable", 'i apologize', 'if you have any',
];

/** Whole-sentence pleasantries. */
const GREETINGS = ['hi', 'hello', 'hey', 'sure', 'certainly', 'of course', 'absolutely', 'thanks', 'thank you', 'great question', 'okay', 'ok'];
const LONGEST_GREETING = Math.max(...GREETINGS.map((g) => g.length));

/** Words that introduce the answer itself when a sentence ends in a colon ("Here are the steps:"). */
const PRESENTING = /\b(?:here is|here's|here are|below is|below are|the following)\b/;

/** Farthest a colon ending an introduction may sit from the sentence start. */
const INTRO_REACH = 200;

/** Longest sentence prefix the opening tests read. */
const PREFIX = 40;

export function outputSentences(output: string, options: SentenceOptions = {}): OutputSentence[] {
  const out: OutputSentence[] = [];
  const fences = options.ownCode ?? ownCodeRanges(output);
  const starts = sentenceStarts(output);
  const instructions = options.instructions === true;
  const plans = new PlanSections(output);
  let fence = 0;
  for (let i = 0; i < starts.length; i++) {
    const end = i + 1 < starts.length ? starts[i + 1] : output.length;
    for (const [s, e] of linePieces(output, starts[i], end)) {
      while (fence < fences.length && fences[fence][1] <= s) fence++;
      const inFence = fence < fences.length && fences[fence][0] <= s;
      if (inFence) {
        out.push({ span: [s, e], kind: 'code' });
        continue;
      }
      if (instructions && plans.at(s, e)) {
        out.push({ span: [s, e], kind: 'plan' });
        continue;
      }
      // `Here is a summary in 85 words: Revenue rose…` introduces the answer and starts it on one line.
      const colon = colonWithin(output, s, Math.min(e - 1, s + INTRO_REACH));
      if (colon > s && kindOf(output, s, colon + 1, instructions) === 'meta') {
        out.push({ span: [s, colon + 1], kind: 'meta' });
        let rest = colon + 1;
        while (rest < e && isBlank(output.charCodeAt(rest))) rest++;
        out.push({ span: [rest, e], kind: kindOf(output, rest, e, instructions) });
        continue;
      }
      let kind = kindOf(output, s, e, instructions);
      // "This involves …" right after "I will build …", in the same paragraph, says what that plan involves.
      const before = out[out.length - 1];
      if (kind === 'claim' && before?.kind === 'plan' && !hasBlankLine(output, before.span[1], s) && continuesPlan(openingOf(output, s, e))) kind = 'plan';
      // "I'll make these changes:" opens a plan its list items continue.
      if (kind === 'plan' && output.charCodeAt(e - 1) === 0x3a) plans.open(s);
      out.push({ span: [s, e], kind });
    }
  }
  return out;
}

/**
 * Parts of an output that lay out a plan: under a heading that names one
 * ("## Migration plan", "**Next steps:**"), or after a plan sentence ending
 * in a colon, until the next heading, or a paragraph after a blank line that
 * is not a list item. A list item ending in a colon ("- Add the tests:")
 * opens a plan of the items nested under it, which its next sibling ends.
 * Pieces are asked in order, so one flag carries it.
 */
class PlanSections {
  private inside = false;
  private lastEnd = 0;
  /** The indent of the list item that opened the plan, when one did. */
  private openerIndent = -1;

  constructor(private readonly text: string) {}

  /** Whether the piece `[s, e)` belongs to a plan; a heading is a plan when it names one. */
  at(s: number, e: number): boolean {
    const blankBefore = hasBlankLine(this.text, this.lastEnd, s);
    this.lastEnd = e;
    const head = this.text.slice(s, Math.min(e, s + HEADING_REACH));
    if (isHeading(head, e - s)) {
      this.inside = isPlanHeading(head);
      this.openerIndent = -1;
      return this.inside;
    }
    const item = LIST_ITEM.test(head);
    if (blankBefore && !item) this.inside = false;
    if (this.inside && item && this.openerIndent !== -1 && indentAt(this.text, s) <= this.openerIndent) this.inside = false;
    return this.inside;
  }

  /** A plan opens after the piece at `s`. */
  open(s: number): void {
    this.inside = true;
    this.openerIndent = LIST_ITEM.test(this.text.slice(s, s + HEADING_REACH)) ? indentAt(this.text, s) : -1;
  }
}

/** Longest line read as a heading. */
const HEADING_REACH = 100;
const LIST_ITEM = /^(?:[-*+\u2022]\s|\d{1,3}[.)]\s|[a-z][.)]\s)/i;

/** `## Title`, a line that is all bold (`**Next steps:**`), or a short label ending in a colon. */
function isHeading(head: string, length: number): boolean {
  if (/^#{1,6}\s/.test(head)) return true;
  if (length > HEADING_REACH) return false;
  if (/^\*\*[^*]+\*\*:?$/.test(head) || /^__[^_]+__:?$/.test(head)) return true;
  return /^[A-Z][^.!?]{0,60}:$/.test(head) && !LIST_ITEM.test(head);
}

/** How far the piece at `s` stands from its line's start. */
function indentAt(text: string, s: number): number {
  return s - (text.lastIndexOf('\n', s - 1) + 1);
}

/** Whether `[from, to)` (whitespace between two pieces) holds an empty line. */
function hasBlankLine(text: string, from: number, to: number): boolean {
  let newlines = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 0x0a && ++newlines === 2) return true;
  return false;
}

/** `[start, end)` cut at line breaks, each piece trimmed of surrounding whitespace; empty pieces dropped. */
function linePieces(text: string, start: number, end: number): Range[] {
  const pieces: Range[] = [];
  let s = start;
  for (let i = start; i <= end; i++) {
    if (i === end || text.charCodeAt(i) === 0x0a) {
      let a = s;
      let b = i;
      while (a < b && isBlank(text.charCodeAt(a))) a++;
      while (b > a && isBlank(text.charCodeAt(b - 1))) b--;
      if (b > a) pieces.push([a, b]);
      s = i + 1;
    }
  }
  return pieces;
}

/** First `:` in `[from, to)`, or -1; bounded so a colon-free output is not rescanned per sentence. */
function colonWithin(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 0x3a) return i;
  return -1;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0xa0;
}

function kindOf(text: string, start: number, end: number, instructions: boolean): SentenceKind {
  const last = lastMeaningfulChar(text, start, end);
  if (last === '?' || last === '？') return 'question';
  const head = openingOf(text, start, end);
  if (HEDGE_OPENINGS.some((h) => startsWithWord(head, h))) return 'hedge';
  if (META_OPENINGS.some((m) => startsWithWord(head, m))) return 'meta';
  if (last === ':' && PRESENTING.test(text.slice(start, end).toLowerCase())) return 'meta';
  if (isGreeting(head)) return 'greeting';
  if (isPlanOpening(head, instructions)) {
    // `**Stop Words**: combined from …`, `Open Loops: the prompt remains …`: a word that could open an instruction names the
    // label of what follows, whose own opening says whether it is a plan.
    const rest = instructions && isImperative(head) ? afterLabel(text, start, end) : undefined;
    return rest === undefined || isPlanOpening(openingOf(text, rest, end), instructions) ? 'plan' : 'claim';
  }
  return 'claim';
}

/** Longest label `afterLabel` reads. */
const LABEL_REACH = 60;

/**
 * Where the text after a label starts, when the sentence opens with one: a
 * bold span with a colon in it or right after it (`**Stop Words**:`,
 * `**Fix:**`), or one to four capitalised words and a colon (`Open Loops:`).
 */
function afterLabel(text: string, start: number, end: number): number | undefined {
  const head = text.slice(start, Math.min(end, start + LABEL_REACH));
  const m = /^\s*(?:[-*•>]+\s+|\d{1,3}[.)]\s+)?(?:(\*\*|__)[^*_\n]{1,50}?(?::\1|\1:)|[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}:)[ \t]+(?=\S)/.exec(head);
  return m ? start + m[0].length : undefined;
}

/** The sentence's first PREFIX characters, lower-cased, without a list marker or emphasis in front. */
function openingOf(text: string, start: number, end: number): string {
  let head = text.slice(start, Math.min(end, start + PREFIX)).toLowerCase();
  // `**Add** a page`: the emphasis around the first word is markup, not part of it.
  head = head
    .replace(/^(?:[-*•>#]+\s*|\d{1,3}[.)]\s+)/, '')
    .replace(/^[*_]+/, '')
    .replace(/^([a-z][a-z-]*)[*_]+(?=\s)/, '$1');
  return head.includes('’') ? head.replace(/[’]/g, "'") : head;
}

/** The whole opening is a pleasantry, trailing `!`, `.` and `,` aside. */
function isGreeting(head: string): boolean {
  let n = head.length;
  while (n > 0 && (head[n - 1] === '!' || head[n - 1] === '.' || head[n - 1] === ',')) n--;
  return n <= LONGEST_GREETING && GREETINGS.includes(head.slice(0, n));
}

function startsWithWord(head: string, phrase: string): boolean {
  if (!head.startsWith(phrase)) return false;
  const next = head.charCodeAt(phrase.length);
  return Number.isNaN(next) || !isLetter(next);
}

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** Last character that is not a closing quote, bracket or emphasis mark. */
function lastMeaningfulChar(text: string, start: number, end: number): string {
  let i = end - 1;
  while (i >= start && `"'”’)]*_`.includes(text[i])) i--;
  return i >= start ? text[i] : '';
}

/**
 * Ranges of ``` fenced blocks (fence lines included); an unclosed fence runs
 * to the end. As in CommonMark, a fence is closed only by a run of the same
 * character at least as long with nothing after it, so a block that shows
 * another block (```` ```markdown ```` holding ```` ```bash ````) stays one.
 */
export function codeFenceRanges(text: string): Range[] {
  const ranges: Range[] = [];
  // Most outputs hold no fence: two searches decide it, where reading line by line would visit every line.
  if (!text.includes('```') && !text.includes('~~~')) return ranges;
  let open = -1;
  let openChar = '';
  let openLength = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    let p = lineStart;
    while (p < lineEnd && (text[p] === ' ' || text[p] === '\t')) p++;
    if (text.startsWith('```', p) || text.startsWith('~~~', p)) {
      const c = text[p];
      let q = p;
      while (q < lineEnd && text[q] === c) q++;
      if (open < 0) {
        open = lineStart;
        openChar = c;
        openLength = q - p;
      } else if (c === openChar && q - p >= openLength && text.slice(q, lineEnd).trim() === '') {
        ranges.push([open, lineEnd]);
        open = -1;
      }
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  if (open >= 0) ranges.push([open, text.length]);
  return ranges;
}

/** A line that is only a tag naming a shell: `<bash>`, `</bash>`, `<powershell>`. */
const COMMAND_TAG_LINE = /^[ \t]*<(\/?)(bash|sh|zsh|shell|powershell|pwsh|cmd)>[ \t]*\r?$/;
const MAX_TAG_LINE = 24;

/**
 * Blocks of commands written between tag lines (`<bash>` … `</bash>`), as a
 * model with no shell tool writes the calls it means to make: the turn's own
 * code, as a fenced block is. An unclosed tag opens no block.
 */
export function commandTagRanges(text: string): Range[] {
  const ranges: Range[] = [];
  // Most outputs hold no closing tag: one search decides it.
  if (!text.includes('</')) return ranges;
  let open: { at: number; name: string } | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    // A tag line is short: longer lines are not read.
    const m = lineEnd - lineStart <= MAX_TAG_LINE ? COMMAND_TAG_LINE.exec(text.slice(lineStart, lineEnd)) : null;
    if (m) {
      if (m[1] === '' && !open) open = { at: lineStart, name: m[2] };
      else if (m[1] === '/' && open?.name === m[2]) {
        ranges.push([open.at, lineEnd]);
        open = undefined;
      }
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  return ranges;
}

/** The turn's own code: its fenced blocks and its tagged command blocks, in order, overlaps joined. */
export function ownCodeRanges(text: string): Range[] {
  const tagged = commandTagRanges(text);
  const fences = codeFenceRanges(text);
  return tagged.length === 0 ? fences : unionOfRanges([...fences, ...tagged]);
}

/** Index of the sentence holding offset `at`, if any; sentences are in output order and disjoint. */
export function sentenceIndexAt(sentences: readonly OutputSentence[], at: number): number | undefined {
  const i = firstAboveBy(sentences, (s) => s.span[1], at);
  return i < sentences.length && sentences[i].span[0] <= at ? i : undefined;
}
