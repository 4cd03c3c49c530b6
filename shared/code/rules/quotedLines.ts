/**
 * A line of an agent's fenced block that copies a line the session showed
 * (a file read, a command's output, a log, an edit the agent made, which a
 * Markdown chat logs only in the agent's own earlier replies) but for
 * one name or number, which nothing in the session ever spelt: the block
 * quotes that line, and the one token it changed is a claim the session does
 * not support. The line the session showed is the evidence.
 *
 * Agents also write new code in blocks, and new code often copies an
 * existing line with a new name. An edit quotes the file it changes: the
 * search side of a search-and-replace edit and a diff's removed and
 * unchanged lines are judged, their new side never. What tells a quote from
 * new code, and so what is left alone: a block the turn proposes (a block
 * the sentence before or after proposes, in English or
 * in the words of the other languages foreignCues reads), a block
 * titled with the file it writes, a turn in a language whose proposals
 * cannot be told, a token the session spells anywhere (before the turn, or
 * later in what the agent wrote), a line that differs in more than one
 * token, a line that shares nothing but the language's words with the line
 * it seems to copy, and a listing's line numbers. A block introduced by a
 * reference to the lines it shows ("lines 117-151", `#L110`) is a quote
 * whatever the sentence after it proposes. A short line whose shape says
 * little, or one the context fills with other values at that place (a
 * template: `export * from './x';`), is a copy only where its neighbours in
 * a block that mostly quotes, or that cites its lines, stand around its
 * original in the context.
 *
 * Work per turn: one lookup per candidate token (only tokens nothing spelt
 * go further), one lookup of the line's shared part, and for a line that
 * needs its neighbours one lookup per neighbour and per sampled line of its
 * block, all bounded; nothing walks the context line by line.
 */
import type { ContextGap, ContextMatch, Entity, Range } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { OutputSentence } from '../../refine/claims';
import { type ProseLanguage, proseLanguage } from '../../text/proseLanguage';
import { isCodeShaped, namesCheckable, proposes } from './absentNames';
import { isDiff, isProposal } from './codeBlocks';
import { foreignCue } from './foreignCues';
import { lineTokens, misquotedToken, shortLine, tokensOfLineAt, type Token } from './lineTokens';

/** Shortest line (trimmed) that says enough to be recognised as a copy. */
const MIN_LINE = 12;
/** Longest line compared. */
const MAX_LINE = 240;
/** The tokens a copied line shares with its original must hold at least this many names or numbers… */
const MIN_SHARED_VALUES = 2;
/** …or this many, when the line it copies is one the agent itself wrote in an earlier edit. */
const MIN_SHARED_WITH_OWN = 3;
/** …and this many characters. */
const MIN_SHARED_CHARS = 10;
/** Occurrences of a line's shared part examined for the line it copies. */
const CANDIDATES = 16;
/** Leading tokens a context line may have before the copied part: a listing's gutter, a diff's marker. */
const MAX_GUTTER_TOKENS = 3;
/** How close (characters) a sentence must sit to a block to speak of it. */
const NEAR = 4;
/** Matches of a neighbouring line examined for the place the block copies. */
const NEIGHBOUR_CANDIDATES = 8;
/** A block mostly quotes when at least this share of its lines, sampled from its start… */
const QUOTE_SHARE = 0.5;
/** …and at least this many, are context lines. */
const MIN_QUOTED_LINES = 3;
/** Lines of a block sampled to tell whether it mostly quotes. */
const MAX_SAMPLED_LINES = 40;
/** Blank lines skipped between a neighbour and the line it places. */
const MAX_BLANK_STEPS = 4;

/**
 * Gaps of material the model saw whose text the log does not hold: the
 * files a history names without their contents (a Markdown chat, a file
 * attached to the prompt), an image. Such material could hold another line
 * of the same shape with the changed token, but a line copied token for
 * token from one the history shows, but for one name nothing in it spells,
 * is a misquote far more often than a second, unseen line: these gaps do
 * not excuse it.
 */
const UNRECORDED_FILES = new Set(['markdown-chat', 'file-contents-missing', 'image-content']);

function unrecordedFile(gap: ContextGap): boolean {
  return UNRECORDED_FILES.has(gap.code) || gap.code.startsWith('attachment-not-logged:');
}

/** The line of the context a block line copies, and the token it has where the block line differs. */
interface Original {
  line: string;
  token: ContextMatch;
  value: string;
}

export interface QuotedLinesInput {
  output: string;
  fences: readonly Range[];
  sentences: readonly OutputSentence[];
  index: ContextLookup;
  /** Where the lines a block copies may be: the turn's context. */
  find: FindOptions;
  gaps: readonly ContextGap[];
  /** Entities the turn already has: a token one of them covers is judged already. */
  entities: readonly Entity[];
}

/** Findings for tokens of quoted lines that differ from the line quoted. */
export function quotedLineFindings(input: QuotedLinesInput): Entity[] {
  const { output, fences, sentences, index, find, gaps, entities } = input;
  const language = proseLanguage(proseOf(output, fences));
  if (!namesCheckable(gaps.filter((g) => !unrecordedFile(g))) || language === undefined) return [];
  const spelt = spelling(index, find.before);
  const source = sources(index, find);
  // A line a turn repeats is looked up once.
  const copies = new Map<string, Original | undefined>();
  const out: Entity[] = [];
  for (const fence of fences) {
    // An edit's old side quotes the file as it stands, whatever the turn proposes with it; its new side is new code.
    const edit = isDiff(output, fence) || isEditBlock(output, fence);
    // A block the turn introduces by the lines it shows says where it is from: what follows it speaks of the code, it does not make it new.
    const cited = !edit && citesLines(output, fence);
    if (!edit && (titledByFile(output, fence) || isProposal(output, fence, sentences) || proposedAround(output, fence, sentences, language, !cited))) continue;
    let quote: boolean | undefined = edit ? false : cited || undefined;
    for (const line of edit ? oldSideLines(output, fence) : blockLines(output, fence)) {
      const mine = lineTokens(line.text, line.start);
      const changed = loneUnspelt(output, mine, spelt);
      if (changed === undefined || covered(entities, mine[changed])) continue;
      let original = copies.get(line.text);
      if (!copies.has(line.text)) {
        // A line the agent wrote itself is weaker evidence: its own code repeats a shape with other values, so the copy must share more with it.
        const from = sharedValues(mine, changed) >= MIN_SHARED_WITH_OWN ? source : find;
        original = sharesEnough(mine, changed) ? copiedLine(output, mine, changed, index, from) : undefined;
        // Placing a line by its neighbours is weaker evidence: it holds only in a block that mostly quotes.
        if (!original && (quote ??= mostlyQuoted(output, fence, index, source))) original = copiedBetween(output, fence, line, mine, changed, index, source);
        copies.set(line.text, original);
      }
      if (original) out.push(finding(output, mine[changed], original));
    }
  }
  return out;
}

/**
 * A block the turn titles with a file's name alone (the name on the line
 * before it, or after the language in its fence: ```` ```py:app/x.py ````)
 * is that file as the turn writes it: new content, not a quote.
 */
function titledByFile(output: string, fence: Range): boolean {
  const nl = output.indexOf('\n', fence[0]);
  const info = output.slice(fence[0], nl === -1 ? fence[1] : nl).trim();
  if (/^[`~]{3,}[\w+#-]*:\S/.test(info)) return true;
  if (fence[0] === 0) return false;
  const title = output
    .slice(output.lastIndexOf('\n', fence[0] - 2) + 1, fence[0] - 1)
    .replace(/[`*:]/g, '')
    .trim();
  return /^[\w.\\/-]*[\w-]\.[A-Za-z][\w]{0,5}$/.test(title) && !/\s/.test(title);
}

/** The turn without its fenced blocks: what tells whether it is written in English is its prose, not its code. */
function proseOf(output: string, fences: readonly Range[]): string {
  let prose = '';
  let at = 0;
  for (const [s, e] of fences) {
    prose += output.slice(at, s);
    at = e;
  }
  return prose + output.slice(at);
}

/** Matches of a line examined, kept or not, when lines the agent wrote itself may hold it too. */
const EXAMINE = 200;
/** How far back in its text an edit's opening marker is looked for. */
const EDIT_REACH = 20_000;

/**
 * Where the line a block copies may stand: what grounds the turn (a file
 * read, a command's output, an edit the agent made), or a line the agent
 * wrote into a file in an earlier reply of its own (a search-and-replace
 * edit's replacement, a diff's added line), which is how a Markdown chat
 * logs its edits. The agent's other words are no evidence: code it showed
 * before may itself have been a misquote, or a line of another file.
 */
function sources(index: ContextLookup, find: FindOptions): FindOptions {
  const grounds = find.accept;
  if (grounds === undefined) return find;
  const keep = (part: number, start: number) => grounds(part) || writtenByEdit(index.partText(part), start);
  return { ...find, accept: undefined, keep, examine: EXAMINE };
}

/** Whether the line holding `at` is an added line of a diff or in the replacement of a search-and-replace edit. */
function writtenByEdit(text: string, at: number): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  if (text.charCodeAt(start) === 0x2b) return !text.startsWith('+++', start);
  // Only the text right before the line is read: a lookup examines a bounded number of matches, each at a bounded cost.
  const before = text.slice(Math.max(0, start - EDIT_REACH), start);
  const divider = before.lastIndexOf('\n=======');
  if (divider === -1 || before.lastIndexOf('\n>>>>>>>') > divider || before.lastIndexOf('\n<<<<<<<', divider) === -1) return false;
  // An edit never closed (a reply cut off by a token limit) was never applied.
  return text.slice(start, start + EDIT_REACH).includes('\n>>>>>>>');
}

/**
 * Whether a token occurs anywhere in the session but the turn itself:
 * before it (any branch, any role), or later in the file, where an agent
 * that writes the line in a later edit shows it was new code.
 */
function spelling(index: ContextLookup, before: number | undefined): (token: string) => boolean {
  const seen = new Map<string, boolean>();
  return (token) => {
    let hit = seen.get(token);
    if (hit === undefined) {
      const number = /^\d/.test(token);
      // A number is one where no digit continues it; a name is found in any case, as a part of a longer one too.
      const keep = (part: number, start: number, end: number) =>
        (before === undefined || part < before || part > before) && (!number || wholeNumber(index.partText(part), start, end));
      hit = index.find(token, { strict: false, limit: 1, examine: 200, keep }).length > 0;
      seen.set(token, hit);
    }
    return hit;
  };
}

function wholeNumber(text: string, start: number, end: number): boolean {
  return !isDigit(text.charCodeAt(start - 1)) && !isDigit(text.charCodeAt(end));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The index of the line's one candidate token nothing spelt, if exactly one
 * is: a name shaped like code, or a number of two digits or more that is
 * not a listing's line number. Two unknown tokens make a line that differs
 * in more than one place: new code, not a quote.
 */
function loneUnspelt(output: string, mine: readonly Token[], spelt: (token: string) => boolean): number | undefined {
  let found: number | undefined;
  for (let i = 0; i < mine.length; i++) {
    const t = mine[i].text;
    if (!/^[A-Za-z_$\d]/.test(t) || t.length < 2 || spelt(t)) continue;
    if (found !== undefined && mine[found].text !== t) return undefined;
    found ??= i;
  }
  if (found === undefined) return undefined;
  const t = mine[found].text;
  if (/^\d/.test(t)) return isLineNumber(output, mine, found) ? undefined : found;
  return isCodeShaped(t, mine[found + 1]?.text === '(') ? found : undefined;
}

/**
 * A listing's line number: a number leading its line, or after a path's
 * colon, and followed by a gutter (`12→`, `12:`, `src/a.ts:12:`, `12\t`).
 * A copy of a listing may count its lines from elsewhere.
 */
function isLineNumber(output: string, mine: readonly Token[], i: number): boolean {
  if (i > 0 && mine[i - 1].text !== ':') return false;
  return i === 0 || /^[:→|\t]/.test(output.slice(mine[i].end, mine[i].end + 1));
}

/**
 * Words the languages blocks hold use on line after line: a line that
 * shares only these (and punctuation) with another, `export * from './x.js';`,
 * shares its shape, not its content.
 */
// biome-ignore format: a list of words or values reads best packed
const RESERVED = new Set([
  'abstract', 'and', 'async', 'await', 'bool', 'boolean', 'break', 'case', 'catch', 'char', 'class', 'const', 'continue', 'def',
  'default', 'del', 'delete', 'elif', 'else', 'enum', 'export', 'extends', 'false', 'final', 'finally', 'float', 'for', 'from', 'func',
  'function', 'global', 'impl', 'implements', 'import', 'include', 'int', 'interface', 'lambda', 'let', 'long', 'module', 'mut',
  'namespace', 'new', 'nil', 'none', 'not', 'null', 'object', 'override', 'package', 'pass', 'private', 'protected', 'pub', 'public',
  'raise', 'readonly', 'require', 'return', 'self', 'static', 'str', 'string', 'struct', 'super', 'switch', 'this', 'throw', 'throws',
  'trait', 'true', 'try', 'type', 'undefined', 'use', 'using', 'val', 'var', 'void', 'while', 'with', 'yield',
]);

/**
 * The rest of the line, what it shares with the line it copies, says enough
 * to tell which line that is: names and numbers enough, and one name of its
 * own beyond the language's words.
 */
function sharesEnough(mine: readonly Token[], changed: number): boolean {
  let chars = 0;
  let named = false;
  mine.forEach((t, i) => {
    if (i === changed) return;
    chars += t.text.length;
    if (/^[A-Za-z_$]/.test(t.text) && t.text.length >= 3 && !RESERVED.has(t.text.toLowerCase())) named = true;
  });
  return named && sharedValues(mine, changed) >= MIN_SHARED_VALUES && chars >= MIN_SHARED_CHARS;
}

/** How many names and numbers the line has besides its changed token. */
function sharedValues(mine: readonly Token[], changed: number): number {
  let values = 0;
  mine.forEach((t, i) => {
    if (i !== changed && /^[A-Za-z_$\d]/.test(t.text)) values++;
  });
  return values;
}

function covered(entities: readonly Entity[], t: Token): boolean {
  return entities.some((e) => e.occurrences.some(([s, end]) => s < t.end && end > t.start));
}

/**
 * The context line the block line copies but for its `changed` token: found
 * by the longer side of the line around that token, and compared token by
 * token. None when no line matches, or when the matching lines hold more
 * than one value at that place (the line's shape is a template).
 */
function copiedLine(output: string, mine: readonly Token[], changed: number, index: ContextLookup, find: FindOptions): Original | undefined {
  const head = changed > 0 ? output.slice(mine[0].start, mine[changed - 1].end) : '';
  const tail = changed < mine.length - 1 ? output.slice(mine[changed + 1].start, mine[mine.length - 1].end) : '';
  const anchor = head.length >= tail.length ? head : tail;
  let original: Original | undefined;
  for (const m of index.findLast(anchor, { ...find, strict: false, limit: CANDIDATES })) {
    const other = alignedToken(index.partText(m.part), m, mine, changed);
    if (!other) continue;
    if (original && original.value !== other.value) return undefined;
    original ??= other;
  }
  return original;
}

/**
 * The context line a block line copies, placed by the lines around it: two
 * of its neighbours in the block (the lines right before and after it, or
 * the two on one side at the block's edge), each found whole, stand around
 * one line of the context, which agrees with this one but for its changed
 * token. This finds the original of a line too short to be told by its own
 * tokens (`uint256 collateralRatio;`) and of a line whose shape the context
 * repeats with other values (`await git.pull(dir);`, `await git.push(dir);`).
 * Places that disagree on the value say nothing.
 */
function copiedBetween(
  output: string,
  part: Range,
  line: { text: string; start: number },
  mine: readonly Token[],
  changed: number,
  index: ContextLookup,
  find: FindOptions,
): Original | undefined {
  const before = blockNeighbour(output, part, line.start, -1);
  const after = blockNeighbour(output, part, line.start, 1);
  // The anchor is looked up; the other neighbour is checked where it must stand in the context relative to the anchor.
  const pairs: [Neighbour | undefined, Neighbour | undefined, number][] = [
    [before, after, 2],
    [before, before && blockNeighbour(output, part, before.start, -1), -1],
    [after, after && blockNeighbour(output, part, after.start, 1), 1],
  ];
  for (const [anchor, other, step] of pairs) {
    if (!anchor || !other || !sharesEnough(lineTokens(anchor.text, 0), -1)) continue;
    const side = anchor === before ? 1 : -1;
    const back = side === 1 ? -1 : 1;
    let original: Original | undefined;
    for (const m of index.findLast(anchor.text, { ...find, strict: false, limit: NEIGHBOUR_CANDIDATES })) {
      const text = index.partText(m.part);
      if (!holdsWholeLine(text, m.start, m.end, anchor.text)) continue;
      const at = contextNeighbour(text, m.start, side);
      const check = at === undefined ? undefined : step === 2 ? contextNeighbour(text, at, side) : contextNeighbour(text, m.start, back);
      if (at === undefined || check === undefined || !holdsLine(text, check, other.text)) continue;
      const found = alignedToken(text, { part: m.part, start: at, end: at }, mine, changed);
      if (!found) continue;
      if (original && original.value !== found.value) return undefined;
      original ??= found;
    }
    if (original) return original;
  }
  return undefined;
}

/** Whether most of the block's lines (of those long enough to tell) are lines of the context, whole: a quote rather than new code that copies a few. */
function mostlyQuoted(output: string, fence: Range, index: ContextLookup, find: FindOptions): boolean {
  const lines = blockLines(output, fence).slice(0, MAX_SAMPLED_LINES);
  let found = 0;
  for (const line of lines) {
    const whole = index
      .findLast(line.text, { ...find, strict: false, limit: 4 })
      .some((m) => holdsWholeLine(index.partText(m.part), m.start, m.end, line.text));
    if (whole) found++;
  }
  return found >= MIN_QUOTED_LINES && found >= lines.length * QUOTE_SHARE;
}

interface Neighbour {
  text: string;
  start: number;
}

/** The next line of the block before (-1) or after (+1) the line starting at `at`, trimmed, blank lines skipped. */
function blockNeighbour(output: string, part: Range, at: number, side: -1 | 1): Neighbour | undefined {
  const first = output.indexOf('\n', part[0]) + 1;
  let start = output.lastIndexOf('\n', at - 1) + 1;
  for (;;) {
    if (side < 0) {
      if (start <= first) return undefined;
      start = output.lastIndexOf('\n', start - 2) + 1;
    } else {
      const nl = output.indexOf('\n', start);
      if (nl === -1 || nl + 1 >= part[1]) return undefined;
      start = nl + 1;
    }
    let end = output.indexOf('\n', start);
    if (end === -1 || end > part[1]) end = part[1];
    const text = output.slice(start, end).trim();
    if (/^[`~]{3}/.test(text)) return undefined;
    if (text !== '') return text.length <= MAX_LINE ? { text, start: start + output.slice(start, end).indexOf(text) } : undefined;
  }
}

/** Whether `[from, to)` is the whole of its context line but for a listing's gutter (`12→`, `+`) and blanks, and reads `line` in its own case. */
function holdsWholeLine(text: string, from: number, to: number, line: string): boolean {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  let end = text.indexOf('\n', to);
  if (end === -1) end = text.length;
  return (
    /^[\s\d→|:+-]*$/.test(text.slice(start, from)) &&
    text.slice(to, end).trim() === '' &&
    text.slice(from, to).replace(/\s+/g, ' ') === line.replace(/\s+/g, ' ')
  );
}

/** Whether the context line starting at `at` reads `line`, but for a listing's gutter and blanks. */
function holdsLine(text: string, at: number, line: string): boolean {
  let end = text.indexOf('\n', at);
  if (end === -1) end = text.length;
  const raw = text.slice(at, end);
  const from = raw.indexOf(line);
  return from !== -1 && holdsWholeLine(text, at + from, at + from + line.length, line);
}

/** Start of the next non-blank context line before (-1) or after (+1) the line holding offset `at`. */
function contextNeighbour(text: string, at: number, side: -1 | 1): number | undefined {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  for (let step = 0; step < MAX_BLANK_STEPS; step++) {
    if (side < 0) {
      if (start === 0) return undefined;
      start = text.lastIndexOf('\n', start - 2) + 1;
    } else {
      const nl = text.indexOf('\n', start);
      if (nl === -1) return undefined;
      start = nl + 1;
    }
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    // A listing's gutter alone (`12→`) is a blank line of the file.
    if (!/^[\s\d→|]*$/.test(text.slice(start, end))) return start;
  }
  return undefined;
}

/** The token the context line holding `m` has where the block line has its changed token, if the lines agree everywhere else (but for a gutter before, and a comma or semicolon after). */
function alignedToken(text: string, m: ContextMatch, mine: readonly Token[], changed: number): Original | undefined {
  const held = tokensOfLineAt(text, m.start, m.end, MAX_LINE * 2);
  if (!held) return undefined;
  const { line } = held;
  // A quote may leave off the comma or semicolon that ends the line it copies (a property of an object, a statement).
  const end = held.tokens[held.tokens.length - 1]?.text;
  const theirs = (end === ',' || end === ';') && mine[mine.length - 1]?.text !== end ? held.tokens.slice(0, -1) : held.tokens;
  const lead = theirs.length - mine.length;
  if (lead < 0 || lead > MAX_GUTTER_TOKENS || !theirs.slice(0, lead).every((t) => /^(?:\d+|[^\w$])$/.test(t.text))) return undefined;
  for (let i = 0; i < mine.length; i++) {
    if (i !== changed && theirs[lead + i].text !== mine[i].text) return undefined;
  }
  const token = theirs[lead + changed];
  // The same kind of token at the same place: a name for a name, a number for a number.
  if (token.text === mine[changed].text || /^\d/.test(token.text) !== /^\d/.test(mine[changed].text) || !/^[A-Za-z_$\d]/.test(token.text)) return undefined;
  return { line: line.trim(), token: { part: m.part, start: token.start, end: token.end }, value: token.text };
}

/** An edit written as search and replace: its replacement is new code. */
export function isEditBlock(output: string, fence: Range): boolean {
  const body = output.slice(fence[0], fence[1]);
  return /^(?:<{7}|>{7}|={7})/m.test(body) || /^@@ /m.test(body);
}

/**
 * The lines of an edit that quote the file as it stands: a search-and-replace
 * edit's search side (which must match the file to apply), a diff's removed
 * and unchanged lines, their marker dropped. The replacement and the added
 * lines are new code, and a diff's headers name files, not lines.
 */
function oldSideLines(output: string, fence: Range): { text: string; start: number }[] {
  const searchReplace = /^<{7}/m.test(output.slice(fence[0], fence[1]));
  let inSearch = false;
  return blockLines(output, fence, (text) => {
    if (searchReplace) {
      if (/^<{7}/.test(text)) inSearch = true;
      else if (/^(?:={7}|>{7})/.test(text)) inSearch = false;
      else if (inSearch) return 0;
      return undefined;
    }
    if (/^(?:-{3}|\+{3}) /.test(text) || !/^[- ]/.test(text)) return undefined;
    return 1;
  });
}

/**
 * A line reference in the two lines that introduce the block ("From
 * `src/a.py` lines 117-151:", "`ScoredItem` (lines 87-98)", a link to
 * `a.tsx#L110-L111`, `第138行`): the block shows those lines of a file.
 */
const LINE_CITATION = /\blines?\s+\d|#L\d|第\s*\d+(?:\s*[-–‑~]\s*\d+)?\s*行|行\s*\d/i;

function citesLines(output: string, fence: Range): boolean {
  const lead = lineBefore(output, fence[0]);
  if (lead === '') return false;
  if (LINE_CITATION.test(lead)) return true;
  const at = output.lastIndexOf(lead, fence[0]);
  return at > 0 && LINE_CITATION.test(lineBefore(output, at));
}

/**
 * The sentence right before or right after the block proposes, supposes or
 * denies: the block is not a report of what exists. In another language
 * the lines right before and after are read for that language's cues too,
 * since sentences are split by English punctuation. `readAfter` false reads
 * only what comes before the block.
 */
export function proposedAround(output: string, fence: Range, sentences: readonly OutputSentence[], language: ProseLanguage = 'en', readAfter = true): boolean {
  const next = lineAfter(output, fence[1]);
  if (
    language !== 'en' &&
    (foreignCue(lineBefore(output, fence[0]), language) || (readAfter && speaksBack(next, [0, next.length]) && foreignCue(next, language)))
  )
    return true;
  let before: OutputSentence | undefined;
  let after: OutputSentence | undefined;
  for (const s of sentences) {
    if (s.kind === 'code') continue;
    if (s.span[1] <= fence[0]) before = s;
    else if (s.span[0] >= fence[1]) {
      after = s;
      break;
    }
  }
  const near = (s: OutputSentence | undefined, gap: number) =>
    s !== undefined && gap <= NEAR && (s.kind === 'plan' || proposes(output.slice(s.span[0], s.span[1])));
  return (
    near(before, before ? gapBetween(output, before.span[1], fence[0]) : Infinity) ||
    (readAfter && after !== undefined && speaksBack(output, after.span) && near(after, gapBetween(output, fence[1], after.span[0])))
  );
}

/**
 * Whether text right after a block may speak of it: a heading opens what
 * follows, and a sentence or label ending in a colon introduces it ("You can
 * now use it like this:", "**Use cases:**").
 */
function speaksBack(output: string, span: Range): boolean {
  const lineStart = output.lastIndexOf('\n', span[0] - 1) + 1;
  return !/^\s*#/.test(output.slice(lineStart, span[0] + 1)) && !/[:：][*_\s]*$/.test(output.slice(span[0], span[1]));
}

/** The last line before `at` with anything on it. */
function lineBefore(output: string, at: number): string {
  const text = output.slice(Math.max(0, at - MAX_LINE * 2), at).trimEnd();
  return text.slice(text.lastIndexOf('\n') + 1);
}

/** The first line after `at` with anything on it (past the fence's own line). */
function lineAfter(output: string, at: number): string {
  const nl = output.indexOf('\n', at);
  if (nl === -1) return '';
  const text = output.slice(nl + 1, nl + 1 + MAX_LINE * 2).trimStart();
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

/** Characters between two offsets other than blanks and line breaks. */
function gapBetween(output: string, from: number, to: number): number {
  return output.slice(from, to).replace(/\s+/g, '').length;
}

/**
 * The block's lines, trimmed, fence lines left out. With `keep`, only the
 * lines it keeps (given each raw line), each from the offset it answers.
 */
function blockLines(output: string, fence: Range, keep?: (raw: string) => number | undefined): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let at = output.indexOf('\n', fence[0]) + 1;
  if (at === 0) return out;
  while (at < fence[1]) {
    let end = output.indexOf('\n', at);
    if (end === -1 || end > fence[1]) end = fence[1];
    const from = keep ? keep(output.slice(at, end)) : 0;
    if (from === undefined) {
      at = end + 1;
      continue;
    }
    let s = at + from;
    let e = end;
    while (s < e && isBlank(output.charCodeAt(s))) s++;
    while (e > s && isBlank(output.charCodeAt(e - 1))) e--;
    const text = output.slice(s, e);
    if (e - s >= MIN_LINE && e - s <= MAX_LINE && !/^[`~]{3}/.test(text)) out.push({ text, start: s });
    at = end + 1;
  }
  return out;
}

function finding(output: string, t: Token, original: Original): Entity {
  const text = output.slice(t.start, t.end);
  const detail = `the block quotes the line \`${shortLine(original.line)}\`, which has \`${original.value}\` here; \`${text}\` occurs nowhere in the session`;
  return misquotedToken({ ...t, text }, original.value, original.token, detail);
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}
