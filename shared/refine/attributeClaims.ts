/**
 * What an output says about a record's yes/no fields. A sentence that names
 * a field's phrase (`offers outdoor seating`, `does not have WiFi`) claims
 * the field is yes, or no when a negation opens its clause before the
 * phrase. Against the record, the claim is grounded when it agrees,
 * contradicted when it does not (the written value, `False`, is the
 * context's value), and unverified when the record leaves the field empty
 * (`None`): the context does not say.
 */
import type { ContextMatch, Entity, Range } from '../classifier/types';
import type { OutputSentence } from './claims';
import type { ContextLookup } from './contextLookup';
import { onTokenBoundaries } from '../lookup/tokenBoundary';
import { RangeSet } from './rangeSet';
import { type RecordField, recordFields } from './recordFields';

const NEGATION = /\b(?:no|not|never|without|lacks?|lacking|neither|nor|unavailable|doesn't|does not|don't|do not|isn't|is not|aren't|are not|cannot|can't|won't|none)\b|n't\b/i;
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
        const said = negated(lower, s.span[0], start) ? 'no' : 'yes';
        const entity = found.get(field.key);
        if (entity) entity.occurrences.push([start, end]);
        else found.set(field.key, judge(output, [start, end], field, said));
        break;
      }
    }
  }
  return [...found.values()].sort((a, b) => a.span[0] - b.span[0]);
}

/** A negation between the clause start and the phrase. */
function negated(lower: string, sentenceStart: number, phraseStart: number): boolean {
  const windowStart = Math.max(sentenceStart, phraseStart - CLAUSE_REACH);
  const before = lower.slice(windowStart, phraseStart);
  let clause = 0;
  for (const b of CLAUSE_BREAKS) {
    const k = before.lastIndexOf(b);
    if (k >= 0) clause = Math.max(clause, k + b.length);
  }
  return NEGATION.test(before.slice(clause));
}

function judge(output: string, span: Range, field: RecordField, said: 'yes' | 'no'): Entity {
  const match: ContextMatch = { part: field.part, start: field.start, end: field.end };
  const text = output.slice(span[0], span[1]);
  const base = { text, normalized: text.toLowerCase(), type: 'identifier' as const, span, occurrences: [span] };
  if (field.value === 'unknown') return { ...base, found: false, status: 'unverified', locations: [], matches: [] };
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
    else if (occurrences.length > 0) kept.push({ ...e, text: output.slice(occurrences[0][0], occurrences[0][1]), span: [occurrences[0][0], occurrences[0][1]], occurrences });
  }
  return [...kept, ...attributes].sort((a, b) => a.span[0] - b.span[0]);
}
