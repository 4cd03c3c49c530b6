/**
 * Looks every extracted entity up in a context index: an entity is found when
 * any of its lookup forms occurs, and its locations are the union of every
 * form's matches nearest the output, in context order, capped so one
 * ubiquitous number cannot bloat a result. The verdict takes one match per form at most; the
 * locations are read from the index when first asked for (lazyProperty.ts).
 */
import type { ContextLookup } from './contextLookup';
import type { FindOptions } from './contextIndex';
import { normalizeForm } from '../text/normalize';
import { defineLazy, readPart } from '../classifier/lazyProperty';
import type { ContextMatch, Entity, ExtractedEntity, Range } from '../classifier/types';

/** Most locations reported per entity (the nearest ones). */
export const LOCATION_CAP = 100;

/**
 * Contexts up to this many characters (a RAG record's passages, a short
 * chat) have their locations collected with the verdict: deferring them
 * costs more than a search this small.
 */
const EAGER_SIZE = 64 * 1024;

export interface LookupOptions {
  strict: boolean;
  accept?: (part: number) => boolean;
  before?: number;
}

export function lookUpEntities(extracted: readonly ExtractedEntity[], index: ContextLookup, options: LookupOptions): Entity[] {
  return extracted.map((e) => lookUpEntity(e, index, options));
}

function lookUpEntity(entity: ExtractedEntity, index: ContextLookup, options: LookupOptions): Entity {
  const forms = formsOf(entity);
  const find = { strict: options.strict, accept: options.accept, before: options.before, limit: LOCATION_CAP };
  // On a small context every location costs little more than the first: one search gives both.
  const eager = index.size <= EAGER_SIZE ? nearestMatches(forms, index, find) : undefined;
  // Otherwise one accepted match decides the verdict; the locations are collected only if something reads them.
  const first = { ...find, limit: 1 };
  const found = eager ? eager.length > 0 : forms.some((form) => index.find(form, first).length > 0);
  const text = entity.text;
  const normalized = normalizeForm(forms[0], { foldCase: !options.strict });
  const type = entity.type;
  const span: Range = [entity.span[0], entity.span[1]];
  const occurrences = entity.occurrences.map((r): Range => [r[0], r[1]]);
  if (found && !eager) {
    // Its places are added as lazy properties where the literal below has them, not put there and then redefined:
    // the entity keeps a shape every such entity shares (see lazyProperty.ts).
    const lazy = { text, normalized, type, found, status: 'grounded' } as Entity;
    defineLazyMatches(lazy, (limit) => nearestMatches(forms, index, { ...find, limit }));
    lazy.span = span;
    lazy.occurrences = occurrences;
    return lazy;
  }
  return {
    text,
    normalized,
    type,
    found,
    status: found ? 'grounded' : 'unverified',
    locations: eager ? eager.map((m): Range => [m.start, m.end]) : [],
    matches: eager ?? [],
    span,
    occurrences,
  };
}

/** The lookup forms of an extracted entity (its text when it has none). */
export function formsOf(entity: ExtractedEntity): readonly string[] {
  return entity.forms.length > 0 ? entity.forms : [entity.text];
}

/**
 * Makes an entity's matches, and the locations read from them, computed when
 * first asked for. `places(limit)` gives the `limit` places nearest the
 * output, in context order: LOCATION_CAP of them are the matches.
 */
export function defineLazyMatches(entity: Entity, places: (limit: number) => ContextMatch[]): void {
  // Locations first: on an entity that has neither yet, they are added in the order an entity lists them.
  defineLazy(entity, 'locations', () => entity.matches.map((m): Range => [m.start, m.end]));
  defineLazy(entity, 'matches', () => places(LOCATION_CAP), places);
}

/**
 * The entity's matches, without keeping them on it when they were not read
 * yet: for a reader that reads each entity once (a report), so that a long
 * session's places do not all stay in memory until the end.
 */
export function matchesOnce(entity: Entity): ContextMatch[] {
  return readPart(entity, 'matches', LOCATION_CAP) ?? entity.matches;
}

/**
 * The entity's `limit` places nearest the output (the end of its matches,
 * in context order), and whether they are all it has. Places not read yet
 * are read only that far: an editor shows a few of them, and reading a
 * hundred for every entity of a long session costs more than the check.
 */
export function nearestOf(entity: Entity, limit: number): { matches: ContextMatch[]; all: boolean } {
  const part = readPart(entity, 'matches', limit);
  if (part) return { matches: part, all: part.length < limit };
  const matches = entity.matches;
  return { matches: matches.length > limit ? matches.slice(matches.length - limit) : matches, all: matches.length <= limit };
}

/**
 * Every form's matches nearest the output (each form's last LOCATION_CAP
 * before it, read from the end), merged in context order and capped to the
 * nearest LOCATION_CAP: on a long session the place a reader wants is the
 * latest one the output saw, not the first hundred in file order.
 */
export function nearestMatches(forms: readonly string[], index: ContextLookup, find: FindOptions): ContextMatch[] {
  let matches: ContextMatch[] = [];
  for (const form of forms) {
    const found = index.findLast(form, find).reverse();
    matches = matches.length === 0 ? found : mergeMatches(matches, found);
  }
  const limit = find.limit ?? LOCATION_CAP;
  return matches.length > limit ? matches.slice(matches.length - limit) : matches;
}

/** Sorted union of two sorted match lists, without duplicates. */
function mergeMatches(a: readonly ContextMatch[], b: readonly ContextMatch[]): ContextMatch[] {
  const out: ContextMatch[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const order = i === a.length ? 1 : j === b.length ? -1 : compareMatches(a[i], b[j]);
    if (order <= 0) out.push(a[i++]);
    if (order >= 0) {
      if (order > 0) out.push(b[j]);
      j++;
    }
  }
  return out;
}

function compareMatches(x: ContextMatch, y: ContextMatch): number {
  return x.part - y.part || x.start - y.start || x.end - y.end;
}
