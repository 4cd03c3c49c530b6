/**
 * Verdicts for coding claims (see codeEntities.ts), replacing the plain
 * lookup's:
 *
 * - inline code is found as code: on identifier boundaries and in its own
 *   case, whole (`getInitials`, `npm run build`) or link by link for a
 *   chain (`.from`, `.select`, `.eq`);
 * - a file reference is grounded when the output could know the file (it was
 *   read, listed, searched, edited or named before), and each line it cites
 *   when a listing the output could see showed that line. A line never shown
 *   is unverified (file-lines), and one past the most lines the file can
 *   have is too (past-file-end), with what was checked in `detail`. When the
 *   sentence names an identifier that the file shows on another line and not
 *   near the cited one, the line is contradicted and the right line offered
 *   in its place.
 */
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../../classifier/types';
import { defineLazyMatches } from '../../lookup/lookupEntities';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { OutputSentence } from '../../refine/claims';
import { cleanPath, isPathChar, pathNames, type FileKnowledge, type LinePlace, type SessionView } from '../facts';
import { ALL_RULES_ON, type RuleSwitch } from '../../classifier/rules';
import { movedLine } from './movedLines';
import { repeatedLine } from './repeatedLines';

/** How far from a cited line an identifier the sentence names may sit and still be "at" that line. */
const NEAR_LINES = 2;
/** Matches checked per code form for case and boundaries. */
const CANDIDATES = 100;

export interface CodeSession {
  view: SessionView;
  /**
   * The session logs its tool calls, so what the agent read is known: a line
   * it never saw is a finding whatever else the log omits. Without them
   * (a chat history), file facts can only ground.
   */
  toolsLogged: boolean;
  /** Index part of a segment, or -1 when its text is not indexed. */
  partOf(segment: number): number;
  /** Whether an index part is what a tool returned (a command's output, a file read), not a message. */
  isToolOutput?(part: number): boolean;
  /** The segment an index part holds. */
  segmentOf?(part: number): number;
  /** Whether a segment came before the output on its branch: the agent's own earlier turns too, which lookups leave out. */
  isEarlier?(segment: number): boolean;
  /** A segment's text as it grounds (what a match's offsets count in). */
  text(segment: number): string;
}

export function codeVerdicts(
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
  sentences: readonly OutputSentence[],
  session: CodeSession | undefined,
  on: RuleSwitch = ALL_RULES_ON,
): void {
  entities.forEach((entity, i) => {
    const code = extracted[i].code;
    if (!code) return;
    // The rule deciding a code claim is its kind's, unless a finer rule below names itself.
    entity.rule = code.kind === 'code' ? 'inline-code' : 'file-lines';
    if (code.kind === 'code') judgeCode(entity, code.whole, code.links, index, find, quotesCheckable(session), on);
    // Lines of one of two files: neither file's lines can judge them.
    else if (code.unsure) return;
    else judgeFile(entity, extracted[i], code.path, code.lines, index, find, sentences, extracted, session, on);
  });
}

/**
 * Whether a near-miss of quoted code is evidence: the context holds what the
 * agent read (a document, or a log with tool results). Where file contents
 * were never logged, the line quoted is elsewhere and a similar line in the
 * context proves nothing.
 */
export function quotesCheckable(session: CodeSession | undefined): boolean {
  return !session || session.toolsLogged;
}

function judgeCode(
  entity: Entity,
  whole: string,
  links: readonly string[],
  index: ContextLookup,
  find: FindOptions,
  nearMisses: boolean,
  on: RuleSwitch,
): void {
  if (findCode(whole, index, find, true, 1).length > 0) {
    groundLazily(entity, (limit) => findCode(whole, index, find, true, limit));
    return;
  }
  let matches: ContextMatch[] = [];
  if (links.length > 0) {
    // Every link of the chain must be there; the first link may stand alone, the rest follow a dot.
    const perLink = links.map((link, k) => findCode(k === 0 && !whole.startsWith('.') ? link : `.${link}`, index, find, true, 1));
    if (perLink.every((m) => m.length > 0)) matches = perLink.map((m) => m[0]);
  }
  setVerdict(entity, matches);
  if (matches.length > 0 || !nearMisses) return;
  // Several words of code quote a line, or propose one: whether they are a claim is the near-quote rule's to say.
  if (/\s/.test(whole) && !on('near-quotes')) {
    entity.rule = 'near-quotes';
    return;
  }
  if (on('near-quotes') && nearQuote(entity, whole, index, find)) return;
  if (!on('code-case')) return;
  // The same name in another case is this name misspelt: the context's spelling is the fix.
  const other = findCode(whole, index, find, false, 1)[0];
  if (!other || !entity.text.includes(whole)) return;
  const spelling = index.partText(other.part).slice(other.start, other.end);
  entity.rule = 'code-case';
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
  on: RuleSwitch,
): void {
  // `src/app.ts:1` links to the file (editors and agents write it so); it says nothing about line 1.
  if (lines.length === 1 && lines[0][0] === 1 && lines[0][1] === 1) lines = [];
  const known = session ? (path === undefined ? [session.view.latestListed()].filter((k) => k !== undefined) : session.view.files(path)) : [];
  // Whether the path is named; its places are read when first asked for.
  const named = path !== undefined ? findPath(path, index, find, 1) : [];
  const shownName = path ?? known[0]?.name ?? 'the file';
  const attached = path !== undefined && session !== undefined && session.view.unloggedAttachments().some((a) => pathNames(a, path) || pathNames(path, a));
  if (known.length === 0 && named.length === 0) {
    setVerdict(entity, [], false);
    if (attached) {
      // The prompt carried the file, the log does not: nothing about it can be checked.
      entity.detail = attachedDetail(shownName, path!);
      return;
    }
    // A name the end of a file's name repeats may shorten it (`entity.ts:116` for `user.entity.ts`): which file it means cannot be told.
    const longer = path !== undefined && session !== undefined ? session.view.filesShortenedTo(path) : [];
    if (longer.length > 0) {
      entity.detail = `no file named ${shortName(shownName)} was read, listed or named before this turn; it may shorten ${shortName(longer[0].name)}`;
      return;
    }
    // The same path with its separators typed otherwise (`src/a.core.py` for `src/a/core.py`) means that file, misspelt.
    const respelt = path !== undefined && session !== undefined ? session.view.filesRespelt(path) : [];
    if (respelt.length > 0) {
      entity.detail = `no file named ${shortName(shownName)} was read, listed or named before this turn; it may be ${shortName(respelt[0].name)} misspelt`;
      // Which lines of that file it cites is the misspelt file's to say, and the name's absence is no invention: no verdict.
      entity.status = 'indeterminate';
      return;
    }
    entity.detail = `${shortName(shownName)} was never read, listed or named before this turn`;
    // Citing lines of a file the agent never saw is a finding, prompt or not; a bare path may name a file it is about to create.
    if (session?.toolsLogged && lines.length > 0 && on('file-lines')) entity.settled = true;
    return;
  }
  if (lines.length === 0 || !session) {
    if (named.length > 0) groundLazily(entity, (limit) => findPath(path!, index, find, limit));
    else setVerdict(entity, firstPlace(known, session));
    return;
  }
  const places: ContextMatch[] = [];
  const missing: number[] = [];
  // Ends of ranges whose first line was shown: where a function or block that starts on a line the agent saw ends.
  const extentEnds: number[] = [];
  for (const [from, to] of lines) {
    for (const line of from === to ? [from] : [from, to]) {
      const place = placeOf(known, line);
      if (!place) {
        missing.push(line);
        const start = line === to && from !== to ? placeOf(known, from) : undefined;
        if (start && shownSinceEdited(known, start)) extentEnds.push(line);
      } else if (session.partOf(place.segment) !== -1) places.push(toMatch(place, session));
    }
  }
  if (missing.length > 0 && missing.length === extentEnds.length && !pastTheEnd(known, missing)) {
    // A range from a line the agent saw to one it did not is the extent of what starts there, worked out from a search
    // hit or a definition: where it ends was never shown, so whether it is right cannot be told. No verdict.
    setVerdict(entity, [], false);
    entity.status = 'indeterminate';
    entity.detail = `${missingDetail(shownName, known, missing)}; each range starts on a line that was shown, so it may give the extent of what starts there`;
    return;
  }
  if (missing.length > 0 && attached) {
    // The prompt carried the file, the log does not: its lines cannot be checked.
    setVerdict(entity, [], false);
    entity.detail = attachedDetail(shownName, path!);
    return;
  }
  if (missing.length > 0) {
    setVerdict(entity, [], false);
    entity.detail = missingDetail(shownName, known, missing);
    // The file's own listings are the evidence; an unlogged system prompt shows no file's lines.
    // An edit after the last listing may have moved its lines: where they are now was never shown, so only a line past
    // the most the file can have grown to is surely wrong.
    const notThere = (k: FileKnowledge) => !k.editedSinceShown() || isPastMostLines(k, missing);
    if (known.length > 0 && session.toolsLogged && known.every(notThere)) {
      entity.settled = true;
      // Past the most lines the file can have, the line is known not to exist: evidence, unlike a line never shown.
      if (known.every((k) => isPastMostLines(k, missing))) entity.rule = 'past-file-end';
    }
    return;
  }
  setVerdict(entity, places);
  if (on('repeated-lines') && checkRepeated(entity, shortName(shownName), lines, known, index, find, session)) return;
  if (on('moved-lines') && checkMoved(entity, claim, shortName(shownName), lines, known, sentences, all, session)) return;
  if (on('line-identifiers')) checkNearby(entity, claim, shortName(shownName), lines, known, sentences, all, session);
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

function attachedDetail(name: string, path: string): string {
  return `${shortName(name)} was attached to the prompt (@${path}); its content is not in the log`;
}

/** Whether `place` shows the file as it stands: no edit of it came after the listing. An edit may have moved what starts there. */
function shownSinceEdited(known: readonly FileKnowledge[], place: LinePlace): boolean {
  return known.every((k) => {
    const edit = k.latestEdit();
    return edit === undefined || place.segment >= edit;
  });
}

/** Whether every line lies past the most lines the file can have now: its last count and what the edits since could add. */
function isPastMostLines(k: FileKnowledge, missing: readonly number[]): boolean {
  const most = k.mostLines();
  return most !== undefined && missing.every((line) => line > most);
}

/** Whether a line lies past the end of the file as the session last counted it. */
function pastTheEnd(known: readonly FileKnowledge[], missing: readonly number[]): boolean {
  const count = known.map((k) => k.lineCount()).find((c) => c !== undefined);
  return count !== undefined && missing.some((l) => l > count);
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
  const sentence = sentenceAround(sentences, claim);
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
  const found = elsewhere;
  settleLines(
    entity,
    'line-identifiers',
    lines,
    session,
    found.name,
    found,
    (cited) => `\`${found.name}\` is on line ${found.line} of ${file}, not near ${cited}`,
  );
}

/**
 * A line reference the sentence cites for a name, made stale by an edit
 * since the listing that showed it (see movedLines.ts). Only a sentence
 * with this one line reference says which lines its names are on; beside
 * others, only the lines it cites say which name it was cited for.
 */
function checkMoved(
  entity: Entity,
  claim: ExtractedEntity,
  file: string,
  lines: readonly Range[],
  known: readonly FileKnowledge[],
  sentences: readonly OutputSentence[],
  all: readonly ExtractedEntity[],
  session: CodeSession,
): boolean {
  const sentence = sentenceAround(sentences, claim);
  if (!sentence) return false;
  const inSentence = (e: ExtractedEntity) => e.occurrences.some((o) => o[0] >= sentence.span[0] && o[1] <= sentence.span[1]);
  // With other line references beside it, which names this one is cited for is not told: only lines that held one of them
  // before the edit, and hold none now, say it.
  const sole = !all.some((e) => e !== claim && e.code?.kind === 'file' && e.code.lines.length > 0 && inSentence(e));
  // Every name the sentence gives, short ones too; the ones long enough to search for are read from it.
  const allNames = namedIdentifiers(all, claim, sentence.span, 1);
  const moved = movedLine(
    lines,
    allNames.filter((n) => n.length >= MIN_NAME_LENGTH),
    known,
    sole,
    allNames,
  );
  if (!moved) return false;
  const { name, now } = moved;
  settleLines(entity, 'moved-lines', lines, session, name, now, (cited) =>
    now
      ? now.followed
        ? `\`${name}\` is at line ${now.line} of ${file} once the agent's edit moved the lines shown before it; not near ${cited}`
        : `\`${name}\` is at line ${now.line} of ${file} as last shown, after the agent's edit; not near ${cited}`
      : `${file} was edited since it showed \`${name}\` at ${cited}; as shown after the edit, those lines no longer hold it`,
  );
  return true;
}

/**
 * A line reference the session wrote before the agent's edits moved what it
 * pointed at, written again (see repeatedLines.ts).
 */
function checkRepeated(
  entity: Entity,
  file: string,
  lines: readonly Range[],
  known: readonly FileKnowledge[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession,
): boolean {
  const { segmentOf, isEarlier } = session;
  if (!segmentOf || !isEarlier) return false;
  const reference = entity.text.replace(/^`+|`+$/g, '');
  // The agent's own earlier turns count: a reference it wrote itself is the one it repeats.
  const firstWritten = () => {
    const accept = (part: number) => isEarlier(segmentOf(part));
    const hit = index.find(reference, { strict: true, limit: 1, accept, ...(find.before !== undefined ? { before: find.before } : {}) })[0];
    return hit ? segmentOf(hit.part) : undefined;
  };
  const repeated = repeatedLine(lines, known, firstWritten);
  if (!repeated) return false;
  const { text, now } = repeated;
  settleLines(entity, 'repeated-lines', lines, session, text, now, (cited) => {
    const shift = now.line - lines[0][0];
    return `${cited} of ${file} held \`${clip(text)}\` when this reference was first written; the agent's edits since moved it ${Math.abs(shift)} line${Math.abs(shift) === 1 ? '' : 's'} ${shift > 0 ? 'down' : 'up'}, to line ${now.line}`;
  });
  return true;
}

/** A line's text short enough for a message. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Names shorter than this (`cm`, `x`) are too common to say where a line is. */
const MIN_NAME_LENGTH = 3;

/** The sentence that holds the claim. */
function sentenceAround(sentences: readonly OutputSentence[], claim: ExtractedEntity): OutputSentence | undefined {
  return sentences.find((s) => s.span[0] <= claim.span[0] && claim.span[1] <= s.span[1]);
}

/**
 * Settles a line reference a rule found wrong: contradicted by the line
 * where `name` is (`at`) when the reference cites one line it can be
 * rewritten to and that place is in the context, else unverified.
 */
function settleLines(
  entity: Entity,
  rule: 'line-identifiers' | 'moved-lines' | 'repeated-lines',
  lines: readonly Range[],
  session: CodeSession,
  name: string,
  at: { line: number; place: LinePlace } | undefined,
  detail: (cited: string) => string,
): void {
  const single = lines.length === 1 && lines[0][0] === lines[0][1];
  entity.rule = rule;
  entity.found = false;
  entity.matches = [];
  entity.locations = [];
  entity.settled = true;
  entity.status = 'unverified';
  entity.detail = detail(single ? `line ${lines[0][0]}` : `lines ${describeRanges(lines)}`);
  if (!at) return;
  const value = single ? withLine(entity.text, lines[0][0], at.line) : undefined;
  const match = toMatch(at.place, session);
  if (value === undefined || match.part === -1) return;
  entity.status = 'contradicted';
  entity.contradiction = { value, match, slot: name };
}

/** Identifiers the sentence names besides file references: inline code and code-shaped names, of at least `least` characters. */
function namedIdentifiers(all: readonly ExtractedEntity[], self: ExtractedEntity, span: Range, least = MIN_NAME_LENGTH): string[] {
  const names: string[] = [];
  for (const e of all) {
    if (e === self || e.code?.kind === 'file') continue;
    if (!e.occurrences.some((o) => o[0] >= span[0] && o[1] <= span[1])) continue;
    const candidates = e.code?.kind === 'code' ? [e.code.whole, ...e.code.links] : e.type === 'identifier' ? [e.text] : [];
    for (const c of candidates) {
      const name = c.replace(/^\./, '');
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name.length >= least && !names.includes(name)) names.push(name);
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
 * `/` (a project-relative `/src/a.ts`), or with a Windows drive's
 * backslashes, not inside a longer name. Brackets around it (`(c:/app)`,
 * `[src/a.ts]`) wrap it rather than belong to it, and a `/` after it makes
 * it a folder of the path written there, which names it too.
 */
function findPath(path: string, index: ContextLookup, find: FindOptions, limit?: number): ContextMatch[] {
  const forms = [cleanPath(path)];
  const relative = forms[0].replace(/^\/+/, '');
  if (relative !== forms[0] && relative.includes('/')) forms.push(relative);
  if (/^[A-Za-z]:\//.test(forms[0])) forms.push(forms[0].replace(/\//g, '\\'));
  const keep = (part: number, start: number, end: number): boolean => {
    const text = index.partText(part);
    const after = text.charCodeAt(end);
    const before = text.charCodeAt(start - 1);
    return (
      (!isPathChar(after) || after === SLASH || after === BACKSLASH || CLOSING.includes(after)) &&
      (start === 0 || !isPathChar(before) || before === SLASH || OPENING.includes(before))
    );
  };
  for (const form of forms) {
    const found = index.findLast(form, { ...find, examine: CANDIDATES, keep, limit }).reverse();
    if (found.length > 0) return found;
  }
  return [];
}

const SLASH = 47;
const BACKSLASH = 92;
/** `(` and `[`, `)` and `]`: path characters inside a route folder's name (`(admin)`, `[slug]`), wrappers outside one. */
const OPENING = [40, 91];
const CLOSING = [41, 93];

/** Inline code shorter than this many tokens is a name, not a quoted line. */
const QUOTED_TOKENS = 4;
/** A context line is the one quoted when it keeps this share of the span's tokens. */
const QUOTE_SHARE = 0.6;
/** Context lines tried per anchor name. */
const ANCHOR_MATCHES = 20;

/**
 * Inline code that quotes a line of the context with a change
 * (`` `factorial(n: i64) -> Result<u32, MathError>` `` where the code says
 * `Result<u64, MathError>`): the context line holding its longest names and
 * most of its tokens is the one quoted, and the tokens that differ are
 * contradicted by that line's. True when such a line was found.
 */
function nearQuote(entity: Entity, whole: string, index: ContextLookup, find: FindOptions): boolean {
  // Only a span of several words quotes a line; a name or a chain is looked up as such.
  if (!/\s/.test(whole)) return false;
  const mine = codeTokens(whole);
  if (mine.length < QUOTED_TOKENS) return false;
  const anchors = [...new Set(mine.filter((t) => /^[A-Za-z_$][\w$]{3,}$/.test(t)))].sort((a, b) => b.length - a.length).slice(0, 2);
  let best: { line: string; start: number; part: number; shared: number } | undefined;
  for (const anchor of anchors) {
    for (const m of findCode(anchor, index, find, true, ANCHOR_MATCHES)) {
      const text = index.partText(m.part);
      const from = text.lastIndexOf('\n', m.start) + 1;
      const nl = text.indexOf('\n', m.end);
      const line = text.slice(from, nl === -1 ? text.length : nl);
      const shared = sharedTokens(mine, codeTokens(line));
      if (!best || shared > best.shared) best = { line, start: from, part: m.part, shared };
    }
  }
  if (!best || best.shared < QUOTE_SHARE * mine.length) return false;
  entity.rule = 'near-quotes';
  const theirs = codeTokens(best.line);
  if (best.shared === mine.length) {
    // Every token is the line's, in order: the span quotes it leaving parts out (`flatten<T>` for `flatten<T: Clone>`).
    const at = positionOfToken(best.line, theirs, theirs.indexOf(mine[0]));
    const start = best.start + Math.max(0, at);
    setVerdict(entity, [{ part: best.part, start, end: start + best.line.trim().length }]);
    return true;
  }
  // The first token of the span that the quoted line lacks, and the line's token in its place.
  const diff = firstDifference(mine, theirs);
  const detail = `the context's line reads \`${best.line.trim().slice(0, 80)}\``;
  // A changed name, value, string or operator; brackets and separators only shape the line.
  const at = diff && !/^[()[\]{},;]$/.test(diff.mine) ? positionOfToken(best.line, theirs, diff.theirsIndex) : -1;
  if (!diff || at === -1 || !entity.text.includes(diff.mine)) {
    // The span adds to the line it quotes (`-> Result<bool>` for `-> bool`): no single token to put back.
    entity.status = 'unverified';
    entity.settled = true;
    entity.detail = detail;
    return true;
  }
  entity.status = 'contradicted';
  entity.settled = true;
  entity.contradiction = {
    value: entity.text.replace(diff.mine, diff.theirs),
    match: { part: best.part, start: best.start + at, end: best.start + at + diff.theirs.length },
  };
  entity.detail = detail;
  return true;
}

const CODE_TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\S/g;

function codeTokens(text: string): string[] {
  return text.match(CODE_TOKEN) ?? [];
}

/** How many of `a`'s tokens `b` has, in order (a longest common subsequence; both are one line). */
function sharedTokens(a: readonly string[], b: readonly string[]): number {
  if (a.length * b.length > 40_000) return 0;
  let prev = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const row = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], row[j - 1]);
    prev = row;
  }
  return prev[b.length];
}

/**
 * The first token of `mine` left out of the two lists' longest common
 * subsequence, and the token of `theirs` in the same gap of the alignment
 * (`u32` against `u64`); undefined when the gap on their side is empty.
 */
function firstDifference(mine: readonly string[], theirs: readonly string[]): { mine: string; theirs: string; theirsIndex: number } | undefined {
  const n = mine.length;
  const m = theirs.length;
  const lcs: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = mine[i] === theirs[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  let i = 0;
  let j = 0;
  // Their tokens before the span's first token are the line around the quote.
  const first = theirs.indexOf(mine[0]);
  if (first > 0) j = first;
  while (i < n && j < m) {
    if (mine[i] === theirs[j]) {
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      // mine[i] is not in the common part. If their token here is not either, one replaces the other;
      // if theirs is needed further on, mine was inserted and has no counterpart.
      return lcs[i + 1][j + 1] === lcs[i][j] ? { mine: mine[i], theirs: theirs[j], theirsIndex: j } : undefined;
    } else {
      j++;
    }
  }
  return undefined;
}

/** Offset of token `k` of `tokens` (as `codeTokens` split `line`) in `line`. */
function positionOfToken(line: string, tokens: readonly string[], k: number): number {
  let at = 0;
  for (let i = 0; i <= k; i++) {
    at = line.indexOf(tokens[i], at);
    if (at === -1) return -1;
    if (i < k) at += tokens[i].length;
  }
  return at;
}

/**
 * Matches of a code form on identifier boundaries and, unless told
 * otherwise, in its own case, among its first CANDIDATES occurrences; the
 * first `limit` of them.
 */
function findCode(form: string, index: ContextLookup, find: FindOptions, sameCase = true, limit?: number): ContextMatch[] {
  if (form.length === 0) return [];
  const folded = form.replace(/\s+/g, ' ');
  const keep = (part: number, start: number, end: number): boolean => {
    const text = index.partText(part);
    const found = text.slice(start, end);
    if (sameCase && found !== form && found.replace(/\s+/g, ' ') !== folded) return false;
    return (
      !(isIdentChar(form.charCodeAt(0)) && isIdentChar(text.charCodeAt(start - 1))) &&
      !(isIdentChar(form.charCodeAt(form.length - 1)) && isIdentChar(text.charCodeAt(end)))
    );
  };
  return index.findLast(form, { ...find, examine: CANDIDATES, keep, limit }).reverse();
}

function isIdentChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/** Grounded, with its places read from the index when something first asks for them. */
function groundLazily(entity: Entity, places: (limit: number) => ContextMatch[]): void {
  entity.found = true;
  entity.status = 'grounded';
  defineLazyMatches(entity, places);
}

function setVerdict(entity: Entity, matches: ContextMatch[], found = matches.length > 0): void {
  entity.found = found;
  entity.status = entity.found ? 'grounded' : 'unverified';
  entity.matches = matches;
  entity.locations = matches.map((m): Range => [m.start, m.end]);
}
