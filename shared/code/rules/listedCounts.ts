/**
 * "4 tasks (T013–T016)", "2 question types (single_select, multi_select)",
 * "5 data tables: Provider Summary, Model Utilization, …": a count followed
 * by the very things it counts, a range of ids or a list of names. The list
 * says what the count counts, so a figure that does not number it is wrong
 * one way or the other; the count is flagged, with the list's own number.
 *
 * Only a list that plainly names every item is read: items separated by
 * commas (an `and` or `or` before the last), each a name (a code span, a
 * token such as `single_select` or `C1`, a title of a few capitalised
 * words), none a figure of its own ("3 files (2 new, 1 changed)"), none
 * saying the list is partial ("e.g.", "including", "etc."). Phrases
 * ("structure build, JS behavior") and lists after a count of tests ("30
 * tests: parser, CLI") may name groups of what is counted, so they are not
 * read. A range counts only ids with a prefix (`T013–T016`) or named as ids
 * ("IDs 8-18"); "lines 10-20" counts lines, not the things before it. A
 * figure after a label ("Phase 5") counts nothing. A count the session
 * printed beside its noun stays grounded: the list may name only some.
 *
 * A list on the lines below is read only when the count heads it ("####
 * Components (33 files):") and it is numbered from 1 without a gap, one name
 * per item: the agent's own numbering says how many it wrote out. A list
 * that stops far short of its count is a selection ("the main ones"), so
 * only one within a few of the count is read, and nothing that says it is
 * partial, on the heading or on the line after the list.
 *
 * Every read is of a bounded slice after the figure, so the cost is linear
 * in the output.
 */
import type { Entity, ExtractedEntity } from '../../classifier/types';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { CodeSession } from './codeVerdicts';
import { besideItsNoun } from './countClaims';
import { isRough } from './fileLengths';

/** Characters after the figure read for its noun and its list. */
const LIST_REACH = 300;
/** Fewest and most items a list is read for: one item is no list, and a long one is seldom written out whole. */
const MIN_ITEMS = 2;
const MAX_ITEMS = 30;
/** Most ids a range is read for: a wider one is more likely a span of numbers than of things counted. */
const MAX_RANGE = 200;
/** Longest item, in characters and words: longer ones are sentences, whose commas need not separate items. */
const MAX_ITEM_CHARS = 48;
const MAX_ITEM_WORDS = 5;
/** Characters before the figure read for a word that labels it. */
const LABEL_REACH = 12;

/** The figure's noun: up to two words before it ("data tables", "new test cards"), plural, with emphasis marks around. */
const NOUN = /^\**\s((?:[A-Za-z][\w-]* ){0,2})([A-Za-z][\w-]*s)\b\**/;
/** What opens the list right after the noun: a bracket, a colon, or a bracket after a one-word place ("to CardData.txt (IDs 8-18)"). */
const OPENER = /^[ \t]*(?:(\()|(:)[ \t]|(?:to|in|into|from|under) [^\s()]+ \()/;
/** Words that make the figure a label ("Phase 5", "US 2", "#3"), not a count. */
const LABEL_BEFORE = /(?:\b(?:phase|step|stage|part|section|chapter|round|tier|version|level|task|item|line|page|issue|pr|sprint|day|week|us|no)\.?|#)\s*$/i;
/** Words that cannot stand between a figure and its noun: "5 for mid-session adjustments" does not count adjustments. */
const NOT_ADJECTIVES = new Set(['for', 'to', 'of', 'in', 'on', 'at', 'by', 'with', 'from', 'and', 'or', 'the', 'a', 'an', 'per', 'each', 'than', 'into']);
/** One name: a code span, a token without spaces (`single_select`, `C1`, `a.ts`), or a title of a few capitalised words ("Provider Summary"). */
const NAME = /^(?:`[^`]+`|\S+|[A-Z][\w.-]*(?: [A-Z][\w.-]*){0,3})$/;
/** Nouns of tests: a list after them names what the tests cover more often than the tests ("30 tests: firmware mapping, CLI"). */
const TEST_NOUN = /(?:tests|specs|cases|checks|assertions)$/i;
/** Words that make a list partial or not one of names. */
const PARTIAL = /\b(?:e\.g|i\.e|etc|including|incl|such as|like|plus|among|others|more|mostly|mainly|especially|for example|see)\b|…|\.\.\./i;
/**
 * What closes a heading's count right before the numbered list below it: an
 * optional bracket and emphasis, a colon, the line's end.
 */
const HEADING_END = /^[ \t]*\)?(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*\r?\n/;
/** One numbered item: its number, and its text up to a separator before a description ("1. `a.ts` — parser"). */
const NUMBERED_ITEM = /^[ \t]{0,3}(\d{1,3})[.)][ \t]+(.*)$/;
/** Where an item's name ends and its description starts: one space, then a dash, a colon or a bracket (one space, so a long run of spaces is read once). */
const DESCRIPTION = /\s[-–—:(]/;
/** How far short of (or past) its count a numbered list may stop and still be read as the whole list. */
const NUMBERED_SLACK = 3;
/** Most items a numbered list is read for: its lines are each read once. */
const MAX_NUMBERED = 200;
/** Words on the heading's line that make what follows a selection ("Key components (33 files):"). */
const SELECTION = /\b(?:key|main|notable|important|top|some|selected|highlights?|examples?|sample|major|core|primary)\b/i;
/** A range of ids: `T013–T016`, `US-1–US-4`, or plain numbers named as ids (`IDs 8-18`). */
const ID_RANGE = /^(ids? )?([a-z]{1,4}-?)?(\d{1,6}) ?[–—-] ?([a-z]{1,4}-?)?(\d{1,6})$/i;

/** Judges counts followed by a list or range of what they count. */
export function listedCounts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  session: CodeSession | undefined,
  index: ContextLookup,
): void {
  entities.forEach((entity, i) => {
    if (entity.type !== 'number' || entity.status === 'contradicted' || extracted[i].code) return;
    const digits = /^\d{1,4}(?![\d.,:/])/.exec(output.slice(entity.span[0], entity.span[1] + 1));
    if (!digits || isRough(output, entity.span)) return;
    const n = Number(digits[0]);
    const figureEnd = entity.span[0] + digits[0].length;
    const after = output.slice(figureEnd, Math.min(output.length, figureEnd + LIST_REACH));
    const noun = NOUN.exec(after);
    if (n < MIN_ITEMS || !noun || LABEL_BEFORE.test(output.slice(Math.max(0, entity.span[0] - LABEL_REACH), entity.span[0]))) return;
    if (noun[1].split(' ').some((w) => NOT_ADJECTIVES.has(w.toLowerCase()))) return;
    const rest = after.slice(noun[0].length);
    const listed = itemsAfter(rest, TEST_NOUN.test(noun[2])) ?? numberedBelow(output, figureEnd + noun[0].length, n, headingLine(output, entity.span[0]));
    if (listed === undefined || listed.count === n) return;
    if (entity.found && session && besideItsNoun(entity, noun[2].toLowerCase(), index, session)) return;
    entity.found = false;
    entity.status = 'unverified';
    entity.matches = [];
    entity.locations = [];
    entity.settled = true;
    entity.rule = 'listed-counts';
    entity.detail = `the ${listed.range ? 'range' : 'list'} after it names ${listed.count}: ${listed.text}`;
  });
}

/** The items the text right after a count's noun lists, when it lists them plainly. */
function itemsAfter(rest: string, ofTests: boolean): { count: number; text: string; range: boolean } | undefined {
  const open = OPENER.exec(rest);
  if (!open) return undefined;
  const body = rest.slice(open[0].length);
  const colon = open[2] !== undefined;
  const end = colon ? listEnd(body) : body.indexOf(')');
  if (end <= 0) return undefined;
  const text = body.slice(0, end).trim().replace(/[*`]+/g, '');
  if (!colon && (text.includes('(') || text.includes('\n'))) return undefined;
  const range = ID_RANGE.exec(text);
  if (range) {
    const [, named, prefix, from, otherPrefix, to] = range;
    // Plain numbers are ids only when the bracket says so; two prefixes must be the same one.
    if (!named && !prefix) return undefined;
    if (otherPrefix !== undefined && prefix !== undefined && otherPrefix.toLowerCase() !== prefix.toLowerCase()) return undefined;
    const count = Number(to) - Number(from) + 1;
    return count >= MIN_ITEMS && count <= MAX_RANGE ? { count, text, range: true } : undefined;
  }
  if (ofTests || PARTIAL.test(text)) return undefined;
  const items = listItems(text);
  // Only names are the things counted themselves; phrases ("firmware mapping, CLI utils") may be groups of them.
  if (!items || !items.every((item) => NAME.test(item))) return undefined;
  return items.length >= MIN_ITEMS && items.length <= MAX_ITEMS ? { count: items.length, text, range: false } : undefined;
}

/** The text of the line holding `at`, up to `at`. */
function headingLine(output: string, at: number): string {
  return output.slice(output.lastIndexOf('\n', at - 1) + 1, at);
}

/**
 * The numbered list on the lines after a heading's count ("Components (33
 * files):" then "1. a.jsx" … "32. z.jsx"), when it numbers names from 1
 * without a gap and stops within NUMBERED_SLACK of `n`.
 */
function numberedBelow(output: string, from: number, n: number, heading: string): { count: number; text: string; range: boolean } | undefined {
  if (SELECTION.test(heading) || PARTIAL.test(heading)) return undefined;
  const head = HEADING_END.exec(output.slice(from, from + 16));
  if (!head) return undefined;
  let at = from + head[0].length;
  let count = 0;
  let first = '';
  let last = '';
  while (at < output.length && count < MAX_NUMBERED) {
    const nl = output.indexOf('\n', at);
    const lineEnd = nl < 0 ? output.length : nl;
    const item = NUMBERED_ITEM.exec(output.slice(at, lineEnd).replace(/\r$/, ''));
    if (!item) {
      // The line after the list may say it is partial ("… and 12 more").
      if (PARTIAL.test(output.slice(at, lineEnd))) return undefined;
      break;
    }
    if (Number(item[1]) !== count + 1) return undefined;
    const name = item[2]
      .split(DESCRIPTION)[0]
      .replace(/[*_]{2}/g, '')
      .trim();
    if (name === '' || !NAME.test(name) || /^\d/.test(name) || PARTIAL.test(item[2])) return undefined;
    count++;
    if (count === 1) first = name;
    last = name;
    at = lineEnd + 1;
  }
  if (count < MIN_ITEMS || count === MAX_NUMBERED || Math.abs(count - n) > NUMBERED_SLACK) return undefined;
  return { count, text: `1. ${first} … ${count}. ${last}`, range: false };
}

/** Where a list after a colon ends: its line's end, or a full stop followed by a space. */
function listEnd(body: string): number {
  const line = body.indexOf('\n');
  const stop = body.search(/\.(?:\s|$)/);
  const ends = [line, stop, body.length].filter((e) => e >= 0);
  return Math.min(...ends);
}

/** The items of a comma-separated list, or undefined when one could be two or is no name. */
function listItems(text: string): string[] | undefined {
  const parts = text.split(/\s*[,;]\s*/);
  const last = parts.length - 1;
  parts[last] = parts[last].replace(/^(?:and|or|&) /i, '');
  // "A, B and C": the last `and` joins two items; an `and` anywhere else may be inside one.
  const joined = / (?:and|or|&) /i;
  for (let k = 0; k < last; k++) if (joined.test(parts[k])) return undefined;
  const tail = parts[last].split(joined);
  if (tail.length > 2) return undefined;
  const items = [...parts.slice(0, last), ...tail].map((p) => p.trim());
  for (const item of items) {
    if (item === '' || item.length > MAX_ITEM_CHARS || /^\d/.test(item) || item.split(/\s+/).length > MAX_ITEM_WORDS) return undefined;
  }
  return items;
}
