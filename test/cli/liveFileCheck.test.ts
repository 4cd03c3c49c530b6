import { strict as assert } from 'node:assert';
import { checkFile, type FileCheckOptions } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import { type Appended, LiveFileCheck } from '../../cli/check/liveFileCheck';
import { call, EVERY_RULE_FLAGGING, longReadOpening, result, say, sessionLines, user, versionSpeltLater } from '../shared/code/claudeSession';

/** Claude Code lines: a long tool result (past the 64 KB detection reads), then calls and answers. */
let n = 0;
function line(type: 'user' | 'assistant', content: unknown, parent: string | null): { raw: string; uuid: string } {
  const uuid = `u${n++}`;
  const message = type === 'assistant' ? { id: `m${uuid}`, role: type, content } : { role: type, content };
  return { raw: JSON.stringify({ type, uuid, parentUuid: parent, sessionId: 's', message }) + '\n', uuid };
}

function session(turns: number): string[] {
  const prompt = line('user', 'Summarise the build log.', null);
  const out = [prompt.raw];
  let parent = prompt.uuid;
  for (let t = 0; t < turns; t++) {
    const call = line('assistant', [{ type: 'tool_use', id: `t${t}`, name: 'Bash', input: { command: `cat build-${t}.log` } }], parent);
    const log = `step ${t}: compiled 1${t}4 files in ${t + 2}.5 s; warnings: ${t % 3}\n`.repeat(t === 0 ? 1400 : 3);
    const result = line('user', [{ type: 'tool_result', tool_use_id: `t${t}`, content: log }], call.uuid);
    const reply = line(
      'assistant',
      [{ type: 'text', text: `Step ${t} compiled 1${t}4 files in ${t + 2}.5 s with ${t % 2} warnings, per build-${t}.log.` }],
      result.uuid,
    );
    out.push(call.raw, result.raw, reply.raw);
    parent = reply.uuid;
  }
  return out;
}

describe('a live check of a growing session file', () => {
  const options: FileCheckOptions = { settings: defaultSettings(), ledger: true };
  const lines = session(12);
  const head = lines.slice(0, 4).join('');

  it('checks appended lines on their own and reports what a check of the whole file reports', () => {
    assert.ok(head.length > 64 * 1024, `head of ${head.length} characters`);
    const { live } = LiveFileCheck.start({ file: 'live.jsonl', raw: head }, options);
    assert.ok(live, 'a Claude Code session past 64 KB can be followed line by line');
    let text = head;
    for (let i = 4; i < lines.length; i += 3) {
      const piece = lines.slice(i, i + 3).join('');
      const appended: Appended | undefined = live.append(piece);
      text += piece;
      assert.ok(appended, `lines ${i}–${i + 2} took the append path`);
      assert.equal(appended.linesParsed, 3);
      assert.equal(appended.outputsChecked, 1);
      assert.deepEqual(appended.report, checkFile({ file: 'live.jsonl', raw: text }, options));
    }
  });

  it('checks an earlier answer again when new lines spell the version it states, as a check of the whole file does', () => {
    const everyRule: FileCheckOptions = { settings: { ...defaultSettings(), rules: EVERY_RULE_FLAGGING }, ledger: true };
    // The answer names v0.6.0 before anything spells it; the call after it does.
    const all = versionSpeltLater();
    const first = all.slice(0, 6).join('');
    const { report, live } = LiveFileCheck.start({ file: 'live.jsonl', raw: first }, everyRule);
    assert.ok(
      report.outputs.some((o) => o.entities.some((e) => e.rule === 'unseen-versions')),
      'unspelt before the call',
    );
    const appended = live!.append(all.slice(6).join(''));
    assert.ok(appended, 'the new lines took the append path');
    assert.deepEqual(appended.report, checkFile({ file: 'live.jsonl', raw: all.join('') }, everyRule));
    assert.ok(!appended.report.outputs.some((o) => o.entities.some((e) => e.rule === 'unseen-versions')));
  });

  it('asks for a whole check where appends cannot be read on their own', () => {
    assert.equal(LiveFileCheck.start({ file: 'short.jsonl', raw: lines[0] }, options).live?.append(lines[1]), undefined, 'a head still under 64 KB');
    assert.equal(LiveFileCheck.start({ file: 'mid.jsonl', raw: head + lines[4].slice(0, 20) }, options).live, undefined, 'a last line still being written');
    const { live } = LiveFileCheck.start({ file: 'live.jsonl', raw: head }, options);
    assert.equal(live!.append(lines[4].slice(0, 20)), undefined, 'half a line');
  });
});
