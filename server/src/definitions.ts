/**
 * Go to Definition / Peek and Find References on an entity: where the context
 * has it (the definition nearest the output first); for an entity the context
 * lacks, the closest thing it does say.
 */
import type { Location, Position } from 'vscode-languageserver/node';
import type { DocumentState } from './documentState';
import { placeLocation, toLspRange } from './positions';

export function definition(state: DocumentState, position: Position): Location[] {
  const p = state.current();
  if (!p) return [];
  const hit = state.occurrenceIndex(p).at(state.doc.offsetAt(position));
  if (!hit) return [];
  const { entity } = hit;
  if (entity.matches.length > 0) return entity.matches.map((m) => placeLocation(state.doc, m));
  return entity.closest ? [placeLocation(state.doc, entity.closest)] : [];
}

/** Every context location of the entity, plus its own occurrences when asked to include the declaration. */
export function references(state: DocumentState, position: Position, includeDeclaration: boolean): Location[] {
  const p = state.current();
  if (!p) return [];
  const hit = state.occurrenceIndex(p).at(state.doc.offsetAt(position));
  if (!hit) return [];
  // Matches come nearest first; a list of references reads in file order.
  const inFileOrder = [...hit.entity.matches].sort((a, b) => a.segment - b.segment || a.raw[0] - b.raw[0]);
  const out = inFileOrder.map((m) => placeLocation(state.doc, m));
  if (includeDeclaration) for (const r of hit.entity.occurrences) out.push({ uri: state.doc.uri, range: toLspRange(state.doc, r) });
  return out;
}
