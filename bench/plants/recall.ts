/**
 * Whether groundcheck flags a plant: the planted output is checked again
 * against the index of the unchanged file, as an editor re-checks the turn
 * being edited. That is exact because a plant changes only an output, and
 * outputs ground nothing while model-written text does not count as context;
 * `verifyPlant` confirms it on a planted copy of the raw file parsed afresh.
 */
import { checkOutput, gapsOf, type TranscriptCheck } from '../../shared/check/checkTranscript';
import { namesCheckable } from '../../shared/code/rules/absentNames';
import type { Range } from '../../shared/classifier/types';
import { isFinding } from '../../shared/classifier/findingStatus';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { checkSession } from '../sessions/sessionFindings';
import { plantedRaw, plantedText, type GeneratedPlant } from './plant';

/**
 * What groundcheck made of a plant: `caught` when a finding covers its
 * changed characters; else what the entities covering them were judged
 * (`indeterminate` when any was, `grounded` when one was found in the
 * context), or `not-extracted` when no entity covers them at all.
 */
export type PlantOutcome = 'caught' | 'indeterminate' | 'grounded' | 'not-extracted';

export function plantOutcome(check: TranscriptCheck, plant: GeneratedPlant): PlantOutcome {
  if (check.options.echo) throw new Error('plants are re-checked alone only when model-written text grounds nothing');
  const segments = check.transcript.segments;
  const original = segments[plant.segment];
  const { text, changed } = plantedText(original.text, plant);
  segments[plant.segment] = { ...original, text };
  try {
    const o = checkOutput(check.index, plant.segment, check.options);
    const covering = o.result.entities.filter((e) => e.occurrences.some((occ) => overlaps(occ, changed)));
    if (covering.some((e) => isFinding(e.status))) return 'caught';
    if (covering.some((e) => e.status === 'indeterminate')) return 'indeterminate';
    return covering.length > 0 ? 'grounded' : 'not-extracted';
  } finally {
    segments[plant.segment] = original;
  }
}

/**
 * Plants the raw file, parses and checks the copy from scratch, and answers
 * whether a finding covers the plant there; throws when the copy does not
 * parse to the same segments with only the planted output's text changed.
 */
export function verifyPlant(raw: string, path: string, original: TranscriptCheck, plant: GeneratedPlant): boolean {
  const copy = plantedRaw(raw, plant);
  const parsed = parseTranscript({ raw: copy.raw, path });
  if (isNotTranscript(parsed)) throw new Error(`planted copy is not a transcript: ${parsed.reason}`);
  const before = original.transcript.segments;
  if (parsed.segments.length !== before.length) throw new Error(`planted copy has ${parsed.segments.length} segments, not ${before.length}`);
  const expected = plantedText(before[plant.segment].text, plant).text;
  parsed.segments.forEach((s, i) => {
    const want = i === plant.segment ? expected : before[i].text;
    if (s.text !== want || s.role !== before[i].role) throw new Error(`planted copy differs in segment ${i}`);
  });
  return checkSession(copy.raw, path, original.options.rules).findings.some((f) => overlaps(f.raw, copy.changed));
}

/**
 * Whether the checker grounded the value the plant replaced, in the answer
 * as the log has it: the plant then turns a value the context supports into
 * one it does not, the change every rule that grounds a value should see.
 * Many plants replace the agent's own figures or names that nothing in the
 * context gave, where no check of the context can tell the planted value
 * from the original: recall over grounded originals leaves those out.
 */
export function originalGrounded(check: TranscriptCheck, plant: GeneratedPlant): boolean {
  const output = check.outputs.find((o) => o.segment === plant.segment);
  if (!output) return false;
  const covering = output.result.entities.filter((e) => e.occurrences.some((occ) => overlaps(occ, plant.decoded)));
  return covering.length > 0 && covering.every((e) => e.status === 'grounded');
}

function overlaps([s, e]: Range, [from, to]: Range): boolean {
  return s < to && e > from;
}

/**
 * Whether the log of the plant's turn leaves out material the planted value
 * could have come from (files a Markdown chat never recorded, an attachment,
 * an image): there a value nothing spelt is no evidence of invention, and
 * the rules rightly give no verdict, so recall is also counted without them.
 */
export function logOmitsSources(check: TranscriptCheck, plant: GeneratedPlant): boolean {
  const segment = check.transcript.segments[plant.segment];
  if (check.index.codeSessionFor(plant.segment).view.unloggedAttachments().length > 0) return true;
  return !namesCheckable(gapsOf(check.transcript, segment));
}
