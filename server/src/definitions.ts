/**
 * Go to Definition / Peek and Find References on an entity: where the context
 * has it (the definition nearest the output first); for an entity the context
 * lacks, the closest thing it does say. A finding carries only the nearest few
 * places; when it counts more, the rest are asked of the worker, which keeps
 * the check they came from.
 */
import type { Location, Position } from 'vscode-languageserver/node';
import type { DocumentState } from './documentState';
import type { ContextPlace } from './findings';
import type { OccurrenceHit } from './occurrenceIndex';
import { placeLocation, toLspRange } from './positions';

/** Every place of the hit's entity, nearest first, or undefined when the worker no longer holds that check. */
export type AllPlaces = (hit: OccurrenceHit, version: number) => Promise<ContextPlace[] | undefined>;

export async function definition(state: DocumentState, position: Position, allPlaces: AllPlaces): Promise<Location[]> {
  const found = await placesAt(state, position, allPlaces);
  if (!found) return [];
  const { hit, places } = found;
  if (places.length > 0) return places.map((m) => placeLocation(state.doc, m));
  return hit.entity.closest ? [placeLocation(state.doc, hit.entity.closest)] : [];
}

/** Every context location of the entity, plus its own occurrences when asked to include the declaration. */
export async function references(state: DocumentState, position: Position, includeDeclaration: boolean, allPlaces: AllPlaces): Promise<Location[]> {
  const found = await placesAt(state, position, allPlaces);
  if (!found) return [];
  // Places come nearest first; a list of references reads in file order.
  const inFileOrder = [...found.places].sort((a, b) => a.segment - b.segment || a.raw[0] - b.raw[0]);
  const out = inFileOrder.map((m) => placeLocation(state.doc, m));
  if (includeDeclaration) for (const r of found.hit.entity.occurrences) out.push({ uri: state.doc.uri, range: toLspRange(state.doc, r) });
  return out;
}

async function placesAt(state: DocumentState, position: Position, allPlaces: AllPlaces): Promise<{ hit: OccurrenceHit; places: ContextPlace[] } | undefined> {
  const p = state.current();
  if (!p) return undefined;
  const hit = state.occurrenceIndex(p).at(state.doc.offsetAt(position));
  if (!hit) return undefined;
  const sent = hit.entity.matches;
  if (!hit.entity.morePlaces && hit.entity.matchCount <= sent.length) return { hit, places: sent };
  const all = await allPlaces(hit, p.version);
  // The document may have changed while the worker answered: its places are then those of an older text.
  if (state.current() !== p) return { hit, places: sent };
  return { hit, places: all ?? sent };
}
