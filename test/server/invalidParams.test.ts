import { strict as assert } from 'node:assert';
import { ClassifySelectionRequest, ConversationViewRequest, IgnoreCommand, RecheckRequest } from '../../shared/protocol/messages';
import { ServerHarness } from './harness';
import { SESSION } from './session';

describe('server: bad params to groundcheck requests and commands', () => {
  let h: ServerHarness;
  let uri: string;
  before(async () => {
    h = await ServerHarness.start();
    uri = h.uriOf('session.jsonl');
    await h.open(uri, SESSION);
  });
  after(() => h.stop());

  async function refusal(method: string, params?: unknown): Promise<{ code: number; message: string }> {
    try {
      await (params === undefined ? h.connection.sendRequest(method) : h.connection.sendRequest(method, params));
    } catch (err) {
      return err as { code: number; message: string };
    }
    assert.fail(`${method} accepted ${JSON.stringify(params)}`);
  }

  const cases: [method: string, params: unknown, message: RegExp][] = [
    [ClassifySelectionRequest.method, undefined, /received none/],
    [ClassifySelectionRequest.method, {}, /"output" must be a string, got undefined/],
    [ClassifySelectionRequest.method, { output: 42 }, /"output" must be a string, got 42/],
    [ClassifySelectionRequest.method, { output: 'x', context: 'the report' }, /"context" must be an object/],
    [ClassifySelectionRequest.method, { output: 'x', context: { text: 'y' } }, /"label" must be a string/],
    [ClassifySelectionRequest.method, { output: 'x', uri: 7 }, /"uri" must be a string/],
    [ClassifySelectionRequest.method, { output: 'x', offset: -1 }, /"offset" must be a whole number of at least 0, got -1/],
    [ClassifySelectionRequest.method, { output: 'x', offset: '3' }, /"offset" must be a whole number/],
    [ConversationViewRequest.method, { uri: 5 }, /"uri" must be a string, got 5/],
    [ConversationViewRequest.method, null, /defines parameters by name/],
    [ConversationViewRequest.method, { uri: '', from: 1.5 }, /"from" must be a whole number/],
    [ConversationViewRequest.method, { uri: '', chars: 0 }, /"chars" must be a whole number of at least 1/],
    [RecheckRequest.method, {}, /"uri" must be a string/],
    [RecheckRequest.method, { uri: 'x', force: true }, /unknown member "force"/],
    ['workspace/executeCommand', { command: IgnoreCommand.id }, /expected one argument/],
    ['workspace/executeCommand', { command: IgnoreCommand.id, arguments: [null] }, /must be an object, got null/],
    ['workspace/executeCommand', { command: IgnoreCommand.id, arguments: ['ignore'] }, /must be an object/],
    ['workspace/executeCommand', { command: 'groundcheck.server.nope', arguments: [] }, /unknown command "groundcheck.server.nope"/],
  ];

  for (const [method, params, message] of cases) {
    it(`${method} ${params === undefined ? 'without params' : JSON.stringify(params)}: InvalidParams, in plain words`, async () => {
      const err = await refusal(method, params);
      assert.equal(err.code, -32602, err.message);
      assert.match(err.message, message);
      // Internal errors leak their class and stack: these must not.
      assert.doesNotMatch(err.message, /TypeError|Cannot read|\bat \S+:\d+|\.js:\d+/);
    });
  }

  it('still answers good requests after the bad ones', async () => {
    const res = (await h.connection.sendRequest(ClassifySelectionRequest.method, {
      output: 'Revenue was $4.3M.',
      context: { text: 'Q3 revenue: $4.3M.', label: 'the report' },
    })) as ClassifySelectionRequest.Result;
    assert.equal(res.result.level, 'GROUNDED');
    const view = (await h.connection.sendRequest(ConversationViewRequest.method, { uri })) as ConversationViewRequest.Result;
    assert.ok('turns' in view);
  });
});
