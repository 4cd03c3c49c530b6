/**
 * What the fuzzer starts from: every transcript fixture and bundled example,
 * with the parser that reads it, as text (zips as latin1, one character per
 * byte, so a mutation of the text is a mutation of the bytes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { detectFormat } from '../../shared/transcript/detect';

const ROOT = path.resolve(__dirname, '../..');

export interface Seed {
  /** Path relative to the repository. */
  file: string;
  raw: string;
  zip: boolean;
  /** The parser detection picks for the intact file. */
  format: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export function loadSeeds(): Seed[] {
  const files = [...filesUnder(path.join(ROOT, 'test/fixtures/transcripts')), ...filesUnder(path.join(ROOT, 'examples'))];
  const seeds: Seed[] = [];
  for (const full of files.sort()) {
    const zip = full.endsWith('.eval');
    const raw = readFileSync(full, zip ? 'latin1' : 'utf8');
    const detected = detectFormat(raw.slice(0, 65536), full);
    if (detected) seeds.push({ file: path.relative(ROOT, full), raw, zip, format: detected.parser.id });
  }
  return seeds;
}
