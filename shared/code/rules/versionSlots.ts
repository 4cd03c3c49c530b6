/**
 * Versions and ports are slots: "Next.js 14" claims the slot `next`'s
 * version, which the context fills with `next@15.5.2` or `"next": "^15.5.2"`;
 * "Node 18" the slot `node`, which `node -v` filled with `v20.11.0`; "port
 * 3000" the slot `port`, which `PORT=3001` filled. A claim that agrees with
 * the context's value (14 with 14.2.3) is grounded by it; one that does not
 * is contradicted, with the context's value, written with as many parts as
 * the claim, as its fix.
 *
 * Each claim costs a lookup of each spelling of the name, and of its
 * `name@`-style keys where the name occurs; nothing scans the context.
 */
import { ruleEntity } from '../../classifier/ruleEntity';
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../../classifier/types';
import { RangeSet } from '../../refine/rangeSet';
import { type OutputSentence, sentenceIndexAt } from '../../refine/claims';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { CodeSession } from './codeVerdicts';
import { writtenAsNumber } from './hostPorts';
import { ReportBlocks } from './reportBlocks';

/** How a context writes a name's version right after the name. */
// biome-ignore format: a list of words or values reads best packed
const VERSION_KEYS = ['@', '": "', '":"', '": "^', '": "~', '":"^', '":"~', '==', '>=', '~=', '@^', '@~', ' = "', ' = "^', ' = "~', ' (', ' (v', ' v', ' version ', '/v', ': ', ' '];
/** How each range is written before its floor, for the finding's detail. */
const RANGE_SIGNS: Record<VersionRange, string> = { caret: '^', tilde: '~', floor: '>=', compatible: '~=' };
/** Keys that give a range rather than one version: the version after them is its floor. */
// biome-ignore format: a list of words or values reads best packed
const RANGE_KEYS: Record<string, VersionRange> = {
  '": "^': 'caret', '":"^': 'caret', '@^': 'caret', ' = "^': 'caret',
  '": "~': 'tilde', '":"~': 'tilde', '@~': 'tilde', ' = "~': 'tilde',
  '>=': 'floor', '~=': 'compatible',
  // Cargo.toml's `serde = "1.0.3"` is the caret range ^1.0.3.
  ' = "': 'caret',
};
/** How a context writes a port. */
const PORT_KEYS = ['port=', 'port: ', 'port:', '"port": ', 'port ', '--port ', '--port=', 'localhost:', '127.0.0.1:', '0.0.0.0:'];
/** Matches read per key. */
const CANDIDATES = 50;
/** Matches of a name read, at most, for those followed by a version in prose. */
const EXAMINED = 1000;
/** Names before a number that number a document's parts or an agent's steps, not a product. */
// biome-ignore format: a list of words or values reads best packed
export const NUMBERING: ReadonlySet<string> = new Set([
  'task', 'tasks', 'requirement', 'req', 'rule', 'story', 'clause', 'article', 'note', 'fig', 'eq', 'equation', 'appendix',
  'point', 'paragraph', 'question', 'exercise', 'problem', 'lemma', 'theorem', 'definition', 'criterion', 'criteria', 'fr',
  'nfr', 'ac', 'us', 'sec', 'ch', 'ex', 'no', 'nr', 'number', 'id', 'ref', 'see', 'per', 'via', 'ip', 'address', 'host',
]);
/** Words before a number that name a position or a count, not a product with a version. */
// biome-ignore format: a list of words or values reads best packed
export const NOT_PRODUCTS: ReadonlySet<string> = new Set([
  'line', 'lines', 'step', 'phase', 'page', 'chapter', 'section', 'item', 'items', 'issue', 'pr', 'version', 'v', 'and',
  'or', 'to', 'of', 'in', 'on', 'at', 'the', 'a', 'an', 'from', 'with', 'by', 'for', 'is', 'was', 'are', 'were', 'be',
  'about', 'over', 'under', 'than', 'only', 'all', 'top', 'last', 'first', 'next', 'option', 'stage', 'level', 'row',
  'column', 'col', 'test', 'tests', 'case', 'part', 'figure', 'table', 'round', 'day', 'week', 'month', 'year', 'q',
]);

export function versionVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession | undefined,
): void {
  entities.forEach((entity, i) => {
    if (entity.type !== 'number' || extracted[i].code || entity.status === 'contradicted') return;
    const claim = slotClaim(output, entity.span[0]);
    if (claim) settleVersion(entity, claim, slotValues(claim, index, find, session), index, find, output);
  });
}

/**
 * Versions of three or four parts (`Vite 5.4.10`, `rp2040-hal v0.11.2`) that
 * number extraction leaves alone, as it does every dotted run: in a claim
 * sentence of a coding session, after a product the context gives a version
 * for, each is an entity of this rule, grounded or contradicted. One that
 * the context has no version for, or whose range it falls in, is none.
 */
export function dottedVersionClaims(
  output: string,
  sentences: readonly OutputSentence[],
  entities: readonly Entity[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession | undefined,
  fences: readonly Range[] = [],
): Entity[] {
  const out: Entity[] = [];
  const taken = new RangeSet(entities.map((e) => e.span));
  const reports = new ReportBlocks(output, fences, sentences);
  const known = new Map<string, SlotValue[]>();
  // Linear: every match succeeds where it starts (the repetition may be empty), so nothing is retried.
  const runs = /\d+(?:\.\d+)*/g;
  for (let m = runs.exec(output); m; m = runs.exec(output)) {
    const start = m.index;
    const end = start + m[0].length;
    const parts = m[0].split('.').length;
    // Number extraction leaves a `v`-marked version (`Pydantic v2`) alone as it does dotted runs.
    const marked = output[start - 1] === 'v' && output[start - 2] === ' ';
    if ((parts < 3 && !marked) || parts > 4 || !standsAlone(output, start, end) || taken.overlaps(start, end)) continue;
    const sentence = sentenceIndexAt(sentences, start);
    const kind = sentence === undefined ? undefined : sentences[sentence].kind;
    if (kind !== 'claim' && !(kind === 'code' && reports.holds(start, end))) continue;
    // A `v`-marked whole number needs a product's name as a plain number does (`file v8` is no product's version).
    const claim = slotClaim(output, start, parts >= 3);
    if (!claim || claim.slot === 'port') continue;
    const span: Range = [start, end];
    const entity = ruleEntity(m[0], 'number', span, 'version-slots');
    // A turn that lists one package's version many times looks its slot up once.
    const key = [claim.slot, ...(claim.alternatives ?? [])].join(' ');
    let values = known.get(key);
    if (!values) known.set(key, (values = slotValues(claim, index, find, session)));
    if (settleVersion(entity, claim, values, index, find, output)) out.push(entity);
  }
  return out;
}

function slotValues(claim: SlotClaim, index: ContextLookup, find: FindOptions, session: CodeSession | undefined): SlotValue[] {
  if (claim.slot === 'port') return portValues(index, find);
  for (const slot of [claim.slot, ...(claim.alternatives ?? [])]) {
    const values = [...versionValues(slot, index, find), ...printedVersions(slot, session)];
    if (values.length > 0) return values;
  }
  return [];
}

/**
 * `name` and up to two capitalised words right before it, each one space
 * apart (`React Router` before `DOM`); `name` alone when it is not
 * capitalised itself. `nameStart` is where `name` starts in `output`.
 */
function capitalisedWordsBefore(output: string, nameStart: number, name: string): string[] {
  const words = [name];
  if (!/^[A-Z]/.test(name)) return words;
  let p = nameStart;
  while (words.length < 3 && output[p - 1] === ' ') {
    let s = p - 1;
    while (s > 0 && /[A-Za-z]/.test(output[s - 1])) s--;
    const word = output.slice(s, p - 1);
    if (!/^[A-Z][A-Za-z]+$/.test(word) || NOT_PRODUCTS.has(word.toLowerCase())) break;
    words.unshift(word);
    p = s;
  }
  return words;
}

/**
 * Grounds or contradicts `entity` by the context's values for its slot, or
 * finds it unverified when the context writes that slot's values only
 * otherwise; false when they say none of these.
 */
function settleVersion(entity: Entity, claim: SlotClaim, values: readonly SlotValue[], index: ContextLookup, find: FindOptions, output: string): boolean {
  if (claim.floor || values.some((v) => agrees(claim.value, v.value))) return settleGiven(entity, claim, values);
  if (values.some((v) => v.range !== undefined && withinRange(claim.value, v.value, v.range, v.below))) return false;
  const written = claim.slot === 'port' ? { own: [], any: [], spans: [] } : writtenVersions(claim, index, find);
  // The context writes the claimed version after the name in a form the slot's values do not read (`pydantic_v1`): which of its versions is meant cannot be told.
  if (written?.any.some((v) => spells(v, claim.value)) || written?.spans.some((span) => withinSpan(claim.value, span))) return false;
  // A `v`-marked whole number is read by this rule alone: with no sure read of the name's versions, or named beside another (`Pydantic v1/v2`), it is left unjudged.
  if (claim.marked && (written === undefined || claim.several)) return false;
  return settleGiven(entity, claim, values) || (written !== undefined && settleNever(entity, claim, values, written, index, find, output));
}

/** Grounds or contradicts `entity` by the context's values for its slot; false when they say neither. */
function settleGiven(entity: Entity, claim: SlotClaim, values: readonly SlotValue[]): boolean {
  if (values.length === 0) return false;
  // "Next.js 13+" claims a floor: a version at or above it agrees; below it, or only ranges, say nothing sure.
  const agreeing = claim.floor
    ? values.find((v) => v.range === undefined && compareVersions(v.value.split('.').map(Number), claim.value.split('.').map(Number)) >= 0)
    : values.find((v) => agrees(claim.value, v.value));
  if (!agreeing && claim.floor) return false;
  // A range (`^5.4.8`) says which versions may be installed, not which is, and the session may show the installed one in a form not read here (pip's `textual-8.0.1`): one inside it gets no verdict.
  if (!agreeing && values.some((v) => v.range !== undefined && withinRange(claim.value, v.value, v.range, v.below))) return false;
  const firm = values.filter((v) => !v.loose);
  if (!agreeing && firm.length === 0) return false;
  entity.settled = true;
  if (agreeing) {
    entity.found = true;
    entity.status = 'grounded';
    entity.matches = [agreeing.match];
    entity.locations = [[agreeing.match.start, agreeing.match.end]];
    return true;
  }
  if (claim.slot === 'port' && new Set(values.map((v) => v.value)).size > 1) return false;
  // A product the context gives several versions of (a test matrix, an upgrade, two interpreters): which one the claim speaks of cannot be told.
  if (values.some((v) => v.several) || new Set(firm.map((v) => truncated(v.value, claim.value))).size > 1) return false;
  const other = firm[firm.length - 1];
  const replacement = truncated(other.value, claim.value);
  const at = entity.text.indexOf(claim.value);
  if (at === -1) return false;
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.status = 'contradicted';
  entity.contradiction = {
    value: entity.text.slice(0, at) + replacement + entity.text.slice(at + claim.value.length),
    match: other.match,
    slot: claim.display,
  };
  entity.detail = `the context gives ${claim.display} ${other.range ? RANGE_SIGNS[other.range] : ''}${other.value}`;
  return true;
}

/**
 * A claim no value of the context agrees with, for a slot the context does
 * fill: unverified when nothing in the context writes the claimed value for
 * that slot in any form. A port is so when the context gives the local
 * machine several ports and never writes the claimed one as a number; a
 * version when the context writes the product's name with other versions
 * after it (`Vue 3`, `python3.12`, `postgres:15`), never one the claim
 * agrees with, and a dotted claim's digits stand as a version nowhere
 * (`3.14` in a list of supported versions may be the one meant). Left
 * unsettled: gaps that hide what the agent read still excuse it.
 */
function settleNever(
  entity: Entity,
  claim: SlotClaim,
  values: readonly SlotValue[],
  written: WrittenVersions,
  index: ContextLookup,
  find: FindOptions,
  output: string,
): boolean {
  if (claim.slot === 'port') {
    const ports = [...new Set(values.map((v) => v.value))];
    if (ports.length < 2 || writtenAsNumber(claim.value, index, find)) return false;
    return neverWritten(entity, `the context gives the ports ${listed(ports)}, never ${claim.value}`);
  }
  const all = [...values.map((v) => v.value), ...written.own];
  if (all.length === 0 || CODE_NAMES.has(claim.slot)) return false;
  // A dotted claim is judged by its digits; a whole number only by the name's one version, and not in a list (`Priority 1, 2`).
  if (
    claim.value.includes('.')
      ? versionSpelt(claim.value, index, find)
      : claim.several || (!claim.marked && (!oneWholeVersion(all) || numbersName(output, claim)))
  )
    return false;
  return neverWritten(entity, `the context gives ${claim.display} ${listed([...new Set(all)])}, never ${claim.value}`);
}

/** The turn writes the claim's name with another whole number too (`Priority 1`, `Priority 2`): its numbers number items. */
function numbersName(output: string, claim: SlotClaim): boolean {
  const key = `${claim.display} `;
  for (let at = output.indexOf(key); at !== -1; at = output.indexOf(key, at + 1)) {
    const n = /^v?(\d+)(?![\d.])/.exec(output.slice(at + key.length, at + key.length + 8))?.[1];
    if (n !== undefined && n !== claim.value) return true;
  }
  return false;
}

/** Names a whole number follows as a code or a status, not as a version: `HTTP 503`. */
const CODE_NAMES: ReadonlySet<string> = new Set(['http', 'https', 'status', 'error', 'exit', 'code']);

/**
 * A name the context writes with one whole number, again and again (`Vue 3`,
 * `Python 3` and `python3.10`), names that thing's version; one written with
 * a number once, or with several (`Priority 1`, `Priority 2`), may number
 * items or ranks, so a claim of another whole number says nothing sure.
 */
function oneWholeVersion(written: readonly string[]): boolean {
  return written.length >= 2 && new Set(written.map((v) => v.split('.')[0])).size === 1;
}

function neverWritten(entity: Entity, detail: string): boolean {
  entity.found = false;
  entity.status = 'unverified';
  entity.matches = [];
  entity.locations = [];
  entity.rule = 'version-slots';
  entity.detail = detail;
  return true;
}

/** Up to four values, the rest counted. */
function listed(values: readonly string[]): string {
  return values.length <= 4 ? values.join(', ') : `${values.slice(0, 4).join(', ')} and ${values.length - 4} more`;
}

/** Matches of a product's name read, at most, for the versions written after it; a name met more often is not judged. */
const WRITTEN_EXAMINED = 1000;

/**
 * How a version may follow a product's name, read loosely: directly
 * (`python3.12`), after a space, `v`, `_` (`pydantic_v1`), `@`, a pin, a colon (`postgres:15`),
 * a slash (`Python/3.11.14`), a hyphen or a manifest's `": "^`. Anchored and
 * bounded: read on a short slice after each name.
 */
const AFTER_NAME = /^(?:[ \t_]?[vV]|[ \t_]|@[\^~]?|[=~>]=[ \t]?|:[ \t]?|\/|-|"[ \t]?:[ \t]?"[\^~]?)?(\d{1,4}(?:\.\d{1,4}){0,3})/;

/**
 * The versions the context writes right after the product's name, in any
 * of the forms a manifest, a command's output or prose use; undefined when
 * the name is met too often to read every place.
 */
function writtenVersions(claim: SlotClaim, index: ContextLookup, find: FindOptions): WrittenVersions | undefined {
  const out: WrittenVersions = { own: [], any: [], spans: [] };
  const slots = [claim.slot, ...(claim.alternatives ?? [])];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i];
    for (const name of slot === 'node' ? ['node', 'node.js', 'nodejs'] : [slot, `${slot}.js`, `${slot}js`]) {
      const matches = index.find(name, { ...find, limit: WRITTEN_EXAMINED });
      if (matches.length >= WRITTEN_EXAMINED) return undefined;
      for (const m of matches) {
        const text = index.partText(m.part);
        // `test_pydantic_v1` names the version as `pydantic_v1` does; `@types/node` or `my-vue` is another name.
        if (m.start > 0 && /[A-Za-z0-9@/.-]/.test(text[m.start - 1])) continue;
        if (!asAName(text.slice(m.start, m.end), claim.display)) continue;
        const after = text.slice(m.end, m.end + 32);
        const v = AFTER_NAME.exec(after);
        if (!v) continue;
        const next = after.slice(v[0].length);
        // A share (`Python 100.0%`), a longer dotted run, or a count of what follows (`Node 2 instances`) is no version.
        if (/^(?:%|\d|\.\d)/.test(next) || (!v[1].includes('.') && /^ [a-z]{3,}s\b/.test(next))) continue;
        out.any.push(v[1]);
        const to = SPAN_END.exec(next)?.[1];
        if (to !== undefined) out.spans.push([v[1], to]);
        // The words joined into a package name are the product's, not the last word alone (`css` of "Tailwind CSS").
        if (i < 2) out.own.push(v[1]);
      }
    }
  }
  return out;
}

interface WrittenVersions {
  /** Versions written after the product's own name. */
  own: string[];
  /** Those and the versions written after any name the slot may go by. */
  any: string[];
  /** Spans of versions written after any of those names (`3.9 through 3.12`), first and last. */
  spans: [string, string][];
}

/** The end of a span of versions: `3.9 through 3.12`, `3.10–3.14`. */
const SPAN_END = /^\s?(?:[-–—]|through|thru|to|until)\s?v?(\d{1,4}(?:\.\d{1,4}){0,3})/;

/** Whether `claimed` lies in the span from `first` to `last`, both included. */
function withinSpan(claimed: string, [first, last]: readonly [string, string]): boolean {
  const c = claimed.split('.').map(Number);
  return compareVersions(c, first.split('.').map(Number)) >= 0 && compareVersions(c, last.split('.').map(Number)) <= 0;
}

/** Written as a name is (`vue`, `Vue`, `VUE`, or as the claim writes it), not inside an identifier's mixed case (`VuE4`). */
function asAName(seen: string, display: string): boolean {
  const tail = seen.slice(1);
  return seen === display || tail === tail.toLowerCase() || seen === seen.toUpperCase();
}

/** Matches of a dotted value read before deciding it stands as a version nowhere. */
const SPELT_EXAMINED = 400;

/** Whether the context writes `value` as a version of its own, or as the start of a longer one it agrees with (`3.11` in `3.11.4`), not inside a longer number (`13.11`, `3.110`). */
function versionSpelt(value: string, index: ContextLookup, find: FindOptions): boolean {
  const matches = index.find(value, { ...find, strict: false, limit: SPELT_EXAMINED });
  if (matches.length >= SPELT_EXAMINED) return true;
  return matches.some((m) => {
    const text = index.partText(m.part);
    const before = text[m.start - 1] ?? ' ';
    return !/\d/.test(before) && !(before === '.' && /\d/.test(text[m.start - 2] ?? '')) && !/\d/.test(text[m.end] ?? ' ');
  });
}

/** Not part of a longer token: no word character or point runs on (`1.2.3.4.5`, `a1.2.3`, `1.2.3-beta`), but `v1.2.3` may lead. */
export function standsAlone(output: string, start: number, end: number): boolean {
  const before = output[start - 1];
  const lead = before === 'v' ? output[start - 2] : before;
  if (lead !== undefined && /[\w.\-/]/.test(lead)) return false;
  const after = output[end];
  if (after === undefined) return true;
  if (after === '.' || after === '-' || after === '+') return !/[\w]/.test(output[end + 1] ?? '');
  return !/\w/.test(after);
}

interface SlotClaim {
  /** Normalized slot name (`next`, `node`, `port`). */
  slot: string;
  /** The claim is a floor (`13+`, `3.11 or later`), met by any version at or above it. */
  floor?: true;
  /** Other names the slot may go by, tried in order when the context gives none for `slot` (`tailwindcss` for "Tailwind CSS"). */
  alternatives?: string[];
  /** How the output names it. */
  display: string;
  /** The claimed value as written (`14`, `3.11`). */
  value: string;
  /** Written with a `v` (`Pydantic v2`): a version, not a count or a rank. */
  marked?: true;
  /** Written in a span or list of versions (`v1/v2`, `3.11 and 3.12`): the claim speaks of several. */
  several?: true;
}

/** The product or `port` named just before a number at `start` (`Next.js 14`, `Node v18`, `port 3000`). */
function slotClaim(output: string, start: number, dotted = false): SlotClaim | undefined {
  const before = output.slice(Math.max(0, start - 40), start);
  const display = nameBefore(before);
  if (display === undefined) return undefined;
  const value = /^\d+(?:\.\d+){0,3}/.exec(output.slice(start, start + 24))?.[0];
  if (!value) return undefined;
  const lower = display.toLowerCase();
  if (lower === 'port') return { slot: 'port', display, value };
  const marked = {
    ...(output[start - 1] === 'v' ? { marked: true as const } : {}),
    ...(inList(output, start, start + value.length) ? { several: true as const } : {}),
  };
  // "TypeScript 52.3%" is a share of something, not a version.
  if (output[start + value.length] === '%') return undefined;
  if (countsWhatFollows(output, start, value)) return undefined;
  if (NOT_PRODUCTS.has(lower) || NUMBERING.has(lower)) return undefined;
  // A product is a capitalised name or a package name (`Next.js`, `Node`, `react`), not a plain word; a dotted version (`tinybmp 0.5.0`) says so itself.
  if (!dotted && !/^[A-Z]/.test(display) && !/[.@/-]/.test(display) && !output.slice(Math.max(0, start - 42), start).includes('`')) return undefined;
  // "React Router DOM 6.26" names the package react-router-dom: capitalised words before the name join into it.
  const words = capitalisedWordsBefore(output, Math.max(0, start - 40) + before.lastIndexOf(display), display);
  if (words.length > 1) {
    const joined = words.map((w) => w.toLowerCase());
    return {
      slot: joined.join('-'),
      display: words.join(' '),
      value,
      alternatives: [joined.join(''), slotName(lower)],
      ...marked,
      ...floorAfter(output, start + value.length),
    };
  }
  return { slot: slotName(lower), display, value, ...marked, ...floorAfter(output, start + value.length) };
}

/**
 * "26 files", "12 pages": a whole number right before a plural noun counts
 * that noun; a version is its product's, not a quantity of what follows. A
 * `v` before it (`Pydantic v2 models`) or a point in it says version.
 */
function countsWhatFollows(output: string, start: number, value: string): boolean {
  if (value.includes('.') || output[start - 1] === 'v') return false;
  const word = /^ ([a-z]+)\b/.exec(output.slice(start + value.length, start + value.length + 40))?.[1];
  return word !== undefined && word.length > 3 && word.endsWith('s') && !word.endsWith('ss');
}

/** Whether the version at `[start, end)` opens or continues a span or list of versions (`v1/v2`, `3.9 through 3.12`, `3.11, 3.12`). */
function inList(output: string, start: number, end: number): boolean {
  const mark = output[start - 1] === 'v' ? start - 1 : start;
  return SEVERAL_AFTER.test(output.slice(end, end + 12)) || LIST_BEFORE.test(output.slice(Math.max(0, mark - 12), mark));
}

/** What leads into a version from another in a span or list: `3.9–`, `v1/`, `3.11 and `. */
const LIST_BEFORE = /\d\s?(?:[-–—/,&|]\s?|\s(?:through|to|and|or|until|thru)\s)$/;

/** `13+`, `3.11 or later`, `18 and up`: the claim is a floor, not a version. */
function floorAfter(output: string, end: number): { floor?: true } {
  return FLOOR.test(output.slice(end, end + 16)) ? { floor: true } : {};
}

const FLOOR = /^(?:\+|\.x\+| or (?:later|newer|higher|above)| and (?:up|above|later|newer))/;

/**
 * The name a number follows: `Next.js 14`, `Node v18`, ``react` 18``,
 * `next@15`. What `/([A-Za-z][\w.+-]*[A-Za-z0-9+])`?[ \t]+v?$/` or else
 * `/…@$/` would capture, read backwards from the end: every number of an
 * output asks, and the regex tries each of the 40 start positions.
 */
export function nameBefore(before: string): string | undefined {
  let e = before.length;
  if (before[e - 1] === '@') return nameEndingAt(before, e - 1);
  if (before[e - 1] === 'v') e--;
  const spaced = e;
  // Spaces on the number's own line only: a name ending one line is not the product of a number opening the next.
  while (e > 0 && (before[e - 1] === ' ' || before[e - 1] === '\t')) e--;
  if (e === spaced) return undefined;
  if (before[e - 1] === '`') e--;
  return nameEndingAt(before, e);
}

/** The longest `[A-Za-z][\w.+-]*[A-Za-z0-9+]` ending just before `end`. */
function nameEndingAt(text: string, end: number): string | undefined {
  if (end < 2 || !/[A-Za-z0-9+]/.test(text[end - 1])) return undefined;
  let k = end - 1;
  while (k > 0 && /[\w.+-]/.test(text[k - 1])) k--;
  for (let i = k; i <= end - 2; i++) if (/[A-Za-z]/.test(text[i])) return text.slice(i, end);
  return undefined;
}

/** `Next.js` → `next`, `Node.js` → `node`, `nodejs` → `node`. */
function slotName(lower: string): string {
  return lower.replace(/\.?js$/, '') || lower;
}

type VersionRange = 'caret' | 'tilde' | 'floor' | 'compatible';

interface SlotValue {
  value: string;
  match: ContextMatch;
  /** The value is the floor of a range (`^5.4.8`, `>=3.11`), not a version. */
  range?: VersionRange;
  /** The version a floor's range stops below (`>=3.2,<4`). */
  below?: string;
  /** The value opens a span or list of versions (`Python 3.9 through 3.12`): the context speaks of several. */
  several?: true;
  /**
   * A whole number after the name and a space, bracket or colon (`Priority 1`,
   * `Tier: 2`): as likely a rank, count or label as a version, so it may
   * ground a claim that agrees but never contradicts one.
   */
  loose?: true;
}

/**
 * Whether a number written after a name and a space reads as that name's
 * one version: it has a point (`22.04`, `16.0.0`), is not a measure with a
 * tenths place of nought (`FOV 35.0`), and opens no span or list (such a
 * span is kept apart, as a sign the context speaks of several versions).
 */
function proseVersion(value: string, after: string): boolean {
  const parts = value.split('.');
  if (parts.length < 2 || (parts.length === 2 && /^0+$/.test(parts[1]))) return false;
  return !SEVERAL_AFTER.test(after) && !OPEN_AFTER.test(after);
}

/** What continues a version into a span or list of versions: `3.9 through 3.12`, `3.10–3.14`, `3.11/3.12`, `3.11, 3.12`. */
const SEVERAL_AFTER = /^(?:\s?[-–—/,&|]\s?v?\d|\s(?:through|to|and|or|until|thru)\sv?\d)/;
/** What makes a version a floor or a family, not one version: `3.10+`, `3.x`, `3.10 or later`. */
const OPEN_AFTER = /^(?:\+|\.x|\s(?:or|and)\s(?:later|newer|above|higher|up)\b)/;

/** Keys that write any number after a name, not only a version. */
const LOOSE_KEYS: ReadonlySet<string> = new Set([' (', ': ']);

/** Versions the context gives for `slot`, in context order. */
function versionValues(slot: string, index: ContextLookup, find: FindOptions): SlotValue[] {
  const out: SlotValue[] = [];
  for (const name of slot === 'node' ? ['node', 'node.js', 'nodejs'] : [slot, `${slot}.js`, `${slot}js`]) {
    // Every key is looked up after the name: a context that never names it holds none of them.
    if (index.find(name, { ...find, limit: 1 }).length === 0) continue;
    for (const key of VERSION_KEYS) {
      // A name is written far more often than it is followed by its version in prose: only those matches are kept, from a bounded read.
      const prose = key === ' ' ? { keep: (part: number, _s: number, end: number) => digitAfterSpace(index.partText(part), end), examine: EXAMINED } : {};
      for (const m of index.find(`${name}${key}`, { ...find, limit: CANDIDATES, ...prose })) {
        const text = index.partText(m.part);
        // `@types/node@20`: the name must start its token.
        if (m.start > 0 && /[\w@/.-]/.test(text[m.start - 1])) continue;
        // The lookup ends the match of `name ` before its space (`ubuntu ` matches `Ubuntu`): the space is read here.
        const from = key === ' ' ? spaceAfter(text, m.end) : m.end;
        if (from === undefined) continue;
        const v = /^v?(\d+(?:\.\d+){0,3})/.exec(text.slice(from, from + 24));
        if (!v) continue;
        const start = from + v[0].length - v[1].length;
        // A language's share of a repository (`Python 100.0%`) is no version.
        if (text[start + v[1].length] === '%') continue;
        // Prose (`Ubuntu 22.04`, `▲ Next.js 16.0.0`) names a version only with a point in it, and one that opens a span or list (`Python 3.9 through 3.12`) is not the only version meant.
        if (key === ' ') {
          const after = text.slice(start + v[1].length, start + v[1].length + 10);
          if (SEVERAL_AFTER.test(after)) out.push({ value: v[1], match: { part: m.part, start, end: start + v[1].length }, loose: true, several: true });
          if (!proseVersion(v[1], after)) continue;
        }
        const range = RANGE_KEYS[key];
        const loose = LOOSE_KEYS.has(key) && !v[1].includes('.');
        // `Django>=3.2,<4`: a floor with a ceiling.
        const below = range === 'floor' ? CEILING.exec(text.slice(start + v[1].length, start + v[1].length + 24))?.[1] : undefined;
        out.push({
          value: v[1],
          match: { part: m.part, start, end: start + v[1].length },
          ...(range ? { range } : {}),
          ...(loose ? { loose } : {}),
          ...(below ? { below } : {}),
        });
      }
    }
  }
  return out.sort((a, b) => a.match.part - b.match.part || a.match.start - b.match.start);
}

/** A ceiling after a floor: `,<4`, `, <4.0`. */
const CEILING = /^\s?,\s?<\s?(\d+(?:\.\d+){0,3})/;

/** Whether a space or tab, then a digit (or `v` and a digit), follows `at`. */
function digitAfterSpace(text: string, at: number): boolean {
  const from = spaceAfter(text, at);
  return from !== undefined && /^v?\d/.test(text.slice(from, from + 2));
}

/** Where the text after one space or tab at `at` starts, if one is there (or the match already took it). */
function spaceAfter(text: string, at: number): number | undefined {
  if (text[at - 1] === ' ' || text[at - 1] === '\t') return at;
  return text[at] === ' ' || text[at] === '\t' ? at + 1 : undefined;
}

/** What `node -v` and the like printed, for the slot they name. */
function printedVersions(slot: string, session: CodeSession | undefined): SlotValue[] {
  if (!session) return [];
  const out: SlotValue[] = [];
  for (const v of session.view.versions(slot)) {
    const part = session.partOf(v.segment);
    if (part !== -1) out.push({ value: v.value, match: { part, start: v.start, end: v.end } });
  }
  return out;
}

/** Ports the context gives (`PORT=3001`, `--port 3001`, `localhost:3001`). */
function portValues(index: ContextLookup, find: FindOptions): SlotValue[] {
  const out: SlotValue[] = [];
  for (const key of PORT_KEYS) {
    for (const m of index.find(key, { ...find, limit: CANDIDATES })) {
      const text = index.partText(m.part);
      if (key.startsWith('port') && m.start > 0 && /[A-Za-z]/.test(text[m.start - 1]) && text[m.start - 1] !== '_') continue;
      // The lookup may end the match of a key before its trailing space (`port: `): the space is read here.
      const from = key.endsWith(' ') ? (spaceAfter(text, m.end) ?? m.end) : m.end;
      const v = /^(\d{2,5})(?!\d)/.exec(text.slice(from, from + 8));
      if (v) out.push({ value: v[1], match: { part: m.part, start: from, end: from + v[1].length } });
    }
  }
  return out.sort((a, b) => a.match.part - b.match.part || a.match.start - b.match.start);
}

/** `3.11.4` spells the claim `3.11`; `3` does not spell `3.11`, though it agrees with it. */
function spells(written: string, claimed: string): boolean {
  return written.split('.').length >= claimed.split('.').length && agrees(claimed, written);
}

/** `14` agrees with `14.2.3`; `3.11` with `3.11.4`; `3.1` not with `3.11`. */
function agrees(claimed: string, given: string): boolean {
  const c = claimed.split('.');
  const g = given.split('.');
  return c.length <= g.length ? c.every((p, i) => Number(p) === Number(g[i])) : g.every((p, i) => Number(p) === Number(c[i]));
}

/**
 * Whether `claimed` lies in the range whose floor is `floor`: `^5.4.8` holds
 * 5.x at or above 5.4.8 (0.y.z only 0.y), `~5.4.8` 5.4.x, `~=3.11` 3.x,
 * `>=3.11` anything at or above, `>=3.2,<4` anything from 3.2 below 4.
 */
function withinRange(claimed: string, floor: string, range: VersionRange, below?: string): boolean {
  const c = claimed.split('.').map(Number);
  const f = floor.split('.').map(Number);
  if (compareVersions(c, f) < 0 && !agrees(claimed, floor)) return false;
  if (range === 'floor') return below === undefined || compareVersions(c, below.split('.').map(Number)) < 0;
  const fixed = range === 'tilde' ? Math.min(2, f.length) : range === 'compatible' ? Math.max(1, f.length - 1) : f[0] === 0 ? 2 : 1;
  for (let i = 0; i < fixed && i < c.length; i++) if (c[i] !== f[i]) return false;
  return true;
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** `15.5.2` written like `14` is `15`; like `3.11` it is `15.5`. */
function truncated(given: string, like: string): string {
  return given.split('.').slice(0, like.split('.').length).join('.');
}
