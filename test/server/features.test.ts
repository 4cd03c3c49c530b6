import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CodeLens, Hover, Location, Range } from 'vscode-languageserver-protocol/node';
import { ClassifySelectionRequest, IgnoreCommand, RecheckRequest } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { ANSWER_LINE, SESSION } from './session';

const doc = TextDocument.create('x', 'x', 1, SESSION);

/** A session whose twelve tool results each say `attempt N: invoiceStore timed out` and then `tail`, and an answer naming invoiceStore. */
function attemptsSession(tail: string): { lines: string[]; text: string } {
  const lines = ['{"type":"user","uuid":"u0","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"Why does the flush fail?"}}'];
  let parent = 'u0';
  for (let i = 1; i <= 12; i++) {
    lines.push(
      `{"type":"assistant","uuid":"a${i}","parentUuid":"${parent}","sessionId":"s","message":{"id":"m${i}","role":"assistant","content":[{"type":"tool_use","id":"t${i}","name":"Bash","input":{"command":"tail -1 log${i}.txt"}}]}}`,
    );
    lines.push(
      `{"type":"user","uuid":"r${i}","parentUuid":"a${i}","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t${i}","content":"attempt ${i}: invoiceStore timed out${tail}"}]}}`,
    );
    parent = `r${i}`;
  }
  lines.push(
    `{"type":"assistant","uuid":"z","parentUuid":"${parent}","sessionId":"s","message":{"id":"mz","role":"assistant","content":[{"type":"text","text":"Every attempt of invoiceStore timed out."}]}}`,
  );
  return { lines, text: lines.join('\n') + '\n' };
}
const slice = (r: Range) => SESSION.slice(doc.offsetAt(r.start), doc.offsetAt(r.end));
const at = (needle: string, line = ANSWER_LINE) => ({ line, character: SESSION.split('\n')[line].indexOf(needle) + 1 });

describe('server: navigation, lenses and quick fixes', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    h = await ServerHarness.start();
    uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  it('goes from a grounded entity to where the context has it', async () => {
    const locs = (await h.connection.sendRequest('textDocument/definition', {
      textDocument: { uri },
      position: at('47 customers'),
    })) as Location[];
    // Lookup may also match a shorter form ("47"); every location is in the tool result and names the entity.
    assert.ok(locs.some((l) => slice(l.range) === '47 customers'));
    for (const l of locs) {
      assert.equal(l.uri, uri);
      assert.equal(l.range.start.line, 2);
      assert.ok('47 customers'.startsWith(slice(l.range)), slice(l.range));
    }
  });

  it('goes first to the place nearest the output when the context has the entity more than once', async () => {
    const locs = (await h.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: at('Q3') })) as Location[];
    assert.deepEqual(
      locs.map((l) => [l.range.start.line, slice(l.range)]),
      [
        [2, 'Q3'],
        [0, 'Q3'],
      ],
    );
  });

  it('asks the worker for the places a finding does not carry: definition nearest first, references in file order, also after appended lines and an edit', async () => {
    // `invoiceStore` occurs in twelve tool results, more than the few places a finding carries.
    const { lines, text } = attemptsSession('');
    const many = h.uriOf('many-places.jsonl');
    await h.open(many, text);
    const answer = lines.length - 1;
    const position = { line: answer, character: lines[answer].indexOf('invoiceStore') + 2 };
    const toAttempt = (l: Location) => {
      const line = text.split('\n')[l.range.start.line];
      return Number(/attempt (\d+)/.exec(line)![1]);
    };
    const defs = (await h.connection.sendRequest('textDocument/definition', { textDocument: { uri: many }, position })) as Location[];
    assert.deepEqual(defs.map(toAttempt), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const refs = (await h.connection.sendRequest('textDocument/references', {
      textDocument: { uri: many },
      position,
      context: { includeDeclaration: false },
    })) as Location[];
    assert.deepEqual(refs.map(toAttempt), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri: many }, position })) as Hover;
    assert.match(JSON.stringify(hover.contents), /Found 12 times/);

    // Lines appended by the agent are checked on their own, and their places come from the grown check.
    const more = [
      '{"type":"assistant","uuid":"a13","parentUuid":"z","sessionId":"s","message":{"id":"m13","role":"assistant","content":[{"type":"tool_use","id":"t13","name":"Bash","input":{"command":"tail -1 log13.txt"}}]}}',
      '{"type":"user","uuid":"r13","parentUuid":"a13","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t13","content":"attempt 13: invoiceStore timed out"}]}}',
      '{"type":"assistant","uuid":"z2","parentUuid":"r13","sessionId":"s","message":{"id":"mz2","role":"assistant","content":[{"type":"text","text":"And invoiceStore timed out once more."}]}}',
    ];
    const end = { line: lines.length, character: 0 };
    const grown = await h.change(many, 2, [{ range: { start: end, end }, text: more.join('\n') + '\n' }]);
    assert.equal(grown.mode, 'append');
    const all = [...lines, ...more];
    const attemptOf = (l: Location) => Number(/attempt (\d+)/.exec(all[l.range.start.line])![1]);
    const last = all.length - 1;
    const appended = (await h.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: many },
      position: { line: last, character: all[last].indexOf('invoiceStore') + 2 },
    })) as Location[];
    assert.deepEqual(appended.map(attemptOf), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

    // After an edit of the first answer (re-checked in place) the worker's places are those of the new text.
    const edited = lines[answer].replace('Every attempt', 'Each of the attempts');
    const status = await h.change(many, 3, [
      { range: { start: { line: answer, character: 0 }, end: { line: answer, character: lines[answer].length } }, text: edited },
    ]);
    assert.equal(status.mode, 'incremental');
    const afterEdit = (await h.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: many },
      position: { line: answer, character: edited.indexOf('invoiceStore') + 2 },
    })) as Location[];
    assert.deepEqual(afterEdit.map(attemptOf), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    for (const l of afterEdit) assert.equal(all[l.range.start.line].slice(l.range.start.character, l.range.end.character), 'invoiceStore');
  });

  it('on a large context reads only the nearest places with the check, says there are more, and gives them all on request', async () => {
    // Tool results past 64 KB in all: places are read when asked, and a finding carries the nearest 8 and the news of more.
    const { lines, text } = attemptsSession('.' + ' retrying with backoff.'.repeat(300));
    assert.ok(text.length > 80_000);
    const large = h.uriOf('large-many-places.jsonl');
    await h.open(large, text);
    const answer = lines.length - 1;
    const position = { line: answer, character: lines[answer].indexOf('invoiceStore') + 2 };
    const attempt = (l: Location) => Number(/attempt (\d+)/.exec(text.split('\n')[l.range.start.line])![1]);
    const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri: large }, position })) as Hover;
    const md = (hover.contents as { value: string }).value;
    assert.match(md, /Found more than 8 times, nearest first:/);
    assert.equal((md.match(/^- \[/gm) ?? []).length, 8);
    assert.match(md, /- … more \(Find All References\)/);
    const defs = (await h.connection.sendRequest('textDocument/definition', { textDocument: { uri: large }, position })) as Location[];
    assert.deepEqual(defs.map(attempt), [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('goes from an unverified entity to the closest thing the context says', async () => {
    const locs = (await h.connection.sendRequest('textDocument/definition', { textDocument: { uri }, position: at('$4.2M') })) as Location[];
    assert.deepEqual(
      locs.map((l) => slice(l.range)),
      ['$4.3M'],
    );
  });

  it('finds every context location as references', async () => {
    const refs = (await h.connection.sendRequest('textDocument/references', {
      textDocument: { uri },
      position: at('Q3'),
      context: { includeDeclaration: false },
    })) as Location[];
    assert.deepEqual(
      refs.map((l) => [l.range.start.line, slice(l.range)]),
      [
        [0, 'Q3'],
        [2, 'Q3'],
      ],
    );
  });

  it("includes the output's own occurrences when asked for the declaration too", async () => {
    const refs = (await h.connection.sendRequest('textDocument/references', {
      textDocument: { uri },
      position: at('Q3'),
      context: { includeDeclaration: true },
    })) as Location[];
    assert.deepEqual(
      refs.map((l) => [l.range.start.line, slice(l.range)]),
      [
        [0, 'Q3'],
        [2, 'Q3'],
        [ANSWER_LINE, 'Q3'],
      ],
    );
  });

  it('hovers with type, verdict, what was searched and links', async () => {
    const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: at('47 customers') })) as Hover;
    const md = (hover.contents as { value: string }).value;
    assert.match(md, /\[Number\]\(https:\/\/github\.com\/groundcheck\/groundcheck#number\) `47 customers`/);
    assert.match(md, /✓ grounded/);
    assert.match(md, /Normalized: `47 customers`/);
    assert.match(md, /Searched the context of this assistant turn \(line 4\): 1 user turn, 1 tool result/);
    assert.match(md, /Found \d+ times?:\n- \[tool result \(Bash\), line 3\]\(command:groundcheck\.showReferences\?/);
    assert.equal(slice(hover.range!), '47 customers');
  });

  it('shows a CodeLens per output with its level and grounded count', async () => {
    const lenses = (await h.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
      [[ANSWER_LINE, 'PARTIAL · 2/4 grounded', 'groundcheck.showUnverified']],
    );
    assert.equal(lenses[0].command!.arguments![0], uri);
  });

  it('offers show-closest, replace and three ignore scopes; the replace edit grounds the value', async () => {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'number');
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    assert.deepEqual(
      actions.map((a) => a.title),
      [
        "Show what the context says: '$4.3M' (tool result (Bash))",
        "Replace '$4.2M' with the context's '$4.3M'",
        "Ignore this occurrence of '$4.2M'",
        "Ignore number '$4.2M' everywhere",
        'Ignore all numbers',
      ],
    );
    const edit = actions[1].edit!.changes![uri];
    assert.deepEqual(
      edit.map((e) => [slice(e.range), e.newText]),
      [['$4.2M', '$4.3M']],
    );
  });

  it('ignoring a value writes the store, hides the finding and counts it as ignored', async () => {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((d) => d.code === 'number');
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    const ignoreValue = actions.find((a) => a.title.startsWith('Ignore number'))!;
    const republished = h.nextDiagnostics(uri);
    await h.connection.sendRequest('workspace/executeCommand', { command: IgnoreCommand.id, arguments: ignoreValue.command!.arguments });
    await republished;
    const store = JSON.parse(fs.readFileSync(path.join(h.workspace, '.groundcheck/ignore.json'), 'utf8'));
    assert.deepEqual(store.values, [{ type: 'number', value: '$4.2m' }]);
    assert.deepEqual(
      h.diagnostics
        .get(uri)!
        .diagnostics.map((d) => d.code)
        .filter((c) => c !== 'context-incomplete'),
      ['quoted_string'],
    );
    const rechecked = h.nextChecked(uri, 1);
    await h.connection.sendRequest(RecheckRequest.method, { uri });
    assert.equal((await rechecked).ignored, 1);
  });

  it('classifies a selection against the causal context at its offset', async () => {
    const offset = doc.offsetAt(at('$4.2M'));
    const res = (await h.connection.sendRequest(ClassifySelectionRequest.method, {
      output: 'Costs were $1.1M and revenue $9M.',
      uri,
      offset,
    })) as ClassifySelectionRequest.Result;
    assert.equal(res.hadContext, true);
    assert.equal(res.contextLabel, 'causal context of assistant turn at line 4: 1 user turn, 1 tool call, 1 tool result');
    assert.deepEqual(
      res.result.entities.map((e) => [e.text, e.status]),
      [
        ['$1.1M', 'grounded'],
        ['$9M', 'unverified'],
      ],
    );
    assert.match(res.report, /^\*\*PARTIAL\*\* · score 0\.50/);
  });

  it('classifies a selection against supplied text when it is not in a transcript', async () => {
    const res = (await h.connection.sendRequest(ClassifySelectionRequest.method, {
      output: 'Revenue was $4.2M.',
      context: { text: 'Revenue: $4.2M', label: 'clipboard' },
    })) as ClassifySelectionRequest.Result;
    assert.equal(res.result.level, 'GROUNDED');
    assert.equal(res.contextLabel, 'clipboard');
  });
});
