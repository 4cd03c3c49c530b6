/**
 * Where the context has an entity, as hover, Go to Definition and the
 * conversation view link to it: sent with the findings of a small file, and
 * in a large one read in the worker when one of them asks. Laying out the
 * nearest places of every entity with the check was most of what the
 * server added to checking a long session, for hovers that touch a handful
 * of them.
 */
import { matchRawRange } from '../../shared/check/rawRanges';
import { isPending } from '../../shared/classifier/lazyProperty';
import type { ContextMatch, Entity, Range } from '../../shared/classifier/types';
import { nearestOf } from '../../shared/lookup/lookupEntities';
import type { Transcript } from '../../shared/transcript/model';
import { segmentLabel } from './contextLabels';
import { type ContextPlace, type EntityPlaces, MAX_PLACES } from './fileAnalysis';

/** The nearest places as first read, in the check's own terms (segment ids and decoded offsets). */
interface NearestRead {
  matches: readonly ContextMatch[];
  matchCount: number;
  morePlaces?: true;
}

/**
 * Per entity, its nearest places as first read. Reading every place of an
 * entity (Find References) settles its lazy list of matches; the hover must
 * go on saying what it said before that, so what it shows is read once and
 * kept. Entities of outputs checked again are new objects, so they are read
 * afresh.
 */
const firstRead = new WeakMap<Entity, NearestRead>();

/**
 * The MAX_PLACES places nearest the output and how many there are, in raw
 * offsets of the transcript as it is now. Only one more is read to tell
 * whether there are more: the rest are read when asked for (`allPlaces`).
 */
export function nearestPlaces(t: Transcript, e: Entity): EntityPlaces {
  let read = firstRead.get(e);
  if (!read) {
    read = readNearest(e);
    firstRead.set(e, read);
  }
  const places: EntityPlaces = { matches: nearestFirst(t, read.matches, MAX_PLACES), matchCount: read.matchCount };
  if (read.morePlaces) places.morePlaces = true;
  return places;
}

/** Every place of the entity, nearest the output first, after what the hover shows was read (see `firstRead`). */
export function allPlaces(t: Transcript, e: Entity): EntityPlaces {
  const nearest = nearestPlaces(t, e);
  if (!nearest.morePlaces && nearest.matchCount <= nearest.matches.length) return nearest;
  return { ...nearest, matches: nearestFirst(t, e.matches, Infinity) };
}

function readNearest(e: Entity): NearestRead {
  const near = nearestOf(e, MAX_PLACES + 1);
  if (near.all) return { matches: near.matches, matchCount: near.matches.length };
  // Places the check already read are counted; otherwise the count is what was read, and there are more.
  return isPending(e, 'matches')
    ? { matches: near.matches, matchCount: near.matches.length, morePlaces: true }
    : { matches: near.matches, matchCount: e.matches.length };
}

function nearestFirst(t: Transcript, matches: readonly ContextMatch[], max: number): ContextPlace[] {
  const out: ContextPlace[] = [];
  for (let i = matches.length - 1; i >= 0 && out.length < max; i--) out.push(place(t, matches[i].part, matchRawRange(t, matches[i])));
  return out;
}

/** A place of the findings with what the editor shows of it: the segment's role and label, and the file or archive entry it is in. */
export function place(t: Transcript, segmentId: number, raw: Range): ContextPlace {
  const s = t.segments[segmentId];
  const p: ContextPlace = { segment: segmentId, role: s.role, label: segmentLabel(s), raw };
  // An archive's entry names are not paths: `samples/../../x.json` must never be opened on disk.
  if (s.source !== undefined && t.entries?.has(s.source)) p.entry = s.source;
  else if (s.source) p.source = s.source;
  return p;
}
