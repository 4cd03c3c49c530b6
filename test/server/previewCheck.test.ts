import { strict as assert } from 'node:assert';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { analyze, checkOptionsFrom } from '../../server/src/analyze';
import { checkLeadingOutputs } from '../../server/src/previewCheck';
import { checkTranscript } from '../../shared/check/checkTranscript';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import type { OutputFinding } from '../../server/src/fileAnalysis';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { EVERY_RULE_FLAGGING, versionSpeltLater } from '../shared/code/claudeSession';

describe('first findings of a large file', () => {
  const session = generateClaudeSession({ targetSize: 3_000_000, outputs: 300 });

  it('reports leading outputs early, from the head of the file, and ends with the same findings as a check without partials', () => {
    const settings = { ...DEFAULT_SETTINGS, profile: 'spec' } as typeof DEFAULT_SETTINGS;
    const plain = analyze({ raw: session.raw, settings }).analysis;
    const partials: { outputs: OutputFinding[]; total?: number; restart?: true }[] = [];
    const staged = analyze({ raw: session.raw, settings }, (outputs, header, restart) =>
      partials.push({ outputs, total: header.outputsTotal, restart }),
    ).analysis;
    assert.deepEqual(staged, plain);
    // The preview comes from a parse of the head alone, which cannot know how many outputs the file has.
    const preview = partials.slice(
      0,
      partials.findIndex((p) => p.restart),
    );
    assert.ok(preview.length > 0 && preview[0].outputs.length > 0);
    assert.ok(preview.every((p) => p.total === undefined));
    // The whole file's first report replaces it; partials then continue where the last left off, in file order.
    const held: OutputFinding[] = [];
    for (const p of partials) {
      if (p.restart) held.length = 0;
      held.push(...p.outputs);
      assert.deepEqual(held, plain.outputs.slice(0, held.length));
    }
    assert.ok(partials.slice(preview.length).every((p) => p.total === plain.outputs.length));
  });

  it('checks the leading outputs against an index of the first segments alone', () => {
    const t = parseTranscript({ raw: session.raw });
    assert.ok(!isNotTranscript(t));
    const options = checkOptionsFrom({ ...DEFAULT_SETTINGS, profile: 'spec' } as typeof DEFAULT_SETTINGS);
    const early = [...checkLeadingOutputs(t, options, 200_000)];
    const full = checkTranscript(t, options);
    assert.ok(early.length > 0 && early.length < full.outputs.length);
    assert.deepEqual(
      early.map((c) => c.result),
      full.outputs.slice(0, early.length).map((c) => c.result),
    );
  });

  it('ends before an output whose check searches the whole session: a version spelt past the head is seen', () => {
    // The answer names v0.6.0; only the call after the head spells it.
    const raw = versionSpeltLater().join('');
    const t = parseTranscript({ raw });
    assert.ok(!isNotTranscript(t));
    const options = checkOptionsFrom({ ...DEFAULT_SETTINGS, rules: EVERY_RULE_FLAGGING });
    const answer = t.segments.findIndex((s) => s.isOutput && s.text.startsWith('v0.6.0'));
    const head = t.segments.slice(0, answer + 1).reduce((n, s) => n + s.text.length, 0);
    const early = [...checkLeadingOutputs(t, options, head)];
    const full = checkTranscript(t, options);
    assert.deepEqual(
      early.map((c) => c.segment),
      [full.outputs[0].segment],
      'the answer before the answer that names the version',
    );
    assert.deepEqual(early[0].result, full.outputs[0].result);
    assert.ok(!full.outputs[1].result.entities.some((e) => e.rule === 'unseen-versions'));
  });
});
