import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MissedError, readLabelFile } from '../../bench/sessions/labels';
import { RuleFigures } from '../../bench/sessions/ruleFigures';
import type { SessionFinding } from '../../bench/sessions/sessionFindings';
import { readSources } from '../../bench/sessionsCorpus';

function labelFile(lines: object[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'gc-labels-')), 'session.jsonl.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n'));
  return path;
}

const finding = (line: number, text: string): SessionFinding =>
  ({ key: `k-${line}-${text}`, line, text, rule: 'test-counts', status: 'unverified', around: text }) as unknown as SessionFinding;

describe('hand labels of real sessions', () => {
  const missed: MissedError = { missed: true, text: '5 files', line: 40, category: 'wrong-count', note: 'line 38: find listed 8 files' };

  it('names a corpus session in every label file: a label file under another name would be read by nothing', () => {
    const sessions = new Set(readSources().map((s) => s.file));
    const stray = readdirSync(join(__dirname, '../../bench/sessions/labels')).filter(
      (name) => !(name.endsWith('.jsonl') && sessions.has(name.slice(0, -'.jsonl'.length))),
    );
    assert.deepEqual(stray, [], 'label files are named <corpus file>.jsonl');
  });

  it('keeps the real errors a labeller noticed without a finding apart from the labels of findings', () => {
    const read = readLabelFile(labelFile([{ key: 'a', text: '12', line: 3, label: true, category: 'wrong-count' }, missed]));
    assert.deepEqual([...read.labels.keys()], ['a']);
    assert.deepEqual(read.missed, [missed]);
  });

  it('names the file and line of a missed error that lacks its evidence', () => {
    const path = labelFile([
      { key: 'a', text: '12', line: 3, label: true, category: 'x' },
      { missed: true, text: '5 files', line: 40, category: 'wrong-count' },
    ]);
    assert.throws(() => readLabelFile(path), new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: a missed error needs`));
  });

  it('counts a missed error as flagged now only when a finding on its line holds its text', () => {
    const figures = new RuleFigures();
    figures.addMissed('test', [missed], [finding(41, '5 files'), finding(40, '12 tests')]);
    figures.addMissed('test', [{ ...missed, line: 7 }], [finding(7, '(5 files)')]);
    figures.addMissed('dev', [missed], []);
    assert.ok(
      figures.format().includes('real errors noticed by hand that had no finding when labelled: dev 1 (0 flagged now), test 2 (1 flagged now)'),
      figures.format().join('\n'),
    );
  });
});
