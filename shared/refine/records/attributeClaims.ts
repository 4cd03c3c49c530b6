/**
 * What an output says about a record's yes/no fields. A sentence that names
 * a field's phrase (`offers outdoor seating`, `does not have WiFi`) claims
 * the field is yes; no when a negation opens the phrase's clause or follows
 * the phrase in it (`Wi-Fi is not available`); unknown when it calls the
 * field unspecified. Against the record the claim is grounded when it
 * agrees, contradicted when it does not (the written value, `False`, is the
 * context's value), and unverified when one side leaves the field open and
 * the other does not. Field claims are reported as identifiers: the phrase
 * names a field of the context's record.
 */
import type { ContextMatch, Entity, Range } from '../../classifier/types';
import type { OutputSentence } from '../claims';
import type { ContextLookup } from '../../lookup/contextLookup';
import { onTokenBoundaries } from '../../lookup/tokenBoundary';
import { RangeSet } from '../rangeSet';
import { type RecordField, recordFields } from './recordFields';

const NEGATION =
  /\b(?:no|not|never|without|lacks?|lacking|neither|nor|unavailable|doesn't|does not|don't|do not|isn't|is not|aren't|are not|cannot|can't|won't|none)\b|n't\b/i;
/** Where a clause begins, looking back from a phrase. */
const CLAUSE_BREAKS = [',', ';', ':', ' but ', ' while ', ' although ', ' however ', ' and '];
const CLAUSE_REACH = 80;

export function attributeEntities(output: string, sentences: readonly OutputSentence[], index: ContextLookup, searchable: (part: number) => boolean): Entity[] {
  const fields = recordFields(index, searchable);
  if (fields.length === 0) return [];
  const lower = output.toLowerCase();
  const found = new Map<string, Entity>();
  for (const s of sentences) {
    if (s.kind !== 'claim') continue;
    const text = lower.slice(s.span[0], s.span[1]);
    for (const field of fields) {
      for (const phrase of field.phrases) {
        const at = text.indexOf(phrase);
        if (at < 0) continue;
        const start = s.span[0] + at;
        const end = start + phrase.length;
        if (!onTokenBoundaries(output, start, end)) continue;
        const said = saidOf(lower, s.span, start, end);
        const entity = found.get(field.key);
        if (entity) entity.occurrences.push([start, end]);
        else found.set(field.key, judge(output, [start, end], field, said));
        break;
      }
    }
  }
  return [...found.values()].sort((a, b) => a.span[0] - b.span[0]);
}

/** Words that say the record leaves a field open (`music is not specified`). */
const UNSAID = /\b(?:unspecified|not specified|unknown|not mentioned|not listed|not provided|not stated|no information)\b/i;

/**
 * What the clause holding the phrase says of the field: unknown when it says
 * the record leaves it open, no when a negation opens the clause before the
 * phrase or follows it (`Wi-Fi is not available`), else yes.
 */
function saidOf(lower: string, sentence: Range, start: number, end: number): 'yes' | 'no' | 'unknown' {
  const after = clauseAfter(lower, end, sentence[1]);
  const before = clauseBefore(lower, sentence[0], start);
  if (UNSAID.test(before) || UNSAID.test(after)) return 'unknown';
  return NEGATION.test(before) || NEGATION.test(after) ? 'no' : 'yes';
}

/** From the phrase's end to the next clause break, at most CLAUSE_REACH characters. */
function clauseAfter(lower: string, end: number, sentenceEnd: number): string {
  const after = lower.slice(end, Math.min(sentenceEnd, end + CLAUSE_REACH));
  let cut = after.length;
  for (const b of CLAUSE_BREAKS) {
    const k = after.indexOf(b);
    if (k >= 0) cut = Math.min(cut, k);
  }
  return after.slice(0, cut);
}

/** From the last clause break before the phrase to the phrase. */
function clauseBefore(lower: string, sentenceStart: number, phraseStart: number): string {
  const windowStart = Math.max(sentenceStart, phraseStart - CLAUSE_REACH);
  const before = lower.slice(windowStart, phraseStart);
  let clause = 0;
  for (const b of CLAUSE_BREAKS) {
    const k = before.lastIndexOf(b);
    if (k >= 0) clause = Math.max(clause, k + b.length);
  }
  return before.slice(clause);
}

function judge(output: string, span: Range, field: RecordField, said: 'yes' | 'no' | 'unknown'): Entity {
  const match: ContextMatch = { part: field.part, start: field.start, end: field.end };
  const text = output.slice(span[0], span[1]);
  const base = { text, normalized: text.toLowerCase(), type: 'identifier' as const, span, occurrences: [span] };
  // Saying the record leaves the field open is grounded when it does; any other claim about an open field is not.
  if (field.value === 'unknown' && said === 'unknown')
    return { ...base, found: true, status: 'grounded', locations: [[match.start, match.end]], matches: [match] };
  if (field.value === 'unknown' || said === 'unknown') return { ...base, found: false, status: 'unverified', locations: [], matches: [] };
  if (field.value === said) return { ...base, found: true, status: 'grounded', locations: [[match.start, match.end]], matches: [match] };
  return {
    ...base,
    found: false,
    status: 'contradicted',
    locations: [],
    matches: [],
    contradiction: { value: field.written, match, slot: field.key },
  };
}

/**
 * The looked-up entities without occurrences a field claim covers (`WiFi`
 * read as an identifier), the field claims added: the claim says more.
 */
export function withAttributeEntities(output: string, entities: readonly Entity[], attributes: readonly Entity[]): Entity[] {
  if (attributes.length === 0) return entities.slice();
  const claimed = new RangeSet(attributes.flatMap((a) => a.occurrences));
  const kept: Entity[] = [];
  for (const e of entities) {
    const occurrences = e.occurrences.filter((o) => !claimed.overlaps(o[0], o[1]));
    if (occurrences.length === e.occurrences.length) kept.push(e);
    else if (occurrences.length > 0)
      kept.push({ ...e, text: output.slice(occurrences[0][0], occurrences[0][1]), span: [occurrences[0][0], occurrences[0][1]], occurrences });
  }
  return [...kept, ...attributes].sort((a, b) => a.span[0] - b.span[0]);
}
