/**
 * Go to Definition / Peek and Find References on an entity: where the context
 * has it (the definition nearest the output first); for an entity the context
 * lacks, the closest thing it does say. The places are asked of the worker,
 * which keeps the check they come from.
 */
import type { Location, Position } from 'vscode-languageserver/node';
import type { DocumentState } from './documentState';
import type { ContextPlace, EntityPlaces } from './fileAnalysis';
import type { OccurrenceHit } from './occurrenceIndex';
import { placeLocation, toLspRange } from './positions';

/** The places of the hit's entity, nearest first (every one with `all`), or undefined when the worker no longer holds that check. */
export type PlacesOf = (hit: OccurrenceHit, version: number, all: boolean) => Promise<EntityPlaces | undefined>;

export async function definition(state: DocumentState, position: Position, placesOf: PlacesOf): Promise<Location[]> {
  const found = await placesAt(state, position, placesOf);
  if (!found) return [];
  const { hit, places } = found;
  if (places.length > 0) return places.map((m) => placeLocation(state.doc, m));
  return hit.entity.closest ? [placeLocation(state.doc, hit.entity.closest)] : [];
}

/** Every context location of the entity, plus its own occurrences when asked to include the declaration. */
export async function references(state: DocumentState, position: Position, includeDeclaration: boolean, placesOf: PlacesOf): Promise<Location[]> {
  const found = await placesAt(state, position, placesOf);
  if (!found) return [];
  // Places come nearest first; a list of references reads in file order.
  const inFileOrder = [...found.places].sort((a, b) => a.segment - b.segment || a.raw[0] - b.raw[0]);
  const out = inFileOrder.map((m) => placeLocation(state.doc, m));
  if (includeDeclaration) for (const r of found.hit.entity.occurrences) out.push({ uri: state.doc.uri, range: toLspRange(state.doc, r) });
  return out;
}

async function placesAt(state: DocumentState, position: Position, placesOf: PlacesOf): Promise<{ hit: OccurrenceHit; places: ContextPlace[] } | undefined> {
  const p = state.current();
  if (!p) return undefined;
  const hit = state.occurrenceIndex(p).at(state.doc.offsetAt(position));
  if (!hit) return undefined;
  if (hit.entity.noPlaces) return { hit, places: [] };
  const sent = hit.entity.places;
  if (sent && !sent.morePlaces && sent.matchCount <= sent.matches.length) return { hit, places: sent.matches };
  const all = await placesOf(hit, p.version, true);
  // The document may have changed while the worker answered: its places are then those of an older text.
  if (state.current() !== p) return sent ? { hit, places: sent.matches } : undefined;
  return { hit, places: all?.matches ?? sent?.matches ?? [] };
}
