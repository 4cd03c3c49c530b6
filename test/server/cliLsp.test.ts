import { strict as assert } from 'node:assert';
import { ServerHarness } from './harness';
import { SESSION } from './session';

describe('groundcheck lsp --stdio', () => {
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start({}, { viaCli: true });
  });
  after(() => h.stop());

  it('serves the same diagnostics as the bundled server', async () => {
    const uri = h.uriOf('session.jsonl');
    const status = await h.open(uri, SESSION);
    assert.equal(status.format, 'claude-code');
    assert.deepEqual(
      h.diagnostics.get(uri)!.diagnostics.map((d) => [d.code, d.range.start.line]),
      [
        ['number', 3],
        ['quoted_string', 3],
      ],
    );
  });
});
