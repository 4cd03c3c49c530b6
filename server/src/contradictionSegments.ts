/**
 * A contradiction's context match in segment ids. A transcript check hands
 * back entity matches with `part` already a segment id, but an entity's
 * `contradiction.match` comes straight from the classifier and names an index
 * part. Index parts skip segments that cannot ground anything, so the two
 * numberings drift apart as soon as one segment is skipped; this translates
 * through the index's own part→segment table, once per check, before the
 * findings lay the match out in raw offsets.
 */
import type { OutputCheck } from '../../shared/check/checkTranscript';
import type { TranscriptIndex } from '../../shared/check/transcriptIndex';

/**
 * `check` with every contradiction's match naming the segment it is in. The
 * entities array is the check's own (the transcript check copies it), so its
 * contradicted entries are swapped for translated copies in place.
 */
export function withContradictionSegments(check: OutputCheck, index: Pick<TranscriptIndex, 'partSegment'>): OutputCheck {
  const entities = check.result.entities;
  for (let i = 0; i < entities.length; i++) {
    const c = entities[i].contradiction;
    if (!c) continue;
    const segment = index.partSegment[c.match.part];
    // Parts come from this very index, so the table always has the part.
    if (segment === undefined) continue;
    entities[i] = { ...entities[i], contradiction: { ...c, match: { ...c.match, part: segment } } };
  }
  return check;
}
