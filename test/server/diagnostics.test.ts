import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-protocol/node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../cli/harness';
import { ServerHarness } from './harness';
import { ANSWER_LINE, SESSION } from './session';

function textOf(text: string, d: Pick<Diagnostic, 'range'>): string {
  const doc = TextDocument.create('x', 'x', 1, text);
  return text.slice(doc.offsetAt(d.range.start), doc.offsetAt(d.range.end));
}

describe('server: diagnostics', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  it('marks each unverified entity at its exact raw range, with type code, docs link and closest match', async () => {
    const uri = h.uriOf('session.jsonl');
    const status = await h.open(uri, SESSION);
    assert.equal(status.state, 'checked');
    assert.equal(status.format, 'claude-code');
    assert.equal(status.outputs, 1);
    assert.equal(status.unverified, 2);
    assert.equal(status.shown, 2);
    assert.equal(status.total, 2);
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code !== 'context-incomplete');
    assert.deepEqual(
      diags.map((d) => [d.code, textOf(SESSION, d)]),
      [
        ['number', '$4.2M'],
        ['quoted_string', '\\"quarterly\\\\nreport\\"'],
      ],
    );
    const number = diags[0];
    assert.equal(number.range.start.line, ANSWER_LINE);
    assert.equal(number.source, 'groundcheck');
    // The code says what is wrong; its link explains the rule that decided it.
    assert.equal(number.codeDescription?.href, 'https://github.com/groundcheck/groundcheck/blob/main/docs/rules.md#not-in-context');
    assert.equal(number.message, "number '$4.2M' is not in the context of this assistant turn: 1 user turn, 1 tool result, 1 tool call");
    assert.equal(number.relatedInformation?.length, 1);
    const related = number.relatedInformation![0];
    assert.equal(textOf(SESSION, related.location), '$4.3M');
    assert.equal(related.location.range.start.line, 2);
    assert.match(related.message, /'\$4\.3M' beside "revenue"/);
  });

  it('reports a file that is not a transcript, with no diagnostics', async () => {
    const uri = h.uriOf('notes.json');
    const status = await h.open(uri, '{"name":"x","dependencies":{}}', 'json');
    assert.equal(status.state, 'not-transcript');
    assert.match(status.reasons[0], /^not a transcript or RAG fixture groundcheck knows: a JSON object with keys name, dependencies/);
    assert.deepEqual(h.diagnostics.get(uri)!.diagnostics, []);
  });

  it('shows no parser errors for a README whose table names RAGAS columns', async () => {
    const uri = h.uriOf('README.md');
    const text = '# Eval\n\n| question | contexts | answer |\n|---|---|---|\n| a, b | c, "d" | e |\n\nProse, with "quotes".\n';
    const status = await h.open(uri, text, 'markdown');
    assert.equal(status.state, 'not-transcript');
    assert.match(status.reasons[0], /Markdown with no chat or trace structure\. Closest format: RAGAS dataset/);
    assert.deepEqual(h.diagnostics.get(uri)!.diagnostics, []);
  });

  it('puts a malformed JSONL line on its line and still checks the others', async () => {
    const uri = h.uriOf('broken.jsonl');
    const lines = SESSION.split('\n');
    const text = [lines[0], lines[1], '{"type":"user", oops', lines[2], lines[3], ''].join('\n');
    const status = await h.open(uri, text);
    assert.equal(status.outputs, 1);
    assert.equal(status.unverified, 2);
    const diags = h.diagnostics.get(uri)!.diagnostics;
    const parse = diags.filter((d) => d.code === 'parse-error');
    assert.equal(parse.length, 1);
    assert.equal(parse[0].range.start.line, 2);
    assert.equal(parse[0].severity, 1);
    assert.deepEqual(
      diags.filter((d) => d.code === 'number').map((d) => [d.range.start.line, textOf(text, d)]),
      [[4, '$4.2M']],
    );
  });

  it('reads the first record of a JSON Lines file that opens with a BOM', async () => {
    const uri = h.uriOf('bom.jsonl');
    const text = `\ufeff${SESSION}`;
    const status = await h.open(uri, text);
    assert.equal(status.outputs, 1);
    const diags = h.diagnostics.get(uri)!.diagnostics;
    assert.deepEqual(
      diags.filter((d) => d.code === 'parse-error'),
      [],
    );
    assert.deepEqual(
      diags.filter((d) => d.code === 'number').map((d) => [d.range.start.line, textOf(text, d)]),
      [[ANSWER_LINE, '$4.2M']],
    );
  });

  it('re-checks an edit of the answer and moves the squiggle with it', async () => {
    const uri = h.uriOf('edit.jsonl');
    await h.open(uri, SESSION);
    const line = SESSION.split('\n')[ANSWER_LINE];
    const col = line.indexOf('$4.2M');
    // Replace "$4.2M" with "$4.3M": the number becomes grounded.
    const s1 = await h.change(uri, 2, [
      { range: { start: { line: ANSWER_LINE, character: col + 3 }, end: { line: ANSWER_LINE, character: col + 4 } }, text: '3' },
    ]);
    assert.equal(s1.unverified, 1);
    assert.deepEqual(
      h.diagnostics
        .get(uri)!
        .diagnostics.map((d) => d.code)
        .filter((c) => c !== 'context-incomplete'),
      ['quoted_string'],
    );
    // Insert text before the quote: the remaining squiggle must still cover exactly the quote.
    const s2 = await h.change(uri, 3, [
      { range: { start: { line: ANSWER_LINE, character: col }, end: { line: ANSWER_LINE, character: col } }, text: 'about ' },
    ]);
    assert.equal(s2.unverified, 1);
    const edited = SESSION.replace('$4.2M', 'about $4.3M');
    const quote = h.diagnostics.get(uri)!.diagnostics.find((d) => d.code === 'quoted_string')!;
    assert.equal(textOf(edited, quote), '\\"quarterly\\\\nreport\\"');
  });

  it('says on an .eval archive opened as text where its findings are, and places nothing past its end', async () => {
    // What the editor hands over for a binary file it was asked to open anyway: the bytes decoded as UTF-8.
    const text = readFileSync(join(REPO, 'test/fixtures/transcripts/inspect/geo.eval')).toString('utf8');
    const uri = h.uriOf('geo.eval');
    await h.open(uri, text, 'plaintext');
    const doc = TextDocument.create(uri, 'plaintext', 1, text);
    const diags = h.diagnostics.get(uri)!.diagnostics;
    assert.equal(diags.length, 1);
    assert.match(
      String(diags[0].message),
      /its samples are entries inside it, so no finding can be shown in place here\. `groundcheck check` reads the archive and names each finding by entry and position in it \(log\.eval!samples\/1_epoch_1\.json:12:40\)/,
    );
    for (const d of diags) assert.ok(doc.offsetAt(d.range.end) <= text.length && d.range.end.line < doc.lineCount, JSON.stringify(d.range));
  });
});
