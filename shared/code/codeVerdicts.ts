/**
 * Verdicts for coding claims (see codeEntities.ts), replacing the plain
 * lookup's:
 *
 * - inline code is found as code: on identifier boundaries and in its own
 *   case, whole (`getInitials`, `npm run build`) or link by link for a
 *   chain (`.from`, `.select`, `.eq`);
 * - a file reference is grounded when the output could know the file (it was
 *   read, listed, searched, edited or named before), and each line it cites
 *   when a listing the output could see showed that line. A line never shown,
 *   or past the file's known end, is unverified, with what was checked in
 *   `detail`. When the sentence names an identifier that the file shows on
 *   another line and not near the cited one, the line is contradicted and
 *   the right line offered in its place.
 */
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../refine/contextLookup';
import type { OutputSentence } from '../refine/claims';
import { cleanPath, isPathChar } from './paths';
import type { FileKnowledge, LinePlace, SessionView } from './sessionView';

/** How far from a cited line an identifier the sentence names may sit and still be "at" that line. */
const NEAR_LINES = 2;
/** Matches checked per code form for case and boundaries. */
const CANDIDATES = 100;

export interface CodeSession {
  view: SessionView;
  /** Index part of a segment, or -1 when its text is not indexed. */
  partOf(segment: number): number;
}

export function codeVerdicts(
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
  sentences: readonly OutputSentence[],
  session: CodeSession | undefined,
): void {
  entities.forEach((entity, i) => {
    const code = extracted[i].code;
    if (!code) return;
    if (code.kind === 'code') judgeCode(entity, code.whole, code.links, index, find);
    else judgeFile(entity, extracted[i], code.path, code.lines, index, find, sentences, extracted, session);
  });
}

function judgeCode(entity: Entity, whole: string, links: readonly string[], index: ContextLookup, find: FindOptions): void {
  let matches = findCode(whole, index, find);
  if (matches.length === 0 && links.length > 0) {
    // Every link of the chain must be there; the first link may stand alone, the rest follow a dot.
    const perLink = links.map((link, k) => findCode(k === 0 && !whole.startsWith('.') ? link : `.${link}`, index, find));
    if (perLink.every((m) => m.length > 0)) matches = perLink.map((m) => m[0]);
  }
  setVerdict(entity, matches);
  if (matches.length > 0) return;
  // The same name in another case is this name misspelt: the context's spelling is the fix.
  const other = findCode(whole, index, find, false)[0];
  if (!other || !entity.text.includes(whole)) return;
  const spelling = index.partText(other.part).slice(other.start, other.end);
  entity.status = 'contradicted';
  entity.settled = true;
  entity.contradiction = { value: entity.text.replace(whole, spelling), match: other };
  entity.detail = `the context spells it \`${spelling}\``;
}

function judgeFile(
  entity: Entity,
  claim: ExtractedEntity,
  path: string | undefined,
  lines: readonly Range[],
  index: ContextLookup,
  find: FindOptions,
  sentences: readonly OutputSentence[],
  all: readonly ExtractedEntity[],
  session: CodeSession | undefined,
): void {
  const known = session ? (path === undefined ? [session.view.latestListed()].filter((k) => k !== undefined) : session.view.files(path)) : [];
  const named = path !== undefined ? findPath(path, index, find) : [];
  const shownName = path ?? known[0]?.name ?? 'the file';
  if (known.length === 0 && named.length === 0) {
    setVerdict(entity, [], false);
    entity.detail = `${shortName(shownName)} was never read, listed or named before this turn`;
    // Where the session shows how its agent sees files, a file it never saw is a finding, prompt or not.
    if (session) entity.settled = true;
    return;
  }
  if (lines.length === 0 || !session) {
    setVerdict(entity, named.length > 0 ? named : firstPlace(known, session), true);
    return;
  }
  const places: ContextMatch[] = [];
  const missing: number[] = [];
  for (const [from, to] of lines) {
    for (const line of from === to ? [from] : [from, to]) {
      const place = placeOf(known, line);
      if (!place) missing.push(line);
      else if (session.partOf(place.segment) !== -1) places.push(toMatch(place, session));
    }
  }
  if (missing.length > 0) {
    setVerdict(entity, [], false);
    entity.detail = missingDetail(shownName, known, missing);
    // The file's own listings are the evidence; an unlogged system prompt shows no file's lines.
    if (known.length > 0) entity.settled = true;
    return;
  }
  setVerdict(entity, places, true);
  checkNearby(entity, claim, shortName(shownName), lines, known, sentences, all, session);
}

/** The first known file's newest place (a bare path grounded only by the session's facts). */
function firstPlace(known: readonly FileKnowledge[], session: CodeSession | undefined): ContextMatch[] {
  if (!session) return [];
  for (const k of known) {
    const range = k.shownRanges()[0];
    const place = range ? k.shown(range[0]) : undefined;
    if (place) return [toMatch(place, session)].filter((m) => m.part !== -1);
  }
  // Known by a count or an edit only: no line to point at, but the file was seen.
  return [];
}

function placeOf(known: readonly FileKnowledge[], line: number): LinePlace | undefined {
  for (const k of known) {
    const place = k.shown(line);
    if (place) return place;
  }
  return undefined;
}

function missingDetail(name: string, known: readonly FileKnowledge[], missing: readonly number[]): string {
  const file = shortName(name);
  const which = missing.length === 1 ? `line ${missing[0]} was` : `lines ${missing.join(' and ')} were`;
  const count = known.map((k) => k.lineCount()).find((c) => c !== undefined);
  if (count !== undefined && missing.some((l) => l > count)) return `${file} has ${count} lines; ${which} past its end`;
  const ranges = known.flatMap((k) => k.shownRanges());
  if (ranges.length === 0) return `${file} was never shown with line numbers before this turn; ${which} never shown`;
  return `${file} was read with lines ${describeRanges(ranges)}; ${which} never shown`;
}

/** "1–97, 120–140", at most a few ranges then a count. */
function describeRanges(ranges: readonly Range[]): string {
  const shown = ranges.slice(0, 4).map(([a, b]) => (a === b ? `${a}` : `${a}\u2013${b}`));
  if (ranges.length > 4) shown.push(`${ranges.length - 4} more ranges`);
  return shown.join(', ');
}

/**
 * A line reference whose sentence names identifiers: at least one should be
 * on or near the cited lines. When none is, but one is shown on another line
 * of the same file, the cited line is contradicted by that one.
 */
function checkNearby(
  entity: Entity,
  claim: ExtractedEntity,
  file: string,
  lines: readonly Range[],
  known: readonly FileKnowledge[],
  sentences: readonly OutputSentence[],
  all: readonly ExtractedEntity[],
  session: CodeSession,
): void {
  const sentence = sentences.find((s) => s.span[0] <= claim.span[0] && claim.span[1] <= s.span[1]);
  if (!sentence) return;
  const names = namedIdentifiers(all, claim, sentence.span);
  if (names.length === 0) return;
  let elsewhere: { name: string; line: number; place: LinePlace } | undefined;
  for (const name of names) {
    for (const k of known) {
      const hits = k.linesWith(name);
      if (hits.some((h) => lines.some(([a, b]) => h.line >= a - NEAR_LINES && h.line <= b + NEAR_LINES))) return;
      if (!elsewhere && hits.length > 0) {
        const target = lines[0][0];
        const nearest = hits.reduce((x, y) => (Math.abs(y.line - target) < Math.abs(x.line - target) ? y : x));
        elsewhere = { name, ...nearest };
      }
    }
  }
  if (!elsewhere) return;
  const single = lines.length === 1 && lines[0][0] === lines[0][1];
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  const cited = single ? `line ${lines[0][0]}` : `lines ${describeRanges(lines)}`;
  entity.detail = `\`${elsewhere.name}\` is on line ${elsewhere.line} of ${file}, not near ${cited}`;
  const value = single ? withLine(entity.text, lines[0][0], elsewhere.line) : undefined;
  entity.settled = true;
  const match = toMatch(elsewhere.place, session);
  if (value === undefined || match.part === -1) {
    entity.status = 'unverified';
    return;
  }
  entity.status = 'contradicted';
  entity.contradiction = { value, match, slot: elsewhere.name };
}

/** Identifiers the sentence names besides file references: inline code and code-shaped names. */
function namedIdentifiers(all: readonly ExtractedEntity[], self: ExtractedEntity, span: Range): string[] {
  const names: string[] = [];
  for (const e of all) {
    if (e === self || e.code?.kind === 'file') continue;
    if (!e.occurrences.some((o) => o[0] >= span[0] && o[1] <= span[1])) continue;
    const candidates = e.code?.kind === 'code' ? [e.code.whole, ...e.code.links] : e.type === 'identifier' ? [e.text] : [];
    for (const c of candidates) {
      const name = c.replace(/^\./, '');
      if (/^[A-Za-z_$][\w$]{2,}$/.test(name) && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** `AppSidebar.tsx:46` with 46 replaced by 52; undefined when the line does not appear once as a number. */
function withLine(text: string, from: number, to: number): string | undefined {
  const re = new RegExp(`(?<![0-9])${from}(?![0-9])`, 'g');
  const hits = text.match(re);
  if (!hits || hits.length !== 1) return undefined;
  return text.replace(re, String(to));
}

function toMatch(place: LinePlace, session: CodeSession): ContextMatch {
  return { part: session.partOf(place.segment), start: place.start, end: place.end };
}

/** The last two parts of a long path, enough to name it in a message. */
function shortName(path: string): string {
  const parts = cleanPath(path).split('/');
  return parts.length > 3 ? `…/${parts.slice(-2).join('/')}` : cleanPath(path);
}

/**
 * A path's occurrences in the context: the path without `./` or a leading
 * `/` (a project-relative `/src/a.ts`), not inside a longer name.
 */
function findPath(path: string, index: ContextLookup, find: FindOptions): ContextMatch[] {
  const forms = [cleanPath(path)];
  const relative = forms[0].replace(/^\/+/, '');
  if (relative !== forms[0] && relative.includes('/')) forms.push(relative);
  for (const form of forms) {
    const found = index.find(form, { ...find, limit: CANDIDATES }).filter((m) => {
      const text = index.partText(m.part);
      return !isPathChar(text.charCodeAt(m.end)) && (m.start === 0 || !isPathChar(text.charCodeAt(m.start - 1)) || text[m.start - 1] === '/');
    });
    if (found.length > 0) return found;
  }
  return [];
}

/** Matches of a code form on identifier boundaries and, unless told otherwise, in its own case. */
function findCode(form: string, index: ContextLookup, find: FindOptions, sameCase = true): ContextMatch[] {
  if (form.length === 0) return [];
  const folded = form.replace(/\s+/g, ' ');
  return index.find(form, { ...find, limit: CANDIDATES }).filter((m) => {
    const text = index.partText(m.part);
    const found = text.slice(m.start, m.end);
    if (sameCase && found !== form && found.replace(/\s+/g, ' ') !== folded) return false;
    return !(isIdentChar(form.charCodeAt(0)) && isIdentChar(text.charCodeAt(m.start - 1))) && !(isIdentChar(form.charCodeAt(form.length - 1)) && isIdentChar(text.charCodeAt(m.end)));
  });
}

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function setVerdict(entity: Entity, matches: ContextMatch[], found = matches.length > 0): void {
  entity.found = found;
  entity.status = entity.found ? 'grounded' : 'unverified';
  entity.matches = matches;
  entity.locations = matches.map((m): Range => [m.start, m.end]);
}

