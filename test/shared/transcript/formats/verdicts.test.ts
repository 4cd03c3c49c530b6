/**
 * End to end over every format fixture: parse, check each output against
 * its own context, and confirm that what the fixture grounds is grounded,
 * what it fabricates is not, and what a gap hides is indeterminate.
 */
import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../../shared/check/checkTranscript';
import { ALL_FORMATS } from '../../../../shared/transcript/formats/index';
import { parseFixture } from './formatTestKit';

/** `label → entity text → status` for every output of a fixture. */
function verdicts(formatId: string, rel: string): Map<string, Map<string, string>> {
  const parser = ALL_FORMATS.find((f) => f.id === formatId)!;
  const { t } = parseFixture(parser, rel);
  const out = new Map<string, Map<string, string>>();
  for (const o of checkTranscript(t).outputs) {
    out.set(t.segments[o.segment].label!, new Map(o.result.entities.map((e) => [e.text, e.status])));
  }
  return out;
}

function expectStatuses(formatId: string, rel: string, expected: Record<string, Record<string, string>>): void {
  const got = verdicts(formatId, rel);
  for (const [label, entities] of Object.entries(expected)) {
    const statuses = got.get(label);
    assert.ok(statuses, `no output "${label}" in ${rel}: ${[...got.keys()].join(' | ')}`);
    for (const [text, status] of Object.entries(entities)) {
      assert.equal(statuses.get(text), status, `${rel} / ${label} / ${text}: ${JSON.stringify([...statuses])}`);
    }
  }
}

describe('verdicts on format fixtures', () => {
  it('RAGAS: a row is grounded by its own contexts, never by references', () => {
    expectStatuses('ragas', 'ragas/results.csv', {
      'response (row 1)': { '12 March 1932': 'grounded', '"Aurora"': 'grounded', '412': 'unverified' },
      'response (row 2)': { '$4.2M': 'grounded', 'Karl Brandt': 'unverified' },
    });
    expectStatuses('ragas', 'ragas/dataset.jsonl', {
      'response (row 2)': { $50: 'grounded', '3 days': 'unverified' },
    });
  });

  it('DeepEval: the ideal context grounds only when nothing was retrieved', () => {
    expectStatuses('deepeval', 'deepeval/dataset.json', {
      'actual output (case 1)': { '2021': 'grounded', 'Tom Okafor': 'unverified' },
      'actual output (case 2)': { '8443': 'grounded', '1.3': 'unverified' },
    });
  });

  it('Inspect: tool results ground, the target does not', () => {
    expectStatuses('inspect', 'inspect/security_guide.json', {
      'assistant 5 (sample 3 epoch 1)': { '1998': 'unverified', '7231': 'unverified' },
    });
    expectStatuses('inspect', 'inspect/geo.eval', {
      'assistant 3 (sample q1 epoch 1)': { 'Loch Ness': 'grounded', '42 km': 'unverified' },
    });
  });

  it('OTLP: earlier tool and retrieval spans ground; later ones and gaps leave claims indeterminate', () => {
    expectStatuses('otlp', 'otlp/genai_current.json', {
      'assistant (span chat gpt-4o)': { '€147.00': 'grounded', '€49': 'grounded', '€15': 'indeterminate' },
      'assistant (span chat gpt-4o-mini)': { '58 invoices': 'indeterminate' },
    });
    expectStatuses('otlp', 'otlp/openllmetry.jsonl', {
      'assistant (span anthropic.chat)': { '2,850 km': 'grounded', '1875': 'unverified' },
    });
    expectStatuses('otlp', 'openinference/agentprism.json', {
      'assistant (span ChatOpenAI)': { '160,000 km': 'grounded' },
    });
  });

  it('LangSmith and Langfuse: earlier tool and retriever steps ground the model call', () => {
    expectStatuses('langsmith', 'langsmith/runs.jsonl', {
      'assistant (run ChatOpenAI)': { '2024-11-03': 'grounded', '24 months': 'grounded' },
    });
    expectStatuses('langfuse', 'langfuse/trace.json', {
      'assistant (generation answer)': { '14 days': 'grounded', '10%': 'grounded', 'Sony WH': 'unverified' },
    });
  });

  it('Markdown chats: what the history lacks is indeterminate; the full LLM history decides', () => {
    expectStatuses('specstory', 'specstory/2025-05-01_10-00-fix-flaky-test.md', {
      'assistant 1': { '`tests/conftest.py`': 'grounded', '`ubuntu-22.04`': 'indeterminate' },
    });
    expectStatuses('aider-chat', 'aider/.aider.chat.history.md', { 'assistant 1': { '8080': 'indeterminate' } });
    expectStatuses('aider-llm-history', 'aider/.aider.llm.history', { 'reply (call 1)': { '8080': 'grounded', '50 ms': 'unverified' } });
  });

  it('promptfoo: a response is checked against its rendered prompt', () => {
    expectStatuses('promptfoo', 'promptfoo/out.json', {
      'response (result 2, openai:gpt-4o-mini)': { '"2-year"': 'grounded', '5 years': 'unverified', $49: 'unverified' },
    });
  });
});
