/**
 * Generates one kind's plants on a small session and checks what every
 * plant must satisfy: the raw bytes under it decode to the original value,
 * the replacement occurs nowhere in the session (in any case), and the
 * planted raw file parses to the same segments with only the answer changed.
 */
import { strict as assert } from 'node:assert';
import { generatePlants } from '../../../bench/plants/generate';
import { GENERATORS } from '../../../bench/plants/kinds';
import { plantedRaw, plantedText, type GeneratedPlant, type PlantKind } from '../../../bench/plants/plant';
import { isNotTranscript, parseTranscript } from '../../../shared/transcript/detect';
import type { Transcript } from '../../../shared/transcript/model';

export function parse(raw: string, path?: string): Transcript {
  const t = parseTranscript({ raw, ...(path ? { path } : {}) });
  if (isNotTranscript(t)) throw new Error(t.reason);
  return t;
}

export function plantsOf(raw: string, kind: PlantKind, seed = 'test-seed', path?: string): GeneratedPlant[] {
  const generator = GENERATORS.find((g) => g.kind === kind)!;
  return generatePlants(raw, parse(raw, path), { seed, file: 'session', perKind: 100, generators: [generator] }).plants;
}

/** Asserts every property a plant must have, and answers the plants. */
export function validPlants(raw: string, kind: PlantKind, path?: string): GeneratedPlant[] {
  const transcript = parse(raw, path);
  const plants = plantsOf(raw, kind, 'test-seed', path);
  const everything = transcript.segments
    .map((s) => s.text)
    .join('\n')
    .toLowerCase();
  for (const p of plants) {
    assert.equal(p.kind, kind);
    assert.equal(transcript.segments[p.segment].text.slice(...p.decoded), p.find);
    const rawFind = raw.slice(...p.rawRange);
    assert.ok(rawFind === p.find || JSON.parse(`"${rawFind}"`) === p.find, `raw ${JSON.stringify(rawFind)} is not ${JSON.stringify(p.find)}`);
    assert.ok(!raw.toLowerCase().includes(p.replace.toLowerCase()) || /^\d+$/.test(p.replace), `${p.replace} occurs in the raw file`);
    assert.ok(!everything.includes(p.replace.toLowerCase()) || /^\d+$/.test(p.replace), `${p.replace} occurs in the session`);
    const copy = plantedRaw(raw, p);
    const again = parse(copy.raw, path);
    assert.equal(again.segments.length, transcript.segments.length);
    again.segments.forEach((s, i) => {
      assert.equal(s.text, i === p.segment ? plantedText(transcript.segments[i].text, p).text : transcript.segments[i].text);
    });
  }
  return plants;
}

/** The plants as `find → replace` at their decoded start, for comparing. */
export function described(plants: readonly GeneratedPlant[]): string[] {
  return plants.map((p) => `${p.segment}@${p.decoded[0]} ${p.find} → ${p.replace}`);
}
