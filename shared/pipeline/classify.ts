/**
 * The classifier: extract the output's entities, keep the counted types, look
 * each one up in the context, and turn found/unfound counts into a level, a
 * score, a review flag and a one-line explanation.
 *
 * `classify` is the single-context API; `classifyAgainst` reuses an index
 * built once over a multi-part context (a transcript), optionally limited to
 * some parts and told which material the context is known to lack.
 */
import { extractEntities } from '../extract';
import { DEFAULT_STOPWORDS } from '../extract/stopwords';
import { ContextIndex } from '../lookup/contextIndex';
import { attributeEntities, withAttributeEntities } from '../refine/records/attributeClaims';
import { markMisattributed } from '../refine/citedSources';
import type { ContextLookup } from '../lookup/contextLookup';
import { MarkupAwareIndex } from '../refine/markup/markupIndex';
import { codeFenceRanges, outputSentences, ownCodeRanges } from '../refine/claims';
import {
  codeBlockEntities,
  codeVerdicts,
  countVerdicts,
  listingCountVerdicts,
  copiedCountClaims,
  checklistCounts,
  reportBlockCounts,
  listedCounts,
  dropReadingCounts,
  dottedVersionClaims,
  hostPortClaims,
  dropUnattributedValues,
  extractCodeEntities,
  markAbsentNames,
  quotedLineFindings,
  errorQuoteFindings,
  quotesCheckable,
  statusClaims,
  unknownFlagClaims,
  unseenVersionClaims,
  versionVerdicts,
  withCodeEntities,
  type CodeSession,
} from '../code/rules';
import { claimVerdicts } from '../refine/claimVerdicts';
import { withClockTimes } from '../refine/clockTimes';
import { withNumberWords } from '../refine/numberWords';
import { withNumericRanges } from '../refine/numericRanges';
import { bySpanStart } from '../refine/spanOrder';
import { refineExtracted } from '../refine/refineExtracted';
import { refineVerdicts } from '../refine/refineVerdicts';
import { markScheduleContradictions } from '../refine/records/scheduleVerdicts';
import { contextHoldsRecords } from '../refine/records/structuredRecords';
import { contextIncomplete, tooFewEntities, verdictExplanation } from './explanation';
import { INDETERMINATE, type Verdict, verdictFor } from '../classifier/levels';
import { isFinding } from '../classifier/findingStatus';
import { lookUpEntities } from '../lookup/lookupEntities';
import { ALL_RULES_ON, ruleDoc, type RuleId, type RuleSwitch } from '../classifier/rules';
import { resolveOptions, ruleSwitch } from './options';
import type { ClassifyInput, ClassifyOptions, ClassifyResult, ContextGap, Entity, EntityType, ExtractedEntity, Range } from '../classifier/types';

export interface ClassifyAgainstOptions extends ClassifyOptions {
  /** Only context parts this accepts can ground the output (e.g. a turn's causal ancestors). */
  accept?: (part: number) => boolean;
  /** Parts from this index on cannot ground the output (it comes after them). */
  before?: number;
  /** What the context is known to lack; unfound entities of affected types get no verdict. */
  gaps?: readonly ContextGap[];
  /** Refined profile: what the output's coding session showed it (files, lines), for file and line references. */
  session?: CodeSession;
  /**
   * Refined profile: the output is an agent's turn in a session with tools,
   * not an answer drawn from documents: its instructions to the reader and
   * the counts it made by reading ("the two places") are not claims.
   */
  agentTurn?: boolean;
}

export function classify(input: ClassifyInput): ClassifyResult {
  // The refined profile reads the context through its markup (raw ranges all the same).
  const refined = input.options?.profile === 'refined';
  const index = refined ? MarkupAwareIndex.build([input.context]) : ContextIndex.build([input.context]);
  return classifyAgainst(input.output, index, input.options);
}

export function classifyAgainst(output: string, index: ContextLookup, options: ClassifyAgainstOptions = {}): ClassifyResult {
  const resolved = resolveOptions(options);
  const extracted = extractCounted(output, resolved.entityTypes, resolved.stopwords);
  const lookup = { strict: resolved.strict, accept: options.accept, before: options.before };
  // The spec profile is the plain rules for any text; packs and the defaults for agents' turns belong to the refined one.
  if (resolved.profile === 'spec')
    return judge(namedMisses(lookUpEntities(extracted, index, lookup)), resolved.minEntities, options.gaps ?? [], ruleSwitch(resolved, SPEC_SCOPE));
  const searchable = (p: number) => p < (options.before ?? Infinity) && (options.accept?.(p) ?? true);
  // The code pack runs on agents' turns, the records pack where the context holds a record.
  const on = ruleSwitch(resolved, { agentTurn: options.agentTurn === true, records: contextHoldsRecords(index, searchable, options.before) });
  // Refined: only claim sentences count, and unfound entities get a second look (see shared/refine).
  // The turn's own code, found once: its sentences and its code claims both skip it.
  const ownCode = ownCodeRanges(output);
  const split = outputSentences(output, { instructions: options.agentTurn, ownCode });
  const sentences = on('claim-sentences') ? split : split.map((s) => ({ span: s.span, kind: 'claim' as const }));
  let generic = extracted;
  if (on('clock-times')) generic = withClockTimes(output, generic, on('record-clock-forms'));
  if (on('number-words')) generic = withNumberWords(output, generic);
  if (on('numeric-ranges')) generic = withNumericRanges(output, generic);
  const code = resolved.entityTypes.has('identifier') && on('code-entities') ? checkableCodeClaims(output, ownCode, options.session) : [];
  const claimed = refineExtracted(output, withCodeEntities(output, generic, code), sentences, on);
  let entities = namedMisses(lookUpEntities(claimed, index, lookup));
  // The fenced blocks, found once for the rules that read them.
  let fenceRanges: ReturnType<typeof codeFenceRanges> | undefined;
  const fences = () => (fenceRanges ??= codeFenceRanges(output));
  const decide = (id: RuleId, pass: () => void) => {
    if (on(id)) attributed(entities, id, pass);
  };
  // These two hold several rules each and name the one that decides every verdict they give.
  codeVerdicts(claimed, entities, index, lookup, sentences, options.session, on);
  if (options.agentTurn) unresolvedLines(claimed, entities);
  refineVerdicts(output, claimed, entities, index, lookup, { localeSeparators: resolved.localeSeparators, quarterNames: resolved.quarterNames }, on);
  decide('schedule-slots', () => markScheduleContradictions(output, sentences, claimed, entities, index, lookup));
  decide('version-slots', () => versionVerdicts(output, claimed, entities, index, lookup, options.session));
  if (options.agentTurn) decide('checklist-counts', () => checklistCounts(output, claimed, entities, options.session));
  decide('test-counts', () => countVerdicts(output, claimed, entities, options.session, index));
  if (options.agentTurn) decide('listed-counts', () => listedCounts(output, claimed, entities, options.session, index));
  if (options.agentTurn) decide('listing-counts', () => listingCountVerdicts(output, claimed, entities, options.session, index));
  // Figures no entity covers (a fenced block, no claim sentence) join after the drops below, which keep the entities in step with `claimed`.
  let copied: Entity[] = [];
  if (options.agentTurn) decide('copied-counts', () => (copied = copiedCountClaims(output, entities, index, lookup, options.session)));
  if (options.agentTurn && on('reading-counts')) dropReadingCounts(claimed, entities);
  if (options.agentTurn && on('unattributed-values')) dropUnattributedValues(output, sentences, claimed, entities);
  entities = withAdded(entities, named(copied, 'copied-counts'));
  if (options.agentTurn && on('test-counts') && fences().length > 0)
    entities = withAdded(entities, named(reportBlockCounts(output, fences(), sentences, entities, options.session, index), 'test-counts'));
  if (options.agentTurn) {
    // Names are judged with their rules off too (markAbsentNames): the check leaves them unchecked, saying that nothing spelt them.
    const which = { names: on('absent-names'), files: on('absent-files'), misnamedFiles: on('misnamed-files') };
    // Quoted blocks are judged token by token only when their own rule is on; a name in them nothing spelt is this rule's either way.
    const blockTokens =
      which.names && fences().length > 0 && !on('quoted-code-blocks') && quotesCheckable(options.session)
        ? codeBlockEntities(output, fences(), sentences, index, lookup).filter((e) => isFinding(e.status) && e.type === 'identifier')
        : [];
    entities = withAdded(entities, markAbsentNames(output, sentences, claimed, entities, index, options.before, options.gaps ?? [], which, blockTokens));
  }
  // Quoted lines weigh the turn's gaps themselves: a history that names files without their contents still shows the lines a block copies.
  if (options.agentTurn && on('quoted-lines') && fences().length > 0) {
    const misquoted = quotedLineFindings({ output, fences: fences(), sentences, index, find: lookup, gaps: options.gaps ?? [], entities });
    entities = withAdded(entities, named(misquoted, 'quoted-lines'));
  }
  if (options.agentTurn && on('error-quotes')) {
    entities = withAdded(entities, errorQuoteFindings({ output, fences: fences(), sentences, index, find: lookup, entities }));
  }
  if (on('record-fields')) entities = withAttributeEntities(output, entities, named(attributeEntities(output, sentences, index, searchable), 'record-fields'));
  decide('cited-sources', () => markMisattributed(output, sentences, entities, index, searchable, !options.agentTurn));
  if (on('quoted-code-blocks') && fences().length > 0 && quotesCheckable(options.session)) {
    entities = withAdded(entities, named(codeBlockEntities(output, fences(), sentences, index, lookup), 'quoted-code-blocks'));
  }
  if (options.agentTurn && resolved.entityTypes.has('status') && on('status-claims')) {
    entities = withAdded(entities, statusClaims(output, sentences, options.session));
  }
  if (options.session && on('version-slots')) {
    entities = withAdded(entities, dottedVersionClaims(output, sentences, entities, index, lookup, options.session, fences()));
  }
  if (options.session && on('host-ports')) entities = withAdded(entities, hostPortClaims(output, sentences, entities, index, lookup));
  // After the slots: a version the session gives for its product was judged against that; this speaks of those no slot judged.
  if (options.agentTurn && on('unseen-versions') && quotesCheckable(options.session)) {
    entities = withAdded(
      entities,
      unseenVersionClaims({ output, sentences, entities, index, turn: options.before, gaps: options.gaps ?? [], fences: fences() }),
    );
  }
  if (options.agentTurn && options.session && on('unknown-flags')) {
    entities = withAdded(entities, unknownFlagClaims(output, sentences, entities, index, lookup, options.session));
  }
  const result = judge(entities, resolved.minEntities, options.gaps ?? [], on);
  result.contradictions = entities.filter((e) => e.status === 'contradicted').length;
  result.claims = claimVerdicts(sentences, entities);
  return result;
}

/** `entities` with a later rule's own entities merged in, in the order they stand in the output. */
function withAdded(entities: Entity[], added: readonly Entity[]): Entity[] {
  return added.length === 0 ? entities : bySpanStart([...entities, ...added]);
}

/** The spec profile has no packs: its rules (the lookup, context gaps) run wherever they are on. */
const SPEC_SCOPE = { agentTurn: false, records: false };

/** The plain lookup decides every entity it did not find, until a later rule says otherwise. */
function namedMisses(entities: Entity[]): Entity[] {
  for (const e of entities) if (!e.found) e.rule = 'not-in-context';
  return entities;
}

/** Runs a pass and names it as the rule of every verdict it changed. */
function attributed(entities: Entity[], id: RuleId, pass: () => void): void {
  const before = entities.map((e) => e.status);
  pass();
  entities.forEach((e, i) => {
    if (e.status !== before[i]) e.rule = id;
  });
}

/** Entities a pass made: each is its rule's. */
function named(entities: Entity[], id: RuleId): Entity[] {
  for (const e of entities) e.rule ??= id;
  return entities;
}

/**
 * File references and inline code read as code. A bare "line 12" names the
 * file under discussion; without a session to say which that is, it is no
 * checkable claim.
 */
function checkableCodeClaims(output: string, ownCode: readonly Range[], session: CodeSession | undefined): ExtractedEntity[] {
  const claims = extractCodeEntities(output, ownCode);
  const unnamed = (e: ExtractedEntity) => e.code?.kind === 'file' && e.code.path === undefined;
  // Which file was listed last is asked only when a claim needs it: most outputs have no bare line.
  if (!claims.some(unnamed) || session?.view.latestListed()) return claims;
  return claims.filter((e) => !unnamed(e));
}

/**
 * In an agent's turn, a bare "line 12" whose own line names no file, or names
 * one while its list is about another: the last file shown is often not the
 * one meant (the agent read several), so which file it cites cannot be told.
 * It stays a line reference (not a number to compare), with no verdict.
 */
function unresolvedLines(claimed: readonly ExtractedEntity[], entities: Entity[]): void {
  entities.forEach((e, i) => {
    const code = claimed[i].code;
    if (code?.kind !== 'file' || code.path !== undefined || e.found) return;
    e.status = 'indeterminate';
    e.rule = 'file-lines';
    e.detail = code.unsure
      ? `its line names ${code.unsure[0]} and its list is about ${code.unsure[1]}, so which file it cites cannot be told`
      : 'no file is named on its line, so which file it cites cannot be told';
  });
}

/** Extraction, then the `entityTypes` filter (the spec filters after extracting, so overlaps resolve the same either way). */
export function extractCounted(output: string, types: ReadonlySet<EntityType>, stopwords: readonly string[] | undefined): ExtractedEntity[] {
  const all = extractEntities(output, { stopwords: stopwords ?? DEFAULT_STOPWORDS });
  return all.filter((e: ExtractedEntity) => types.has(e.type));
}

/** Applies gaps, then the classification rule, to looked-up entities. */
export function judge(entities: Entity[], minEntities: number, gaps: readonly ContextGap[], on: RuleSwitch = ALL_RULES_ON): ClassifyResult {
  const affecting: ContextGap[] = [];
  let uncheckable = 0;
  for (const e of entities) {
    // A rule already found the claim uncheckable (a line of an unnamed file).
    if (e.status === 'indeterminate') {
      uncheckable++;
      continue;
    }
    // A finding whose rule is turned off is left unchecked, as a user who turned it off asked.
    if (e.rule !== undefined && isFinding(e.status) && !on(e.rule as RuleId)) {
      e.status = 'indeterminate';
      const why = ruleDoc(e.rule)?.agentTurns === 'off' ? `rule ${e.rule} does not flag in an agent's turn unless turned on` : `rule ${e.rule} is off`;
      // What the rule checked stays in view: a user deciding whether to turn it on sees what it would have said.
      e.detail = e.detail ? `${e.detail}; ${why}` : why;
      uncheckable++;
      continue;
    }
    // A contradiction is evidence from the context itself, so no gap makes it uncheckable.
    if (e.found || e.status === 'contradicted' || e.settled) continue;
    const gapsForType = on('context-gaps') ? gaps.filter((g) => g.affects === 'all' || g.affects.includes(e.type)) : [];
    if (gapsForType.length === 0) continue;
    e.status = 'indeterminate';
    e.rule = 'context-gaps';
    uncheckable++;
    for (const g of gapsForType) if (!affecting.includes(g)) affecting.push(g);
  }
  if (entities.length === 0 || entities.length < minEntities) {
    return withVerdict(INDETERMINATE, entities, tooFewEntities(entities.length, minEntities));
  }
  const countable = entities.length - uncheckable;
  if (countable === 0) {
    return withVerdict(INDETERMINATE, entities, contextIncomplete(uncheckable, affecting));
  }
  const found = entities.filter((e) => e.found).length;
  const verdict = verdictFor(found, countable);
  const unverified = entities.filter((e) => e.status === 'unverified');
  const contradicted = entities.filter((e) => e.status === 'contradicted');
  return withVerdict(verdict, entities, verdictExplanation(unverified, uncheckable, affecting, contradicted));
}

/**
 * Written out rather than spread (`{ ...verdict, entities, explanation }`):
 * in Node 20's V8 a spread followed by more properties gives every result a
 * hidden class of its own, allocated in the old generation, so checking
 * many outputs one by one filled it with garbage only a full collection
 * frees.
 */
function withVerdict(verdict: Verdict, entities: Entity[], explanation: string): ClassifyResult {
  return { level: verdict.level, score: verdict.score, flagForReview: verdict.flagForReview, entities, explanation };
}
