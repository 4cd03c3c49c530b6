import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, REPO, runCli } from './harness';

interface Rec {
  file: string;
  format: string;
  range: [number, number];
  entities: Array<{ text: string; ranges: Array<[number, number]>; matches: Array<{ file: string; range: [number, number] }> }>;
}

describe('groundcheck check over every transcript format', function () {
  this.timeout(120000);
  before(buildCli);

  it('gives entity ranges that slice the raw file to the entity wherever no escape sits inside it', () => {
    const r = runCli(['check', 'test/fixtures/transcripts', '--format', 'json', '--jobs', '2']);
    const recs = r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Rec);
    const formats = new Set<string>();
    let compared = 0;
    const raws = new Map<string, string>();
    const rawOf = (file: string) => {
      if (!raws.has(file)) raws.set(file, readFileSync(join(REPO, file), 'utf8'));
      return raws.get(file)!;
    };
    for (const rec of recs) {
      if (rec.file.endsWith('.eval')) continue; // Zip entries: ranges point into the decompressed sample, not the file.
      const raw = rawOf(rec.file);
      for (const e of rec.entities) {
        for (const range of e.ranges) {
          const slice = raw.slice(...range);
          // Escapes (\" \n \u00e9), CSV-doubled quotes and folded whitespace legitimately differ from the decoded text.
          if (/[\\"\s]/.test(slice) || /["\s]/.test(e.text)) continue;
          assert.equal(slice, e.text, `${rec.file} ${JSON.stringify(range)}`);
          formats.add(rec.format);
          compared++;
        }
      }
    }
    assert.ok(compared >= 50, `only ${compared} ranges compared`);
    assert.ok(formats.size >= 10, `only ${[...formats].join(', ')}`);
  });
});
