/**
 * The refined profile's view of what an output claims: extracted entities
 * restricted to occurrences inside claim sentences, without the occurrences
 * that precision rules show are not claims (list markers, generic
 * attributions, capitalized sentence openers, AM/PM, rating-scale maxima), and with numbered-passage
 * references turned into citations of that passage.
 *
 * Rules work per occurrence, because deduplication merges every `3` of an
 * output into one entity while only some of them are list markers.
 */
import type { ExtractedEntity, Range } from '../classifier/types';
import type { OutputSentence } from './claims';
import { narrowed } from '../extract/narrowed';
import { ALL_RULES_ON, type RuleSwitch } from '../classifier/rules';
import { isGenericAttribution } from './rules/genericAttribution';
import { isListMarker } from './rules/listMarkers';
import { OwnNumbering } from './rules/ownNumbering';
import { isMeridiem } from './rules/meridiem';
import { isRatingScaleMaximum } from './rules/ratingScale';
import { isSentenceInitialWord } from './rules/sentenceInitialWords';
import { asSourceReference } from './rules/sourceReferences';
import { firstAboveBy } from '../text/sortedSearch';
import { bySpanStart } from './spanOrder';

export function refineExtracted(
  output: string,
  extracted: readonly ExtractedEntity[],
  sentences: readonly OutputSentence[],
  on: RuleSwitch = ALL_RULES_ON,
): ExtractedEntity[] {
  const claimRanges = sentences.filter((s) => s.kind === 'claim').map((s) => s.span);
  const sentenceStarts = new Set(sentences.map((s) => s.span[0]));
  const kept: ExtractedEntity[] = [];
  const references = new Map<string, ExtractedEntity>();
  const own = on('own-numbering') ? new OwnNumbering(output) : undefined;
  for (const entity of extracted) {
    const occurrences: Range[] = [];
    for (const occ of entity.occurrences) {
      if (!insideAny(occ, claimRanges)) continue;
      // The rules read an occurrence's text, type and span; one object shape for every entity keeps this cheap.
      const view: ExtractedEntity = { text: output.slice(occ[0], occ[1]), type: entity.type, span: occ, forms: entity.forms, occurrences: [occ] };
      if (notAClaim(output, view, sentenceStarts, on) || own?.has(output, view)) continue;
      const reference = on('source-references') ? asSourceReference(output, view) : undefined;
      if (reference) {
        const key = reference.forms[1];
        const seen = references.get(key);
        if (seen) seen.occurrences.push(reference.span);
        else references.set(key, reference);
        continue;
      }
      occurrences.push(occ);
    }
    if (occurrences.length > 0) kept.push(narrowed(entity, output, occurrences));
  }
  kept.push(...references.values());
  return bySpanStart(kept);
}

function notAClaim(output: string, e: ExtractedEntity, sentenceStarts: ReadonlySet<number>, on: RuleSwitch): boolean {
  return (
    (on('list-markers') && isListMarker(output, e)) ||
    (on('generic-attributions') && isGenericAttribution(e)) ||
    (on('sentence-initial-words') && isSentenceInitialWord(output, e, sentenceStarts)) ||
    (on('meridiem') && isMeridiem(output, e)) ||
    (on('rating-scale') && isRatingScaleMaximum(output, e))
  );
}

/** `ranges` are sorted and disjoint; binary search keeps this logarithmic. */
function insideAny(r: Range, ranges: readonly Range[]): boolean {
  const i = firstAboveBy(ranges, (range) => range[1], r[0]);
  return i < ranges.length && ranges[i][0] <= r[0] && r[1] <= ranges[i][1];
}
