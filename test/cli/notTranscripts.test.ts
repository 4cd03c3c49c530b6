import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, readFixture, runCli } from './harness';

/** A repository someone else wrote: docs, code and configs beside one real fixture. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'groundcheck-repo-'));
  writeFileSync(
    join(dir, 'README.md'),
    '# Eval notes\n\n| question | contexts | answer |\n|---|---|---|\n| What is it? | Docs, more docs | A tool, "quoted", 3 |\n\nProse, with commas, and "quotes".\n',
  );
  writeFileSync(join(dir, 'api.md'), '# API\n\n```json\n{"messages": [{"role": "user", "content": "hi"}], "model": "gpt-4o"}\n```\n');
  writeFileSync(join(dir, 'rag.py'), 'def answer(question, contexts):\n    return {"question": question, "contexts": contexts, "answer": 42}\n');
  writeFileSync(join(dir, 'settings.json'), '{"actual_output_format": "text", "retries": [1, 2, 3]}\n');
  writeFileSync(join(dir, 'links.md'), '[docs](https://example.com), [null] and more\nUser: hello\nAssistant: 42\n');
  mkdirSync(join(dir, 'evals'));
  writeFileSync(join(dir, 'evals', 'answers.jsonl'), readFixture('rag/answers.jsonl'));
  return dir;
}

describe('groundcheck check: files that are not transcripts', function () {
  this.timeout(60000);
  before(buildCli);

  it('skips them in a folder without parser errors, counts them by kind, and keeps exit code 0', () => {
    const dir = workspace();
    const r = runCli(['check', '.', '--jobs', '1'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    assert.match(
      r.stdout,
      /\n3 outputs in 1 file \(6 files given: 5 not transcripts \(3 Markdown, 1 source code, 1 JSON\)\)\n--verbose lists the skipped files and why each is not a transcript\n/,
    );
    assert.equal(runCli(['check', '.', '--jobs', '2', '--fail-on', 'partial'], { cwd: dir }).code, 1, "the fixture's findings still count");
  });

  it('lists each skipped file with the format it resembled under --verbose', () => {
    const r = runCli(['check', '.', '--jobs', '1', '--verbose', '--format', 'json'], { cwd: workspace() });
    assert.equal(r.code, 0);
    const head = 'skipped: not a transcript or RAG fixture groundcheck knows:';
    assert.deepEqual(r.stderr.trimEnd().split('\n'), [
      `README.md: ${head} Markdown with no chat or trace structure. Closest format: RAGAS dataset (its field names appear, but not as the columns of a CSV header).`,
      `api.md: ${head} Markdown with no chat or trace structure. Closest format: OpenAI Chat Completions (its markers appear, but this is Markdown, not JSON or an event stream).`,
      `links.md: ${head} Markdown with no chat or trace structure.`,
      `rag.py: ${head} source code, not a chat or trace. Closest format: RAGAS dataset (its field names appear, but not as the columns of a CSV header).`,
      `settings.json: ${head} a JSON object with keys actual_output_format, retries that matches no known format. Closest format: DeepEval test cases (its field names appear, but not as JSON keys).`,
      'groundcheck: 5 of 6 files skipped as not transcripts (3 Markdown, 1 source code, 1 JSON)',
    ]);
    assert.equal(r.stdout.trim().split('\n').length, 3, 'the fixture is still checked');
  });

  it('names a single file that is not a transcript, with no parser errors', () => {
    const dir = workspace();
    const r = runCli(['check', 'README.md'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      'README.md: error: not a transcript or RAG fixture groundcheck knows: Markdown with no chat or trace structure. Closest format: RAGAS dataset (its field names appear, but not as the columns of a CSV header).\n',
    );
    assert.doesNotMatch(r.stdout, /Malformed/);
  });

  it('still reads a CSV fixture whose header names the columns', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-csv-'));
    writeFileSync(join(dir, 'rag.csv'), 'question,contexts,answer\n"When?","[\'Founded in 1999.\']","In 2001."\n');
    const r = runCli(['check', '.', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    const [rec] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(rec.format, 'ragas');
    assert.equal(rec.level, 'UNGROUNDED');
  });

  it('counts skipped files on stderr when the report (JSON, SARIF, HTML) has no summary of its own', () => {
    const dir = workspace();
    for (const format of ['json', 'sarif', 'html']) {
      const r = runCli(['check', '.', '--jobs', '1', '--format', format], { cwd: dir });
      assert.equal(r.code, 0);
      assert.equal(
        r.stderr,
        'groundcheck: 5 of 6 files skipped as not transcripts (3 Markdown, 1 source code, 1 JSON); --verbose lists each and why\n',
        format,
      );
    }
  });

  it('checks RAG fixtures whose first record is over 64 KB: older RAGAS columns and DeepEval', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-long-rows-'));
    // The answer column comes after 70 KB of retrieved context, outside the first 64 KB of the file.
    const filler = 'The report covers the third quarter in detail. '.repeat(1500);
    const row = { question: 'What was Q3 revenue?', contexts: [`Q3 revenue was $4.3M. ${filler}`], answer: 'Q3 revenue was $9.9M.' };
    writeFileSync(join(dir, 'ragas.jsonl'), `${JSON.stringify(row)}\n${JSON.stringify(row)}\n`);
    // DeepEval's actual_output after a long list of retrieved chunks.
    const chunks = Array.from({ length: 120 }, (_, i) => `Chunk ${i}: ${'the quarter went as planned. '.repeat(30)}`);
    const testCase = { input: 'What was Q3 revenue?', retrieval_context: ['Q3 revenue was $4.3M.', ...chunks], actual_output: 'Q3 revenue was $9.9M.' };
    const deepeval = JSON.stringify([testCase], null, 2);
    writeFileSync(join(dir, 'deepeval.json'), deepeval);
    const r = runCli(['check', '.', '--jobs', '1', '--format', 'json', '--fail-on', 'partial'], { cwd: dir });
    assert.equal(r.stderr, '');
    assert.equal(r.code, 1, 'the invented $9.9M fails the run');
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      records.map((rec) => [rec.file, rec.format]),
      [
        ['deepeval.json', 'deepeval'],
        ['ragas.jsonl', 'ragas'],
        ['ragas.jsonl', 'ragas'],
      ],
    );
    // The finding points at the value in the raw file, past the first 64 KB.
    const invented = records[0].entities.find((e: { text: string }) => e.text === '$9.9M');
    assert.ok(invented, JSON.stringify(records[0].entities));
    const at = deepeval.indexOf('$9.9M');
    assert.ok(at > 64 * 1024);
    assert.deepEqual(invented.ranges, [[at, at + '$9.9M'.length]]);
  });
});
