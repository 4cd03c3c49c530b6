/**
 * The refined profile's second look at entities the plain lookup did not
 * find: an equivalent spelling (`twelve`, `third`, `per cent`) on token
 * boundaries, a number whose unit word sits next to the same number in the
 * context, a name whose parts the context gives close together, an acronym
 * the output defines from words the context has, and, for numbers, dates and
 * names still not found, a contradiction (the context fills the same slot
 * with another value).
 */
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import { onTokenBoundaries } from '../lookup/tokenBoundary';
import { isPending } from '../classifier/lazyProperty';
import { defineLazyMatches, formsOf, LOCATION_CAP, nearestMatches } from '../lookup/lookupEntities';
import { isClockEntity, isRecordClockForm } from './clockTimes';
import { CodeLines } from './rules/codeLines';
import { acronymExpansion } from './definedAcronyms';
import { type Contradiction, findContradiction, SlotCandidates } from './contradictions';
import { findNamedSlotContradiction } from './namedSlots';
import { type EquivalenceOptions, equivalentForms } from './equivalentForms';
import { findWithNearbyUnit } from './nearbyUnit';
import { isNumericRange } from './numericRanges';
import { standsAsNumber } from './numberTokens';
import { findSplitName } from './splitNames';
import { placeSpellings } from './records/placeNames';
import { ALL_RULES_ON, type RuleId, type RuleSwitch } from '../classifier/rules';

export function refineVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
  equivalence: EquivalenceOptions,
  on: RuleSwitch = ALL_RULES_ON,
): void {
  const codeLines = new CodeLines(output);
  const slots = new SlotCandidates(index, find);
  entities.forEach((entity, i) => {
    // Coding claims were judged as code (shared/code/rules/codeVerdicts.ts); spellings of prose do not apply.
    if (extracted[i].code) return;
    if (isClockEntity(extracted[i]) && on('clock-boundaries')) {
      // Every clock spelling must match on token boundaries, or `4:00` would be found in `14:00`.
      const found = firstOnBoundaries(extracted[i].forms, index, find);
      if (found) ground(entity, found.matches, isRecordClockForm(found.form) ? 'record-clock-forms' : 'clock-boundaries');
      else unground(entity, 'clock-boundaries');
      return;
    }
    // A number is not found inside a longer one: `58.58ms` is not in `158.58ms`, `8` not in `80`.
    if (entity.found && entity.type === 'number' && on('whole-numbers')) {
      if (keepPlaces(entity, extracted[i], index, find, digitBounded, LOCATION_CAP)) return;
      unground(entity, 'whole-numbers');
    } else if (entity.found && entity.type === 'number' && on('number-places')) {
      // Nor inside a clock time, date, version, path or identifier; with no place of its own it gets no verdict here, and the slot rules may still judge it.
      if (keepPlaces(entity, extracted[i], index, find, standsAsNumber, PLACES_EXAMINED)) return;
      unground(entity, 'not-in-context');
      // Another spelling may still ground it; but the digits were found, so a prose slot filled otherwise says little about what they refer to.
      const equivalent = findEquivalent(extracted[i], index, find, equivalence, on);
      if (equivalent) ground(entity, equivalent.matches, equivalent.rule);
      return;
    }
    if (entity.found) return;
    const equivalent = findEquivalent(extracted[i], index, find, equivalence, on);
    if (equivalent) {
      ground(entity, equivalent.matches, equivalent.rule);
      return;
    }
    if (on('defined-acronyms')) {
      const expansion = acronymExpansion(output, entity.span[0], entity.span[1]);
      const matches = expansion ? findOnBoundaries([expansion], index, find) : [];
      if (matches.length > 0) {
        ground(entity, matches, 'defined-acronyms');
        return;
      }
    }
    // A value in a line of code is the code's own, not a slot the context could fill differently.
    if (codeLines.holds(entity.span[0], entity.span[1])) return;
    const found = entity.type === 'number' ? numberContradiction(output, entity, slots, on) : namedContradiction(output, entity, index, find, on);
    if (found) {
      entity.status = 'contradicted';
      entity.contradiction = found.contradiction;
      entity.rule = found.rule;
    }
  });
}

/**
 * Places read, nearest first, for one where a number stands as itself: a
 * short number sits inside thousands of timestamps and ids in a long
 * session, and its own place may lie beyond the first hundred of them.
 */
const PLACES_EXAMINED = 4000;

/**
 * Keeps only the places where `holds` says the number stands as itself;
 * false when there is none. Places not read yet stay unread: one kept place
 * among each form's nearest decides.
 */
function keepPlaces(
  entity: Entity,
  extracted: ExtractedEntity,
  index: ContextLookup,
  find: FindOptions,
  holds: (text: string, start: number, end: number) => boolean,
  examine: number,
): boolean {
  const forms = formsOf(extracted);
  const looked = { ...find, examine, keep: (part: number, start: number, end: number) => holds(index.partText(part), start, end) };
  if (isPending(entity, 'matches')) {
    if (!forms.some((form) => index.findLast(form, { ...looked, limit: 1 }).length > 0)) return false;
    defineLazyMatches(entity, (limit) => nearestMatches(forms, index, { ...looked, limit }));
    return true;
  }
  if (entity.matches.length >= LOCATION_CAP) {
    // A small context's places were read with the verdict, the nearest hundred only: past them the number may stand
    // as itself, where the lookup above reads on. Read the same way, an output's verdict does not hang on how much
    // text comes after it (a session still growing, or the same session whole).
    const found = nearestMatches(forms, index, { ...looked, limit: LOCATION_CAP });
    if (found.length === 0) return false;
    ground(entity, found, entity.rule);
    return true;
  }
  const kept = entity.matches.filter((m) => holds(index.partText(m.part), m.start, m.end));
  if (kept.length === 0) return false;
  if (kept.length < entity.matches.length) ground(entity, kept, entity.rule);
  return true;
}

/** A number's slot in prose (slot-contradictions) or a record's key (record-slot-contradictions) filled with another value. */
function numberContradiction(
  output: string,
  entity: Entity,
  slots: SlotCandidates,
  on: RuleSwitch,
): { contradiction: Contradiction; rule: RuleId } | undefined {
  const kinds = { prose: on('slot-contradictions'), records: on('record-slot-contradictions') };
  if ((!kinds.prose && !kinds.records) || isNumericRange(entity.text)) return undefined;
  const found = findContradiction(output, entity.span, slots, kinds);
  return found && { contradiction: found.contradiction, rule: found.inRecord ? 'record-slot-contradictions' : 'slot-contradictions' };
}

function namedContradiction(
  output: string,
  entity: Entity,
  index: ContextLookup,
  find: FindOptions,
  on: RuleSwitch,
): { contradiction: Contradiction; rule: RuleId } | undefined {
  if (!on('named-slot-contradictions')) return undefined;
  const contradiction = findNamedSlotContradiction(output, entity.type, entity.span, index, find);
  return contradiction && { contradiction, rule: 'named-slot-contradictions' };
}

/** Matches of another spelling of the entity, and the rule that found them. */
function findEquivalent(
  entity: ExtractedEntity,
  index: ContextLookup,
  find: FindOptions,
  equivalence: EquivalenceOptions,
  on: RuleSwitch,
): { matches: ContextMatch[]; rule: RuleId } | undefined {
  if (on('equivalent-forms')) {
    const found = findOnBoundaries(equivalentForms(entity, equivalence), index, find);
    if (found.length > 0) return { matches: found, rule: 'equivalent-forms' };
  }
  if (entity.type === 'proper_noun' && on('place-abbreviations')) {
    const found = findOnBoundaries(placeSpellings(entity.text), index, find);
    if (found.length > 0) return { matches: found, rule: 'place-abbreviations' };
  }
  if (entity.type === 'proper_noun' && on('split-names')) {
    const split = findSplitName(entity.text, index, find);
    return split.length > 0 ? { matches: split, rule: 'split-names' } : undefined;
  }
  const places = { prose: on('nearby-units'), records: on('record-key-units') };
  if (entity.type === 'number' && (places.prose || places.records)) {
    const near = findWithNearbyUnit(entity.text, index, { ...find }, places);
    return near.matches.length > 0 ? { matches: near.matches.slice(0, LOCATION_CAP), rule: near.byUnit ? 'nearby-units' : 'record-key-units' } : undefined;
  }
  return undefined;
}

/** Matches of the first form that occurs as whole tokens. */
function findOnBoundaries(forms: readonly string[], index: ContextLookup, find: FindOptions): ContextMatch[] {
  return firstOnBoundaries(forms, index, find)?.matches ?? [];
}

/** The first form that occurs as whole tokens, with its matches. */
function firstOnBoundaries(forms: readonly string[], index: ContextLookup, find: FindOptions): { form: string; matches: ContextMatch[] } | undefined {
  for (const form of forms) {
    const matches = nearestOnBoundaries(form, index, find);
    if (matches.length > 0) return { form, matches };
  }
  return undefined;
}

/**
 * The LOCATION_CAP matches of `form` on token boundaries nearest the output,
 * in context order. Matches are read from the end in growing batches rather
 * than all at once: a form that occurs a hundred thousand times is then read
 * about a hundred times, not in full, for every output that names it.
 */
function nearestOnBoundaries(form: string, index: ContextLookup, find: FindOptions): ContextMatch[] {
  for (let limit = LOCATION_CAP; ; limit *= 4) {
    const all = index.findLast(form, { ...find, limit: Math.min(limit, find.limit ?? Infinity) });
    const whole = all.filter((m) => onTokenBoundaries(index.partText(m.part), m.start, m.end));
    if (whole.length >= LOCATION_CAP || all.length < limit || limit >= (find.limit ?? Infinity)) return whole.slice(0, LOCATION_CAP).reverse();
  }
}

/** No digit (or decimal point followed by one) runs on either side of the match. */
function digitBounded(text: string, start: number, end: number): boolean {
  const isDigit = (i: number) => i >= 0 && i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57;
  const before = isDigit(start - 1) || (text[start - 1] === '.' && isDigit(start - 2));
  if (before || isDigit(end)) return false;
  if (text[end] !== '.' || !isDigit(end + 1)) return true;
  // `4` in `4.0` is the same number; `4` in `4.5` is not.
  let i = end + 1;
  while (text[i] === '0') i++;
  return !isDigit(i);
}

function unground(entity: Entity, rule: RuleId): void {
  entity.rule = rule;
  entity.found = false;
  entity.status = 'unverified';
  entity.matches = [];
  entity.locations = [];
}

function ground(entity: Entity, matches: ContextMatch[], rule: string | undefined): void {
  entity.rule = rule;
  entity.found = true;
  entity.status = 'grounded';
  entity.matches = matches;
  entity.locations = matches.map((m): Range => [m.start, m.end]);
}
