import { strict as assert } from 'node:assert';
import { endedTurn } from '../../../shared/hook/endedTurn';
import { blockReason } from '../../../shared/hook/hookReply';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';
import { call, result, say, session, user } from '../code/claudeSession';

/** The texts of the ended turn's prompt and outputs. */
function turnOf(lines: object[], subAgent = false): { prompt?: string; outputs: string[] } {
  const t = claudeCodeFormat.parse({ raw: session(lines) });
  const turn = endedTurn(t, subAgent);
  return { prompt: t.segments[turn.prompt]?.text, outputs: turn.outputs.map((id) => t.segments[id].text) };
}

const reason = blockReason([{ key: 'k', value: '31 tests', type: 'number', status: 'contradicted', says: '12 tests' }]);

describe('the turn a stop hook checks', () => {
  it('is the outputs since the last prompt a person wrote', () => {
    const turn = turnOf([user('First.'), say('One.'), user('Second.'), call('c', 'Bash', { command: 'ls' }), result('c', 'a.ts'), say('Two.'), say('Three.')]);
    assert.deepEqual(turn, { prompt: 'Second.', outputs: ['Two.', 'Three.'] });
  });

  it("passes over injected text and a hook's feedback, and checks only what came after the feedback", () => {
    const meta = { type: 'user', isMeta: true, message: { role: 'user', content: '<system-reminder>Keep going.</system-reminder>' } };
    const claudeFeedback = { type: 'user', isMeta: true, message: { role: 'user', content: `Stop hook feedback:\n[groundcheck hook]: ${reason}` } };
    assert.deepEqual(turnOf([user('Run it.'), say('31 pass.'), claudeFeedback, say('12 pass.'), meta, say('Done.')]), {
      prompt: 'Run it.',
      outputs: ['12 pass.', 'Done.'],
    });
  });

  it('neither checks a compaction summary nor starts a turn at one', () => {
    const summary = {
      type: 'user',
      isCompactSummary: true,
      message: { role: 'user', content: 'This session is being continued. Summary: 31 tests were added.' },
    };
    assert.deepEqual(turnOf([user('Go.'), say('A.'), summary, say('B.')]), { prompt: 'Go.', outputs: ['A.', 'B.'] });
  });

  it('knows its own block reason logged as a plain user message', () => {
    assert.deepEqual(turnOf([user('Run it.'), say('31 pass.'), user(reason), say('12 pass.')]), { prompt: 'Run it.', outputs: ['12 pass.'] });
    assert.deepEqual(turnOf([user('Run it.'), say('31 pass.'), user(`<hook_prompt>${reason}</hook_prompt>`), say('12 pass.')]), {
      prompt: 'Run it.',
      outputs: ['12 pass.'],
    });
    // A person who writes "groundcheck: …" in other words is a person.
    assert.deepEqual(turnOf([user('Run it.'), say('31 pass.'), user('groundcheck: what does it say?'), say('Nothing.')]), {
      prompt: 'groundcheck: what does it say?',
      outputs: ['Nothing.'],
    });
  });

  it("follows the main agent past a sub-agent's lines in the same file, and the sub-agent on SubagentStop", () => {
    const side = (l: object) => ({ ...l, isSidechain: true });
    const lines = [user('Delegate.'), say('Asking a sub-agent.'), side(user('Count the files.')), side(say('There are 4.'))];
    assert.deepEqual(turnOf(lines, true), { prompt: 'Count the files.', outputs: ['There are 4.'] });
    // On Stop the sub-agent's lines at the end of the file are not the main agent's turn.
    assert.deepEqual(turnOf(lines), { prompt: 'Delegate.', outputs: ['Asking a sub-agent.'] });
  });
});
