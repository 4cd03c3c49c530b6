/**
 * Fabrications planted into copies of corpus files (`plants.json`): a
 * wrong line number, a renamed identifier inside a quoted block, a changed
 * value, a file never read. Each plant replaces one exact string, which must
 * occur once in the file (inside an assistant turn); the copy is made in
 * memory, so the corpus stays byte-for-byte what was collected.
 */
import { readFileSync } from 'node:fs';
import type { Range } from '../../shared/classifier/types';

export interface Plant {
  file: string;
  /** Raw text to replace (JSON-escaped where the file is JSON), unique in the file. */
  find: string;
  replace: string;
  kind: 'wrong-line' | 'renamed-identifier' | 'changed-value' | 'unread-file' | 'changed-count' | 'changed-version';
  note?: string;
}

export interface PlantedCopy {
  raw: string;
  /** Where each plant's replacement sits in the copy, in `plants` order. */
  ranges: Range[];
  plants: Plant[];
}

export function readPlants(path: string): Plant[] {
  return JSON.parse(readFileSync(path, 'utf8')) as Plant[];
}

/** The file with every plant for it applied; a plant whose `find` is missing or repeated is an error. */
export function plantedCopy(raw: string, plants: readonly Plant[]): PlantedCopy {
  const placed = plants.map((p) => {
    const at = raw.indexOf(p.find);
    if (at === -1) throw new Error(`${p.file}: plant not found: ${JSON.stringify(p.find.slice(0, 60))}`);
    if (raw.indexOf(p.find, at + 1) !== -1) throw new Error(`${p.file}: plant is not unique: ${JSON.stringify(p.find.slice(0, 60))}`);
    return { plant: p, at };
  });
  const order = placed.map((_, i) => i).sort((a, b) => placed[a].at - placed[b].at);
  const ranges: Range[] = new Array(plants.length);
  let out = '';
  let from = 0;
  for (const i of order) {
    const { plant, at } = placed[i];
    if (at < from) throw new Error(`${plant.file}: plants overlap at offset ${at}`);
    out += raw.slice(from, at);
    const { start, end } = changedPart(plant.find, plant.replace);
    ranges[i] = [out.length + start, out.length + end];
    out += plant.replace;
    from = at + plant.find.length;
  }
  return { raw: out + raw.slice(from), ranges, plants: [...plants] };
}

/** The part of `replace` that differs from `find` (common prefix and suffix dropped), at least one unit wide. */
function changedPart(find: string, replace: string): { start: number; end: number } {
  let start = 0;
  while (start < find.length && start < replace.length && find[start] === replace[start]) start++;
  let end = 0;
  while (end < find.length - start && end < replace.length - start && find[find.length - 1 - end] === replace[replace.length - 1 - end]) end++;
  return { start, end: Math.max(start + 1, replace.length - end) };
}
