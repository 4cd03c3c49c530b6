import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, CodeLens, Hover, Range } from 'vscode-languageserver-protocol/node';
import { EVERY_RULE_FLAGGING } from '../shared/code/claudeSession';
import { ServerHarness } from './harness';

const line = (o: object) => JSON.stringify(o);

/**
 * A session whose first user turn is never answered, so it grounds nothing and
 * is left out of the lookup index: index parts and segment ids differ by one
 * from there on. The answer makes four claims: one contradicted ($4.2M against
 * the report's $4.3M), two grounded, one unverified (12%).
 */
const CLAIMS =
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
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'Q3 revenue: $4.3M from 47 customers.\nCosts: $1.1M' }] },
    }),
    line({
      type: 'assistant',
      uuid: 'a2',
      parentUuid: 'u2',
      sessionId: 's',
      message: {
        id: 'm2',
        role: 'assistant',
        content: [{ type: 'text', text: 'Q3 revenue was $4.2M. It came from 47 customers. Costs were $1.1M. Margins grew by 12%.' }],
      },
    }),
  ].join('\n') + '\n';
const ANSWER = 4;
const REPORT = 3;

const doc = TextDocument.create('x', 'x', 1, CLAIMS);
const slice = (r: Range) => CLAIMS.slice(doc.offsetAt(r.start), doc.offsetAt(r.end));
const at = (needle: string) => ({ line: ANSWER, character: CLAIMS.split('\n')[ANSWER].indexOf(needle) + 1 });

describe('server: claims and contradictions (refined profile)', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    // What each rule shows in an agent's turn is tested here, so every rule flags (the defaults: rules.test.ts).
    h = await ServerHarness.start({ profile: 'refined', rules: EVERY_RULE_FLAGGING });
    uri = h.uriOf('claims.jsonl');
    await h.open(uri, CLAIMS);
  });
  after(() => h.stop());

  const hoverText = async (needle: string) => {
    const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: at(needle) })) as Hover;
    return (hover.contents as { value: string }).value;
  };

  it("says in the hover which claim an entity belongs to and that claim's verdict", async () => {
    assert.ok((await hoverText('$4.2M')).includes("\n\nclaim 1 of 4: contradicted — 'Q3 revenue was $4.2M.'\n\n"));
    assert.ok((await hoverText('47 customers')).includes("\n\nclaim 2 of 4: grounded — 'It came from 47 customers.'\n\n"));
    assert.ok((await hoverText('12%')).includes("\n\nclaim 4 of 4: unverified — 'Margins grew by 12%.'\n\n"));
  });

  it("counts the failing claims in the output's CodeLens", async () => {
    const lenses = (await h.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as CodeLens[];
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title]),
      [[ANSWER, 'PARTIAL · 3/5 grounded · 1 of 4 claims contradicted, 1 unverified']],
    );
  });

  it("points a contradiction's diagnostic at the context's value, in the segment that holds it", async () => {
    const d = h.diagnostics.get(uri)!.diagnostics.find((x) => x.code === 'contradicted')!;
    assert.equal(slice(d.range), '$4.2M');
    const related = d.relatedInformation!.map((r) => [r.location.uri, r.location.range.start.line, slice(r.location.range), r.message]);
    assert.deepEqual(related, [[uri, REPORT, '$4.3M', "the context gives '$4.3M' for the same slot (tool result (Bash))"]]);
  });

  it("offers to replace a contradicted value with the context's, editing exactly its range", async () => {
    const diags = h.diagnostics.get(uri)!.diagnostics.filter((x) => x.code === 'contradicted');
    const actions = (await h.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: diags[0].range,
      context: { diagnostics: diags },
    })) as CodeAction[];
    const fix = actions.find((a) => a.title === "Replace with the context's value '$4.3M'")!;
    assert.equal(fix.isPreferred, true);
    const edits = fix.edit!.changes![uri];
    assert.deepEqual(
      edits.map((e) => [e.range.start.line, slice(e.range), e.newText]),
      [[ANSWER, '$4.2M', '$4.3M']],
    );
    const edited = TextDocument.applyEdits(doc, edits);
    assert.ok(edited.includes('"text":"Q3 revenue was $4.3M. It came from'));
    // The classifier's replacement is the only edit offered: no second, competing one from the closest match.
    assert.deepEqual(
      actions.filter((a) => a.edit).map((a) => a.title),
      ["Replace with the context's value '$4.3M'"],
    );
  });
});
