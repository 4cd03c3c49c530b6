import { strict as assert } from 'node:assert';
import type { ExtractedEntity, EntityType } from '../../../shared/classifier/types';
import { isGenericAttribution } from '../../../shared/refine/rules/genericAttribution';
import { isListMarker } from '../../../shared/refine/rules/listMarkers';
import { isMeridiem } from '../../../shared/refine/rules/meridiem';
import { isRatingScaleMaximum } from '../../../shared/refine/rules/ratingScale';
import { isSentenceInitialWord } from '../../../shared/refine/rules/sentenceInitialWords';
import { asSourceReference } from '../../../shared/refine/rules/sourceReferences';
import { sentenceStarts } from '../../../shared/text/sentences';

/** The entity `text` at its first occurrence (or the `nth`) in `output`. */
function at(output: string, text: string, type: EntityType, nth = 0): ExtractedEntity {
  let start = -1;
  for (let i = 0; i <= nth; i++) start = output.indexOf(text, start + 1);
  assert.ok(start >= 0, `${text} not in output`);
  return { text, type, span: [start, start + text.length], forms: [text], occurrences: [[start, start + text.length]] };
}

describe('refine/rules: precision rules', () => {
  it('list markers: a small number opening a line or following the previous item', () => {
    const out = 'Steps:\n3. Add flour. 4. Stir for 3 minutes.\n12) Bake';
    assert.equal(isListMarker(out, at(out, '3', 'number')), true);
    assert.equal(isListMarker(out, at(out, '4', 'number')), true);
    assert.equal(isListMarker(out, at(out, '12', 'number')), true);
    assert.equal(isListMarker(out, at(out, '3', 'number', 1)), false);
  });

  it('generic attributions: no capital or digit after the first word', () => {
    assert.equal(isGenericAttribution(at('According to customer reviews, it is good.', 'customer reviews', 'citation')), true);
    assert.equal(isGenericAttribution(at('Take it from the refrigerator.', 'the refrigerator', 'citation')), true);
    assert.equal(isGenericAttribution(at('According to the SEC filing, it grew.', 'the SEC filing', 'citation')), false);
    assert.equal(isGenericAttribution(at('According to Reuters, it grew.', 'Reuters', 'citation')), false);
    assert.equal(isGenericAttribution(at('As stated in passage 2, it grew.', 'passage 2', 'citation')), false);
  });

  it('sentence-initial words: one capitalized word opening a sentence or a list item', () => {
    const out = 'However, it rained. Despite this, Paris stayed dry.\n2. Place the milk. NASA said so. McDonald agreed.';
    const starts = new Set(sentenceStarts(out));
    assert.equal(isSentenceInitialWord(out, at(out, 'However', 'proper_noun'), starts), true);
    assert.equal(isSentenceInitialWord(out, at(out, 'Despite', 'proper_noun'), starts), true);
    assert.equal(isSentenceInitialWord(out, at(out, 'Place', 'proper_noun'), starts), true);
    assert.equal(isSentenceInitialWord(out, at(out, 'Paris', 'proper_noun'), starts), false);
    assert.equal(isSentenceInitialWord(out, at(out, 'NASA', 'proper_noun'), starts), false);
    assert.equal(isSentenceInitialWord(out, at(out, 'McDonald', 'proper_noun'), starts), false);
  });

  it('meridiem: AM/PM right after digits is part of a time', () => {
    const out = 'Open 7-9 PM daily; PM Sunak visited.';
    assert.equal(isMeridiem(out, at(out, 'PM', 'proper_noun')), true);
    assert.equal(isMeridiem(out, at(out, 'PM', 'proper_noun', 1)), false);
  });

  it('rating scales: the usual maximum after a smaller rating, nothing else', () => {
    const out = 'Rated 4.0 out of 5 stars, 8 out of 10, and 30 out of 75 districts; 7 out of 5 stars.';
    assert.equal(isRatingScaleMaximum(out, at(out, '5 stars', 'number')), true);
    assert.equal(isRatingScaleMaximum(out, at(out, '10', 'number')), true);
    assert.equal(isRatingScaleMaximum(out, at(out, '75 districts', 'number')), false);
    assert.equal(isRatingScaleMaximum(out, at(out, '5 stars', 'number', 1)), false);
  });

  it('source references: `Passage 3` becomes a citation of that passage, range on the exact words', () => {
    const out = 'Passage 3 suggests running. See (document 12).';
    const ref = asSourceReference(out, at(out, '3 suggests', 'number'))!;
    assert.deepEqual([ref.text, ref.type, ref.span, ref.forms], ['Passage 3', 'citation', [0, 9], ['Passage 3', 'passage 3']]);
    const doc = asSourceReference(out, at(out, '12', 'number'))!;
    assert.deepEqual([doc.text, doc.span], ['document 12', [33, 44]]);
    assert.equal(asSourceReference('We ran 3 miles.', at('We ran 3 miles.', '3 miles', 'number')), undefined);
    assert.equal(asSourceReference('subpassage 3 a', at('subpassage 3 a', '3', 'number')), undefined);
  });
});
