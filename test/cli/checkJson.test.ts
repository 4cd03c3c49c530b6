import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, fixture, readFixture, runCli } from './harness';

interface Rec {
  file: string;
  line: number;
  range: [number, number];
  format: string;
  level: string;
  score: number;
  explanation: string;
  entities: Array<{
    text: string;
    type: string;
    found: boolean;
    status: string;
    ranges: Array<[number, number]>;
    match?: { file?: string; range: [number, number] };
    matches?: Array<{ file?: string; range: [number, number] }>;
    matchCount?: number;
    closest?: { file?: string; range: [number, number]; text: string };
    contradiction?: { value: string; slot?: string; file?: string; range: [number, number] };
  }>;
  gaps: unknown[];
}

function records(stdout: string): Rec[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Rec);
}

describe('groundcheck check --format json', function () {
  this.timeout(60000);
  before(buildCli);

  it('writes one record per output with its line, raw range, level, score and explanation', () => {
    const r = runCli(['check', fixture('rag/answers.jsonl'), '--format', 'json']);
    assert.equal(r.code, 0);
    const recs = records(r.stdout);
    assert.deepEqual(
      recs.map((x) => [x.file, x.line, x.format, x.level, x.score, x.explanation]),
      [
        [fixture('rag/answers.jsonl'), 1, 'ragas', 'GROUNDED', 1, 'All extracted entities verified in context.'],
        [fixture('rag/answers.jsonl'), 2, 'ragas', 'PARTIAL', 1 / 3, `quoted_string '"strong"' and number '$4.2M' not found in context.`],
        [fixture('rag/answers.jsonl'), 3, 'ragas', 'UNGROUNDED', 0, "number '14 days' not found in context."],
      ],
    );
    const raw = readFixture('rag/answers.jsonl');
    // The output's range covers its JSON string's content exactly, escapes and all.
    assert.equal(raw.slice(...recs[1].range), 'Q3 was \\"strong\\":\\trevenue reached $4.2M.');
  });

  it('gives raw ranges for every entity and context match: slicing the file yields the text as written there', () => {
    const raw = readFixture('rag/answers.jsonl');
    const recs = records(runCli(['check', fixture('rag/answers.jsonl'), '--format', 'json']).stdout);
    const partial = recs[1].entities;
    assert.deepEqual(
      partial.map((e) => [e.text, e.type, e.found, e.status, e.ranges.map((g) => raw.slice(...g))]),
      [
        ['Q3', 'date', true, 'grounded', ['Q3']],
        ['"strong"', 'quoted_string', false, 'unverified', ['\\"strong\\"']],
        ['$4.2M', 'number', false, 'unverified', ['$4.2M']],
      ],
    );
    // Q3 is in the question and in the retrieved passage; both ground it. The record names its
    // file once; the ledger gives the nearest place before the output and how many there are.
    assert.deepEqual(partial[0].match, { range: [204, 206] });
    assert.equal(partial[0].matchCount, 2);
    assert.equal(raw.slice(...partial[0].match!.range), 'Q3');
    assert.equal(partial[0].matches, undefined);
    const all = records(runCli(['check', fixture('rag/answers.jsonl'), '--format', 'json', '--all-locations']).stdout)[1].entities;
    assert.deepEqual(all[0].matches, [{ range: [171, 173] }, { range: [204, 206] }]);
    assert.equal(all[0].match, undefined);
    const closest = partial[2].closest!;
    assert.equal(closest.text, '$4.1M');
    assert.equal(raw.slice(...closest.range), '$4.1M');
  });

  it('keeps stdout pure JSON Lines and reports problems on stderr', () => {
    const r = runCli(['check', fixture('broken.jsonl'), fixture('rag/unicode.jsonl'), '--format', 'json']);
    assert.equal(r.code, 2);
    const recs = records(r.stdout);
    assert.deepEqual(
      recs.map((x) => [x.file, x.line, x.level]),
      [
        [fixture('broken.jsonl'), 1, 'PARTIAL'],
        [fixture('rag/unicode.jsonl'), 1, 'UNGROUNDED'],
      ],
    );
    assert.match(r.stderr, /^test\/fixtures\/cli\/broken\.jsonl:2:1: error: /);
  });

  it("gives a contradicted entity the context's value and where the context gives it", () => {
    const raw = readFixture('rag/unicode.jsonl');
    const [rec] = records(runCli(['check', fixture('rag/unicode.jsonl'), '--format', 'json']).stdout);
    const price = rec.entities.find((e) => e.text === '$15')!;
    assert.equal(price.status, 'contradicted');
    assert.deepEqual(price.contradiction, { value: '$12', range: [63, 66] });
    assert.equal(raw.slice(...price.contradiction!.range), '$12');
  });

  it('places a contradiction in the segment that holds it when unindexed turns come first', () => {
    // The first user turn is never answered, so it grounds nothing and is not indexed: the report is segment 3 but index part 2.
    const line = (o: object) => JSON.stringify(o);
    const raw =
      [
        line({ type: 'user', uuid: 'x1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'An earlier question nobody answered.' } }),
        line({ type: 'user', uuid: 'u1', parentUuid: null, sessionId: 's', message: { role: 'user', content: 'Summarise report.txt' } }),
        line({
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          sessionId: 's',
          message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'cat report.txt' } }] },
        }),
        line({
          type: 'user',
          uuid: 'u2',
          parentUuid: 'a1',
          sessionId: 's',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Q3 revenue: $4.3M from 47 customers.' }] },
        }),
        line({
          type: 'assistant',
          uuid: 'a2',
          parentUuid: 'u2',
          sessionId: 's',
          message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Q3 revenue was $4.2M.' }] },
        }),
      ].join('\n') + '\n';
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-json-'));
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, raw);
    // slot-contradictions does not flag in an agent's turn unless a config turns it on.
    const config = join(dir, 'groundcheck.config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'slot-contradictions': 'on' } }));
    const [rec] = records(runCli(['check', file, '--format', 'json', '--config', config]).stdout);
    const revenue = rec.entities.find((e) => e.text === '$4.2M')!;
    assert.equal(revenue.status, 'contradicted');
    assert.equal(revenue.contradiction!.value, '$4.3M');
    const [start, end] = revenue.contradiction!.range;
    assert.equal(raw.slice(start, end), '$4.3M');
    assert.equal(raw.slice(0, start).split('\n').length, 4);
  });
});
