/**
 * Generates plants for one session file: every kind looks for its values in
 * the file's final answers, each site is placed at its exact raw bytes, and
 * up to `perKind` sites per kind are kept, chosen by a PRNG seeded with the
 * seed, the file's name and the kind, so one file's plants do not change
 * when other files or kinds come and go.
 */
import { createHash } from 'node:crypto';
import type { Transcript } from '../../shared/transcript/model';
import { prng } from '../generators/prng';
import { finalAnswers } from './answers';
import type { PlantGenerator } from './generator';
import { GENERATORS } from './kinds';
import { placeSite, type GeneratedPlant, type PlantKind } from './plant';
import { SessionText } from './sessionText';

export interface GenerateOptions {
  seed: string;
  /** The file's name, part of every seed. */
  file: string;
  /** Plants kept per kind in this file. */
  perKind: number;
  /** Kinds to generate; all by default. */
  generators?: readonly PlantGenerator[];
}

export interface KindTally {
  /** Values of the kind the expressions matched in the final answers. */
  found: number;
  /** Of those, placeable: a replacement the session never mentions, at raw bytes that decode to the value. */
  placeable: number;
  planted: number;
}

export interface GeneratedPlants {
  plants: GeneratedPlant[];
  tally: Map<PlantKind, KindTally>;
}

export function generatePlants(raw: string, transcript: Transcript, options: GenerateOptions): GeneratedPlants {
  const session = new SessionText(transcript, raw);
  const answers = finalAnswers(transcript);
  const plants: GeneratedPlant[] = [];
  const tally = new Map<PlantKind, KindTally>();
  for (const generator of options.generators ?? GENERATORS) {
    const rand = prng(seedOf(options.seed, options.file, generator.kind));
    const t: KindTally = { found: 0, placeable: 0, planted: 0 };
    const placed: GeneratedPlant[] = [];
    for (const segment of answers) {
      const search = generator.sites(transcript.segments[segment].text, session, rand);
      t.found += search.found;
      for (const site of search.sites) {
        const plant = placeSite(raw, transcript, generator.kind, segment, site);
        if (typeof plant !== 'string') placed.push(plant);
      }
    }
    t.placeable = placed.length;
    const kept = sample(placed, options.perKind, rand);
    t.planted = kept.length;
    plants.push(...kept);
    tally.set(generator.kind, t);
  }
  return { plants, tally };
}

/** `size` of `items` chosen by `rand`, in their original order. */
function sample<T>(items: readonly T[], size: number, rand: () => number): T[] {
  if (items.length <= size) return [...items];
  const index = items.map((_, i) => i);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(rand() * (index.length - i));
    [index[i], index[j]] = [index[j], index[i]];
  }
  return index
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((i) => items[i]);
}

function seedOf(seed: string, file: string, kind: string): number {
  return createHash('sha256').update(`${seed}\u0000${file}\u0000${kind}`).digest().readUInt32LE(0);
}
