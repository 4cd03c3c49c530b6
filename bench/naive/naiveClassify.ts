/**
 * The reference lookup the classifier bench compares against: the published
 * approach of normalizing the context once and running `indexOf` for every
 * form of every entity over the whole normalized string. Same extraction,
 * same forms, same location cap, so the only difference is the lookup.
 */
import { LOCATION_CAP } from '../../shared/lookup/lookupEntities';
import type { ExtractedEntity } from '../../shared/classifier/types';
import { normalizeForm } from '../../shared/text/normalize';

export interface NaiveLookup {
  found: boolean;
  /** Start offsets in the normalized context. */
  starts: number[];
}

export function naiveLookUp(extracted: readonly ExtractedEntity[], normalizedContext: string): NaiveLookup[] {
  return extracted.map((entity) => {
    const starts: number[] = [];
    for (const form of entity.forms) {
      const needle = normalizeForm(form, { foldCase: true });
      if (needle === '') continue;
      for (let at = normalizedContext.indexOf(needle); at >= 0 && starts.length < LOCATION_CAP; at = normalizedContext.indexOf(needle, at + 1)) {
        starts.push(at);
      }
    }
    return { found: starts.length > 0, starts };
  });
}
