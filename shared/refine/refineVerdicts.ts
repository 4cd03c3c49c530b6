/**
 * The refined profile's second look at entities the plain lookup did not
 * find: an equivalent spelling (`twelve`, `third`, `per cent`) on token
 * boundaries, a number whose unit word sits near the same number in the
 * context, and, for numbers still not found, a contradiction (the context
 * fills the same slot with another value).
 */
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../classifier/types';
import type { ContextIndex, FindOptions } from '../lookup/contextIndex';
import { onTokenBoundaries } from '../lookup/tokenBoundary';
import { findContradiction } from './contradictions';
import { type EquivalenceOptions, equivalentForms } from './equivalentForms';
import { findWithNearbyUnit } from './nearbyUnit';

/** Most locations kept per entity, as in the plain lookup. */
const LOCATION_CAP = 100;

export function refineVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextIndex,
  find: FindOptions,
  equivalence: EquivalenceOptions,
): void {
  entities.forEach((entity, i) => {
    if (entity.found) return;
    const matches = findEquivalent(extracted[i], index, find, equivalence);
    if (matches.length > 0) {
      ground(entity, matches);
      return;
    }
    if (entity.type !== 'number') return;
    const contradiction = findContradiction(output, entity.span, index, find);
    if (contradiction) {
      entity.status = 'contradicted';
      entity.contradiction = contradiction;
    }
  });
}

function findEquivalent(entity: ExtractedEntity, index: ContextIndex, find: FindOptions, equivalence: EquivalenceOptions): ContextMatch[] {
  for (const form of equivalentForms(entity, equivalence)) {
    const found = index.find(form, { ...find, limit: LOCATION_CAP }).filter((m) => onTokenBoundaries(index.partText(m.part), m.start, m.end));
    if (found.length > 0) return found;
  }
  return entity.type === 'number' ? findWithNearbyUnit(entity.text, index, { ...find }).slice(0, LOCATION_CAP) : [];
}

function ground(entity: Entity, matches: ContextMatch[]): void {
  entity.found = true;
  entity.status = 'grounded';
  entity.matches = matches;
  entity.locations = matches.map((m): Range => [m.start, m.end]);
}
