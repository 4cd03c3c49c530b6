import { strict as assert } from 'node:assert';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { analyze, checkOptionsFrom } from '../../server/src/analyze';
import { checkLeadingOutputs } from '../../server/src/previewCheck';
import { checkTranscript } from '../../shared/check/checkTranscript';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import type { OutputFinding } from '../../server/src/findings';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';

describe('first findings of a large file', () => {
  const session = generateClaudeSession({ targetSize: 3_000_000, outputs: 300 });

  it('reports leading outputs early and ends with the same findings as a check without partials', () => {
    const settings = { ...DEFAULT_SETTINGS, profile: 'spec' } as typeof DEFAULT_SETTINGS;
    const plain = analyze({ raw: session.raw, settings }).analysis;
    const partials: OutputFinding[][] = [];
    const staged = analyze({ raw: session.raw, settings }, (outputs) => partials.push(outputs)).analysis;
    assert.deepEqual(staged, plain);
    assert.ok(partials.length >= 1);
    // Partials arrive in file order, continuing where the last left off.
    const joined = partials.flat();
    assert.deepEqual(joined, plain.outputs.slice(0, joined.length));
    assert.ok(partials[0].length > 0);
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
});
