/**
 * The library's answers, as agent code reads them: every span names exactly
 * the characters of its value (in the output, in a passage, or in the raw
 * session file), a session is checked whole or turn by turn, the gate
 * follows its policy, and bad input is a clear error.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutput, checkTranscript, createGate, TranscriptError } from '../../lib';
import { claudeSession, line } from './sessions';

describe('library: checkOutput', () => {
  const output = 'Revenue was $4.2M in Q3, per the filing. Dana Whitfield signed on March 3, 2025.';
  const passages = [{ id: 'filing', text: 'Q3 filing: revenue was $4.3M.' }, 'Signed by Dana Whitfield on March 3, 2025.'];

  it('names each value by its span in the output and its evidence by spans in the passages', () => {
    const result = checkOutput(output, passages);
    assert.ok(result.entities.length >= 3);
    for (const e of result.entities) {
      assert.equal(output.slice(e.span.start, e.span.end), e.value);
      for (const o of e.occurrences) assert.equal(output.slice(o.start, o.end), e.value);
      for (const ev of e.evidence) {
        const p = passages[ev.passage];
        assert.equal((typeof p === 'string' ? p : p.text).slice(ev.span.start, ev.span.end), ev.text);
      }
    }
    const date = result.entities.find((e) => e.value === 'March 3, 2025');
    assert.equal(date?.verdict, 'grounded');
    assert.ok(date?.evidence.some((e) => e.passage === 1 && e.text === 'March 3, 2025'));
  });

  it('says what the context gives instead, and where, for a contradicted value', () => {
    const [finding] = checkOutput(output, passages).findings;
    assert.equal(finding.value, '$4.2M');
    assert.equal(finding.verdict, 'contradicted');
    assert.equal(finding.contextSays, '$4.3M');
    assert.deepEqual(finding.evidence, [{ passage: 0, id: 'filing', span: { start: 23, end: 28 }, text: '$4.3M' }]);
    assert.match(finding.message, /contradicts the context, which says '\$4\.3M'/);
    assert.ok(finding.rule.length > 0);
  });

  it('points an unverified value at the closest thing the context says', () => {
    const result = checkOutput('Dana paid $25.00 on Monday.', ['The invoice lists $20.00 for Dana, paid on Monday.']);
    assert.deepEqual(
      result.findings.map((f) => [f.value, f.verdict, f.rule, f.evidence.map((e) => e.text)]),
      [['$25.00', 'unverified', 'not-in-context', ['$20.00']]],
    );
  });

  it('refuses bad input with a message naming it', () => {
    assert.throws(() => checkOutput(42 as unknown as string, 'x'), /output must be a string, got number/);
    assert.throws(() => checkOutput('x', [{ txt: 'a' }] as never), /context\[0\] must be a string or \{ text: string, id\?: string \}/);
    assert.throws(() => checkOutput('x', 'y', { rules: { 'no-such-rule': 'off' } }), /unknown rule 'no-such-rule'/);
    assert.throws(() => checkOutput('x', 'y', { profile: 'loose' as never }), /unknown profile 'loose'/);
  });
});

describe('library: createGate', () => {
  const contradicted = ['Revenue was $4.2M in Q3.', 'Q3: revenue was $4.3M.'] as const;

  it('flags findings and blocks nothing by default', () => {
    const gate = createGate();
    assert.equal(gate(...contradicted).verdict, 'flag');
    assert.equal(gate('Revenue was $4.3M in Q3.', 'Q3: revenue was $4.3M.').verdict, 'pass');
  });

  it('blocks on the verdicts or rules the policy names, and says which findings did', () => {
    const byVerdict = createGate({ block: { verdicts: ['contradicted'] } })(...contradicted);
    assert.equal(byVerdict.verdict, 'block');
    assert.deepEqual(
      byVerdict.blocking.map((f) => f.value),
      ['$4.2M'],
    );
    const rule = byVerdict.blocking[0].rule;
    assert.equal(createGate({ block: { rules: [rule] } })(...contradicted).verdict, 'block');
    assert.equal(createGate({ block: { verdicts: ['misattributed'] } })(...contradicted).verdict, 'flag');
  });

  it('refuses a policy it cannot follow when it is made', () => {
    assert.throws(() => createGate({ block: { rules: ['made-up'] } }), /block\.rules: unknown rule 'made-up'/);
    assert.throws(() => createGate({ block: { verdicts: ['grounded' as never] } }), /block\.verdicts: unknown verdict 'grounded'/);
  });
});

describe('library: checkTranscript', () => {
  let dir: string;
  let path: string;
  let raw: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-lib-'));
    path = join(dir, 'session.jsonl');
    writeFileSync(path, claudeSession());
    raw = readFileSync(path, 'utf8');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('checks every output, each with the turn it belongs to', () => {
    const result = checkTranscript(path);
    assert.equal(result.format, 'claude-code');
    assert.equal(result.turns, 2);
    assert.deepEqual(
      result.outputs.map((o) => [o.turn, o.findings.length]),
      [
        [1, 0],
        [2, 1],
      ],
    );
  });

  it('checks the last turn alone, with raw-file places for the value and its evidence', () => {
    const result = checkTranscript({ path }, { turn: 'last' });
    assert.equal(result.turn, 2);
    assert.equal(result.outputs.length, 1);
    const [finding] = result.outputs[0].findings;
    assert.equal(finding.value, '31 tests');
    assert.equal(finding.verdict, 'contradicted');
    assert.equal(finding.rule, 'test-counts');
    assert.equal(raw.slice(finding.span.start, finding.span.end), '31 tests');
    assert.equal(finding.span.line, raw.slice(0, finding.span.start).split('\n').length);
    const [evidence] = finding.evidence;
    assert.equal(evidence.label, 'tool result (Bash)');
    assert.equal(evidence.text, raw.slice(evidence.start, evidence.end));
    assert.match(evidence.text ?? '', /^12/);
  });

  it('runs only the packs of rules it is given: without the code pack, no test count is judged', () => {
    assert.equal(checkTranscript({ path }, { turn: 'last', packs: ['prose', 'records'] }).outputs[0].findings.length, 0);
    assert.throws(() => checkTranscript({ path }, { packs: ['proze'] as never }), /proze/);
  });

  it('checks a turn by its number, and the text of a session as well as its path', () => {
    const first = checkTranscript({ text: raw, name: 'pasted.jsonl' }, { turn: 1 });
    assert.equal(first.file, 'pasted.jsonl');
    assert.deepEqual(
      first.outputs.map((o) => [o.turn, o.level, o.findings.length]),
      [[1, 'GROUNDED', 0]],
    );
  });

  it('counts turns by what a person wrote: a hook sending the agent back starts none', () => {
    const text = [
      line('user', 'u1', null, 'What does the config set the port to?'),
      line('assistant', 'a1', 'u1', [{ type: 'text', text: 'Port 8080.' }]),
      line('user', 'u2', 'a1', 'Stop hook feedback:\ngroundcheck: check the port against its evidence.'),
      line('assistant', 'a2', 'u2', [{ type: 'text', text: 'I have not read the config; I cannot say.' }]),
      '',
    ].join('\n');
    const result = checkTranscript({ text, name: 'resumed.jsonl' }, { turn: 'last' });
    assert.deepEqual([result.turns, result.turn, result.outputs.map((o) => o.turn)], [1, 1, [1, 1]]);
  });

  it('reads the CLAUDE.md of a working directory inside the allowed folders, and points evidence into it', () => {
    const project = mkdtempSync(join(tmpdir(), 'groundcheck-lib-project-'));
    const notes = '# Ledger\n\nSettle accounts with `reconcileLedger()`.\n';
    writeFileSync(join(project, 'CLAUDE.md'), notes);
    const text = [
      JSON.stringify({
        type: 'user',
        uuid: 'u1',
        parentUuid: null,
        sessionId: 's',
        cwd: project,
        message: { role: 'user', content: 'How are accounts settled?' },
      }),
      JSON.stringify({
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        sessionId: 's',
        cwd: project,
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'With `reconcileLedger()`.' }] },
      }),
      '',
    ].join('\n');
    const name = (r: ReturnType<typeof checkTranscript>) => r.outputs[0].entities.find((e) => e.value === '`reconcileLedger()`')!;
    const read = name(checkTranscript({ text, name: 'pasted.jsonl' }, { referenceRoots: [project] }));
    assert.equal(read.verdict, 'grounded');
    const [evidence] = read.evidence;
    assert.equal(evidence.file, join(project, 'CLAUDE.md'));
    assert.equal(notes.slice(evidence.start, evidence.end), 'reconcileLedger');
    assert.notEqual(name(checkTranscript({ text, name: 'pasted.jsonl' }, { referenceRoots: [dir] })).verdict, 'grounded');
    rmSync(project, { recursive: true, force: true });
  });

  it('refuses what it cannot check, saying why', () => {
    assert.throws(() => checkTranscript(path, { turn: 3 }), /turn must be 'last' or a whole number from 0 to 2/);
    assert.throws(() => checkTranscript(path, { format: 'nope' }), /unknown format 'nope' \(known: .*claude-code/);
    assert.throws(
      () => checkTranscript(join(dir, 'missing.jsonl')),
      (e: Error) => e instanceof TranscriptError && /missing\.jsonl: .*no such file/.test(e.message),
    );
    assert.throws(
      () => checkTranscript(path, { maxFileSizeMB: 0.0001 }),
      (e: Error) => e instanceof TranscriptError && /over maxFileSizeMB/.test(e.message),
    );
    assert.throws(
      () => checkTranscript({ text: 'Just some notes.\n', name: 'notes.txt' }),
      (e: Error) => e instanceof TranscriptError && /^notes\.txt: /.test(e.message),
    );
  });
});
