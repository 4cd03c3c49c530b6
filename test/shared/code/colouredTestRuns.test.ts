import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import type { Entity } from '../../../shared/classifier/types';
import { codexRolloutFormat } from '../../../shared/transcript/formats/codexRollout';

/** A Codex rollout: the tests run once, printing `output` as the terminal got it, then the answer. */
function rollout(output: string, answer: string): string {
  const line = (type: string, payload: object) => JSON.stringify({ timestamp: '2025-09-18T08:30:01.000Z', type, payload });
  return [
    line('session_meta', {
      id: '0199a1b2-7c3d-7e4f-9a0b-1c2d3e4f5a6b',
      timestamp: '2025-09-18T08:30:00.000Z',
      cwd: '/w/web',
      originator: 'codex_cli_rs',
      cli_version: '0.40.0',
    }),
    line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Run the tests.' }] }),
    line('response_item', {
      type: 'function_call',
      name: 'shell',
      arguments: JSON.stringify({ command: ['bash', '-lc', 'npx vitest run'] }),
      call_id: 'call_T1',
    }),
    line('response_item', {
      type: 'function_call_output',
      call_id: 'call_T1',
      output: JSON.stringify({ output, metadata: { exit_code: 0, duration_seconds: 1.2 } }),
    }),
    line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: answer }] }),
  ].join('\n');
}

function numbersOf(raw: string): Map<string, Entity> {
  const check = checkTranscript(codexRolloutFormat.parse({ raw }), { profile: 'refined' });
  const last = check.outputs[check.outputs.length - 1];
  return new Map(last.result.entities.filter((e) => e.type === 'number').map((e) => [e.text, e]));
}

/** Vitest's summary as a terminal gets it: each figure in bold green. */
const VITEST =
  '\x1b[2m Test Files \x1b[22m \x1b[1m\x1b[32m7 passed\x1b[39m\x1b[22m\x1b[90m (7)\x1b[39m\n\x1b[2m      Tests \x1b[22m \x1b[1m\x1b[32m14 passed\x1b[39m\x1b[22m\x1b[90m (14)\x1b[39m\n';

describe('test runs printed in colour', () => {
  it('reads the figures a runner printed after colour codes, and not the test files figure as tests', () => {
    const right = numbersOf(rollout(VITEST, 'All tests pass: 14 passed.'));
    assert.equal(right.get('14')?.status, 'grounded');
    const wrong = numbersOf(rollout(VITEST, 'All tests pass: 7 passed.'));
    assert.equal(wrong.get('7')?.status, 'contradicted');
    assert.equal(wrong.get('7')?.rule, 'test-counts');
    assert.equal(wrong.get('7')?.contradiction?.value, '14');
    assert.match(wrong.get('7')?.detail ?? '', /reported 14 passed/);
  });
});
