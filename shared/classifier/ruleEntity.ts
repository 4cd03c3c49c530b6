/**
 * An entity a rule finds in an output by itself (a version, a status claim)
 * rather than one the extractors gave it: unverified, with no evidence yet,
 * until the rule settles it. One literal shape for every rule's entities
 * keeps them alike for the code that reads them.
 */
import type { Entity, EntityType, Range } from './types';

export function ruleEntity(text: string, type: EntityType, span: Range, rule: string, normalized: string = text): Entity {
  return { text, normalized, type, found: false, status: 'unverified', locations: [], matches: [], span, occurrences: [span], rule };
}
