import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateRepetitiveSession } from '../../bench/generators/repetitiveSession';
import { runTurns, type TurnsReport } from '../../cli/commands/turns';
import { contextOf } from '../../shared/transcript/causalContext';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';

const FIXTURES = join(__dirname, '..', 'fixtures', 'transcripts');

const RAG_ROWS = [
  {
    user_input: 'Is shipping free?',
    retrieved_contexts: ['Free shipping on orders above $50.', 'Returns within 30 days.'],
    response: 'Yes, on orders over $50 since 2021.',
    reference: 'Only above $50.',
  },
  {
    user_input: 'When does the lease start?',
    retrieved_contexts: ['The lease starts on 1 March 2024.'],
    response: 'On 1 March 2024.',
    reference: '1 March 2024',
  },
];

function run(file: string, options: { json?: boolean; echo?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runTurns(file, options, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('groundcheck turns', () => {
  let dir: string;
  let rag: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-turns-'));
    rag = join(dir, 'rag.jsonl');
    writeFileSync(rag, RAG_ROWS.map((r) => JSON.stringify(r)).join('\n') + '\nnot json\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lists segments, each output’s context and the parse errors as JSON', () => {
    const { code, out, err } = run(rag, { json: true });
    assert.equal(code, 0);
    assert.equal(err, '');
    const report = JSON.parse(out) as TurnsReport;
    assert.equal(report.format, 'ragas');
    assert.deepEqual(
      report.segments.map((s) => [s.id, s.role, s.parent, s.isOutput, s.contextAdded ?? null]),
      [
        [0, 'user', -1, false, null],
        [1, 'document', 0, false, null],
        [2, 'document', 1, false, null],
        [3, 'assistant', 2, true, [0, 1, 2]],
        [4, 'grader', 0, false, null],
        [5, 'user', -1, false, null],
        [6, 'document', 5, false, null],
        [7, 'assistant', 6, true, [5, 6]],
        [8, 'grader', 5, false, null],
      ],
    );
    const raw = RAG_ROWS.map((r) => JSON.stringify(r)).join('\n');
    const response = report.segments[7];
    assert.equal(response.line, 2);
    assert.equal(raw.slice(response.rawRange[0], response.rawRange[1]), 'On 1 March 2024.');
    const bad = raw.length + 1;
    assert.deepEqual(report.errors, [{ line: 3, message: 'Line 3 is not valid JSON: InvalidSymbol at column 1.', rawRange: [bad, bad + 'not json'.length] }]);
  });

  it('prints a readable table with parse errors as file:line: message', () => {
    const { code, out } = run(rag);
    assert.equal(code, 0);
    const lines = out.split('\n');
    assert.equal(lines[0], `${rag}: ragas, 9 segments (2 outputs), 1 parse error`);
    assert.equal(lines[2], 'id  role         line  raw range  parent  label                        text');
    assert.equal(lines[6], ' 3  assistant ✓     1  132-167         2  response (row 1)             Yes, on orders over $50 since 2021.');
    assert.equal(lines[7], '    context: 0-2 (3 segments)');
    assert.equal(lines[lines.length - 1], `${rag}:3: Line 3 is not valid JSON: InvalidSymbol at column 1.`);
  });

  it('gives each output its whole context as the output above it plus what came since, linear in the session', () => {
    // Every fixture and generated session: unordered spans, branches, sub-agents, echoes on and off.
    const files = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
      .map((f) => join(FIXTURES, f))
      .filter((f) => statSync(f).isFile());
    const long = join(dir, 'long.jsonl');
    writeFileSync(long, generateRepetitiveSession({ targetSize: 2_000_000 }).raw);
    let compared = 0;
    for (const file of [...files, long]) {
      for (const echo of [false, true]) {
        const { code, out } = run(file, { json: true, echo });
        if (code !== 0) continue;
        const report = JSON.parse(out) as TurnsReport;
        // Read as the command reads it: zipped logs (Inspect `.eval`) need their bytes.
        const bytes = readFileSync(file);
        const t = parseTranscript({ raw: new TextDecoder('utf-8').decode(bytes), path: file, bytes });
        assert.ok(!isNotTranscript(t));
        const whole = (id: number): number[] => {
          const row = report.segments[id];
          return [...(row.contextAfter === undefined ? [] : whole(row.contextAfter)), ...row.contextAdded!];
        };
        for (const row of report.segments.filter((r) => r.isOutput)) {
          const expected = contextOf(t, row.id, { echo });
          assert.deepEqual(whole(row.id), expected, `${file} output ${row.id}`);
          assert.equal(row.contextSize, expected.length);
          compared++;
        }
        // Each grounding segment is listed under one output of each branch, not under every output below it.
        const listed = report.segments.reduce((n, r) => n + (r.contextAdded?.length ?? 0), 0);
        assert.ok(listed <= 2 * report.segments.length, `${file}: ${listed} ids listed for ${report.segments.length} segments`);
      }
    }
    assert.ok(compared > 1_000, `${compared} outputs compared`);
  }).timeout(60_000);

  it('exits 2 with a clear message for a file that is not a transcript', () => {
    const pkg = join(dir, 'package.json');
    writeFileSync(pkg, JSON.stringify({ name: 'shop', version: '1.0.0', scripts: {} }));
    const { code, out, err } = run(pkg);
    assert.equal(code, 2);
    assert.equal(out, '');
    assert.equal(
      err,
      `groundcheck turns: ${pkg}: not a transcript or RAG fixture groundcheck knows: a JSON object with keys name, version, scripts that matches no known format.`,
    );
  });

  it('exits 2 when the file cannot be read', () => {
    const missing = join(dir, 'missing.jsonl');
    assert.deepEqual(run(missing), { code: 2, out: '', err: `groundcheck turns: cannot read ${missing}: no such file` });
    assert.deepEqual(run(dir), { code: 2, out: '', err: `groundcheck turns: cannot read ${dir}: not a regular file (a folder): not read` });
  });

  it('states file-wide gaps once and an output’s own gaps under it', () => {
    const envelope = { sessionId: 's1', cwd: '/w', version: '2.0.14', isSidechain: false, timestamp: '2025-09-14T09:00:00Z' };
    const session = join(dir, 'session.jsonl');
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
    writeFileSync(
      session,
      [
        {
          ...envelope,
          type: 'user',
          uuid: 'u1',
          parentUuid: null,
          message: { role: 'user', content: [image, { type: 'text', text: 'What does the banner say?' }] },
        },
        {
          ...envelope,
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'It says 40% off until 2025-10-01.' }] },
        },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const report = JSON.parse(run(session, { json: true }).out) as TurnsReport;
    assert.equal(report.format, 'claude-code');
    const output = report.segments.filter((s) => s.isOutput);
    assert.equal(output.length, 1);
    assert.deepEqual(
      report.gaps.map((g) => g.code),
      ['system-prompt-not-logged'],
    );
    assert.deepEqual(
      output[0].gaps?.map((g) => g.code),
      ['system-prompt-not-logged', 'image-content'],
    );
    const table = run(session).out.split('\n');
    assert.equal(table.filter((l) => l.startsWith('  context incomplete for every output: ')).length, 1);
    const gapLines = table.filter((l) => l.trimStart().startsWith('gap: '));
    assert.equal(gapLines.length, 1);
    assert.ok(gapLines[0].endsWith('[image-content]'));
  });
});
