/**
 * Raw-file ranges of check results: where an entity of an output, or a
 * context match, sits in the file as the editor shows it (escapes and nested
 * JSON included).
 */
import type { ContextMatch, Entity, Range } from '../classifier/types';
import type { Transcript } from '../transcript/model';
import { toRawRange } from '../transcript/offsets/offsetMaps';

/** Raw range of a decoded `span` in segment `segmentId` (an entity's `span` or one of its occurrences). */
export function entityRawRanges(transcript: Transcript, segmentId: number, span: Range): Range {
  return toRawRange(segmentOf(transcript, segmentId).map, span[0], span[1]);
}

/** Raw ranges of every occurrence of an entity in its output, first occurrence first. */
export function occurrenceRawRanges(transcript: Transcript, segmentId: number, entity: Entity): Range[] {
  const map = segmentOf(transcript, segmentId).map;
  return entity.occurrences.map(([s, e]) => toRawRange(map, s, e));
}

/** Raw range of a context match from `checkTranscript` (whose `part` is a segment id). */
export function matchRawRange(transcript: Transcript, match: ContextMatch): Range {
  return toRawRange(segmentOf(transcript, match.part).map, match.start, match.end);
}

function segmentOf(transcript: Transcript, id: number) {
  const segment = transcript.segments[id];
  if (!segment) throw new RangeError(`no segment ${id} in this transcript`);
  return segment;
}
