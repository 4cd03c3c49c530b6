/**
 * Damaged and oversized input: every parser keeps going past broken data,
 * never throws, and never reports a range outside the file.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ALL_FORMATS } from '../../../../shared/transcript/formats/index';
import type { FormatParser, Transcript } from '../../../../shared/transcript/model';
import { fixturePath } from './formatTestKit';

const FIXTURES: Array<[format: string, rel: string]> = [
  ['ragas', 'ragas/results.csv'],
  ['ragas', 'ragas/dataset.jsonl'],
  ['ragtruth', 'ragtruth/rows.jsonl'],
  ['deepeval', 'deepeval/test_run.json'],
  ['inspect', 'inspect/security_guide.json'],
  ['otlp', 'otlp/genai_current.json'],
  ['otlp', 'openinference/flat_span.json'],
  ['otlp', 'openinference/bare_attributes.json'],
  ['otlp', 'otlp/vercel_ai.json'],
  ['otlp', 'otlp/genai_log_events.jsonl'],
  ['otlp', 'otlp/openllmetry.jsonl'],
  ['deepeval', 'deepeval/dataset.csv'],
  ['inspect', 'inspect/geo.eval'],
  ['langsmith', 'langsmith/runs.jsonl'],
  ['langfuse', 'langfuse/trace.json'],
  ['specstory', 'specstory/2025-05-01_10-00-fix-flaky-test.md'],
  ['cline-export', 'cline-export/cline_task_mar-2-2026_10-00-00-am.md'],
  ['claude-code-export', 'claude-code-export/2026-03-04-pool-size.txt'],
  ['copilot-cli-export', 'copilot-cli-export/03-04-pool-size.md'],
  ['codex-export', 'codex-export/2026-03-04-pool-size-019e0a11.md'],
  ['gemini-checkpoint', 'gemini-checkpoint/checkpoint-release.json'],
  ['aider-chat', 'aider/.aider.chat.history.md'],
  ['aider-llm-history', 'aider/.aider.llm.history'],
  ['promptfoo', 'promptfoo/promptfooconfig.yaml'],
  ['promptfoo', 'promptfoo/out.json'],
  ['promptfoo', 'promptfoo/results.jsonl'],
];

function parser(id: string): FormatParser {
  return ALL_FORMATS.find((f) => f.id === id)!;
}

/** Every segment in the file itself maps inside it, start before end. */
function assertRangesInside(t: Transcript, raw: string): void {
  for (const s of t.segments) {
    if (s.source !== undefined) continue;
    const start = s.map.toRaw(0);
    const end = s.map.toRaw(s.text.length);
    assert.ok(start >= 0 && start <= end && end <= raw.length, `${s.label}: [${start}, ${end}) outside ${raw.length}`);
  }
  for (const e of t.errors) assert.ok(e.rawRange[0] >= 0 && e.rawRange[1] <= raw.length && e.rawRange[0] <= e.rawRange[1]);
}

describe('format parsers on damaged and oversized input', () => {
  for (const [format, rel] of FIXTURES) {
    it(`${rel}: survives cuts and deletions anywhere`, () => {
      // Zips are damaged byte by byte (latin1 keeps one character per byte).
      const zip = rel.endsWith('.eval');
      const raw = readFileSync(fixturePath(rel), zip ? 'latin1' : 'utf8');
      fc.assert(
        fc.property(fc.nat(raw.length), fc.nat(raw.length), fc.nat(40), (a, b, len) => {
          const cut = raw.slice(0, Math.max(a, b));
          const damaged = cut.slice(0, Math.min(a, b)) + cut.slice(Math.min(a, b) + len);
          const bytes = zip ? new Uint8Array(Buffer.from(damaged, 'latin1')) : undefined;
          const t = parser(format).parse({ raw: damaged, path: fixturePath(rel), bytes });
          assertRangesInside(t, damaged);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('never throws on arbitrary text or JSON, whatever the parser', () => {
    const ids = [...new Set(FIXTURES.map(([f]) => f))].concat('inspect');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json({ maxDepth: 4 }),
          fc.jsonValue().map((v) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [v] }] }] })),
        ),
        (raw) => {
          for (const id of ids) assertRangesInside(parser(id).parse({ raw }), raw);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips a 3 MB base64 attribute by range and still finds the answer after it', () => {
    const blob = 'QUJD'.repeat(750_000);
    const span = {
      traceId: 't',
      spanId: 's',
      name: 'chat big',
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
        {
          key: 'gen_ai.input.messages',
          value: {
            stringValue: JSON.stringify([
              {
                role: 'user',
                parts: [
                  { type: 'blob', content: blob },
                  { type: 'text', content: 'Describe the image.' },
                ],
              },
            ]),
          },
        },
        {
          key: 'gen_ai.output.messages',
          value: { stringValue: JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'A red car, plate KX-442.' }] }]) },
        },
      ],
    };
    const raw = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
    const t = parser('otlp').parse({ raw });
    assert.deepEqual(
      t.segments.map((s) => [s.role, s.text]),
      [
        ['user', 'Describe the image.'],
        ['assistant', 'A red car, plate KX-442.'],
      ],
    );
    const out = t.segments[1];
    const at = out.text.indexOf('KX-442');
    assert.equal(raw.slice(out.map.toRaw(at), out.map.toRaw(at + 6)), 'KX-442');
  });

  it('reads a CSV with a 1 MB quoted cell full of doubled quotes, offsets intact at its far end', () => {
    const cell = 'say ""hi"" '.repeat(100_000) + 'END-77';
    const raw = `user_input,retrieved_contexts,response\nq,"${cell}",done at END-77\n`;
    const t = parser('ragas').parse({ raw });
    const doc = t.segments.find((s) => s.role === 'document')!;
    assert.equal(doc.text.length, 'say "hi" '.length * 100_000 + 6);
    const at = doc.text.lastIndexOf('"hi" END-77');
    assert.equal(raw.slice(doc.map.toRaw(at), doc.map.toRaw(at + 11)), '""hi"" END-77');
  });
});
