import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { DocumentMemory } from '../../server/src/documentMemory';
import { fromWire, toWire, type WorkerPartial, type WorkerReply } from '../../server/src/workerProtocol';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';

const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The messages the worker sends for a check of `raw`: its partials, then its reply. */
function checkMessages(raw: string, file: string, settings: GroundcheckSettings): (WorkerReply | WorkerPartial)[] {
  const sent: (WorkerReply | WorkerPartial)[] = [];
  const reply = new DocumentMemory().check(
    1,
    { kind: 'check', uri: `file://${file}`, path: file, version: 1, settings, text: raw, referenceRoots: [ROOT] },
    (p) => sent.push(p),
  );
  return [...sent, reply];
}

describe('messages from the classification worker', () => {
  const profiles: [string, GroundcheckSettings][] = [
    ['refined', DEFAULT_SETTINGS],
    ['spec', { ...DEFAULT_SETTINGS, profile: 'spec' }],
  ];
  for (const [name, settings] of profiles) {
    it(`carry every check's findings unchanged, as a structured clone would (fixtures and examples, ${name} profile)`, () => {
      let checked = 0;
      for (const file of [...filesUnder(path.join(ROOT, 'test/fixtures')), ...filesUnder(path.join(ROOT, 'examples'))]) {
        for (const message of checkMessages(readFileSync(file, 'utf8'), file, settings)) {
          assert.deepStrictEqual(fromWire(toWire(message)), structuredClone(message), file);
          if ('analysis' in message && message.analysis.state === 'checked') checked++;
        }
      }
      assert.ok(checked > 40, `${checked} transcripts checked`);
    });
  }

  it('carry the partial findings of a large file unchanged, the head’s preview and the restart too', () => {
    const { raw } = generateClaudeSession({ targetSize: 2_500_000, outputs: 200 });
    const messages = checkMessages(raw, '/work/session.jsonl', { ...DEFAULT_SETTINGS, profile: 'spec' });
    const partials = messages.filter((m) => 'partial' in m);
    assert.ok(partials.some((m) => m.partial.restart) && partials.length > 1, `${partials.length} partials`);
    for (const message of messages) assert.deepStrictEqual(fromWire(toWire(message)), structuredClone(message));
  });

  it('send findings as JSON text, and the other replies as they are', () => {
    const [reply] = checkMessages(readFileSync(path.join(ROOT, 'examples/claude-session.jsonl'), 'utf8'), 'examples/claude-session.jsonl', DEFAULT_SETTINGS);
    assert.ok('json' in toWire(reply));
    const places: WorkerReply = { id: 2, ok: true, places: { matches: [], matchCount: 0 } };
    assert.equal(toWire(places), places);
  });
});
