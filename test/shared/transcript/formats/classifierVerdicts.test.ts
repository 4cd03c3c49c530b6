/**
 * End to end on every agent/chat fixture: parse, check each output against
 * its own branch, and read the verdicts a user would see for the entities the
 * fixtures plant (grounded facts, fabrications, claims a gap makes unknowable).
 */
import { strict as assert } from 'node:assert';
import { checkTranscript, type TranscriptCheck } from '../../../../shared/check/checkTranscript';
import type { EntityStatus } from '../../../../shared/classifier/types';
import type { FormatParser } from '../../../../shared/transcript/model';
import { anthropicMessagesFormat } from '../../../../shared/transcript/formats/anthropicMessages';
import { claudeCodeFormat } from '../../../../shared/transcript/formats/claudeCode';
import { claudeStreamJsonFormat } from '../../../../shared/transcript/formats/claudeStreamJson';
import { clineFormat } from '../../../../shared/transcript/formats/cline';
import { codexExecFormat } from '../../../../shared/transcript/formats/codexExec';
import { codexRolloutFormat } from '../../../../shared/transcript/formats/codexRollout';
import { openaiChatFormat } from '../../../../shared/transcript/formats/openaiChat';
import { openaiResponsesFormat } from '../../../../shared/transcript/formats/openaiResponses';
import { readFixture } from './fixtureHelpers';

interface Checked {
  raw: string;
  check: TranscriptCheck;
}

function check(parser: FormatParser, rel: string): Checked {
  const raw = readFixture(rel);
  return { raw, check: checkTranscript(parser.parse({ raw })) };
}

/**
 * Status of the entity that starts where each needle starts in output `n`
 * (0-based among outputs). Keyed by position, so the test pins what the
 * parser gives the classifier, not exactly how far extraction extends a span.
 */
function statuses(c: Checked, n: number, needles: string[]): Record<string, EntityStatus | 'missing'> {
  const out: Record<string, EntityStatus | 'missing'> = {};
  for (const needle of needles) out[needle] = entityAt(c, n, needle)?.status ?? 'missing';
  return out;
}

function entityAt(c: Checked, n: number, needle: string) {
  const output = c.check.outputs[n];
  const at = c.check.transcript.segments[output.segment].text.indexOf(needle);
  assert.ok(at >= 0, `${needle} not in output ${n}`);
  return output.result.entities.find((e) => e.occurrences.some(([start]) => start === at));
}

/** Raw characters under the entity that starts at `needle`. */
function rawEntity(c: Checked, n: number, needle: string): string {
  const entity = entityAt(c, n, needle);
  assert.ok(entity, `no entity at ${needle}`);
  const seg = c.check.transcript.segments[c.check.outputs[n].segment];
  return c.raw.slice(seg.map.toRaw(entity.span[0]), seg.map.toRaw(entity.span[1]));
}

describe('classifier verdicts on the agent and chat fixtures', () => {
  it('Claude Code: branches, sub-agents, compaction, escapes', () => {
    const c = check(claudeCodeFormat, 'claude-code/session.jsonl');
    assert.deepEqual(statuses(c, 0, ['1043', '"eu-west-1"', '"Zoë 😀"', '250 ms']), {
      '1043': 'grounded',
      '"eu-west-1"': 'grounded',
      '"Zoë 😀"': 'grounded',
      '250 ms': 'unverified',
    });
    assert.equal(rawEntity(c, 0, '"Zoë 😀"'), '\\"Zo\\u00eb \\ud83d\\ude00\\"');
    assert.deepEqual(statuses(c, 1, ['14 similar', '2025-05-31']), { '14 similar': 'grounded', '2025-05-31': 'unverified' });
    assert.deepEqual(statuses(c, 2, ['3', '14 configs']), { '3': 'grounded', '14 configs': 'unverified' });
    assert.deepEqual(statuses(c, 3, ['March 2024', '$18,400']), { 'March 2024': 'grounded', '$18,400': 'indeterminate' });
    assert.deepEqual(statuses(c, 4, ['7']), { '7': 'indeterminate' });
  });

  it('Claude stream-json: tool output grounds, the missing prompt makes the rest indeterminate', () => {
    const c = check(claudeStreamJsonFormat, 'claude-stream/stream.jsonl');
    assert.deepEqual(statuses(c, 2, ['41 pass', '812ms', '200 ms']), { '41 pass': 'grounded', '812ms': 'grounded', '200 ms': 'indeterminate' });
  });

  it('Codex rollout: triple-escaped tool output grounds, and so does the patch the model applied successfully', () => {
    const c = check(codexRolloutFormat, 'codex/rollout-2025-09-18T08-30-00-0199a1b2.jsonl');
    assert.deepEqual(statuses(c, 0, ['8080', '"café"', '20', '2025-02-14']), {
      '8080': 'grounded',
      '"café"': 'grounded',
      '20': 'grounded',
      '2025-02-14': 'unverified',
    });
    assert.equal(rawEntity(c, 0, '"café"'), '\\"caf\\u00e9\\"');
  });

  it('codex exec: grounded tool output, everything else indeterminate without the prompt', () => {
    const c = check(codexExecFormat, 'codex-exec/exec.jsonl');
    assert.deepEqual(statuses(c, 0, ['"Hotfix for CSV export"', '3 commits', 'Dana Reyes']), {
      '"Hotfix for CSV export"': 'grounded',
      '3 commits': 'grounded',
      'Dana Reyes': 'indeterminate',
    });
  });

  it('OpenAI Chat: tool results and system prompt ground; lines stay apart; gaps for images and missing requests', () => {
    const dump = check(openaiChatFormat, 'openai-chat/request-response.json');
    assert.deepEqual(statuses(dump, 0, ['12.5', 'Café Lumière', '"large"', '5 days']), {
      '12.5': 'grounded',
      'Café Lumière': 'grounded',
      '"large"': 'grounded',
      '5 days': 'unverified',
    });
    assert.equal(rawEntity(dump, 0, 'Café Lumière'), 'Caf\\u00e9 Lumi\\u00e8re');
    const fineTune = check(openaiChatFormat, 'openai-chat/fine-tune.jsonl');
    assert.deepEqual(statuses(fineTune, 0, ['1597']), { '1597': 'unverified' });
    assert.deepEqual(statuses(fineTune, 1, ['16', 'San Francisco']), { '16': 'grounded', 'San Francisco': 'grounded' });
    assert.deepEqual(statuses(check(openaiChatFormat, 'openai-chat/batch-output.jsonl'), 0, ['4471']), { '4471': 'indeterminate' });
    assert.deepEqual(statuses(check(openaiChatFormat, 'openai-chat/messages.json'), 0, ['$29']), { $29: 'indeterminate' });
  });

  it('OpenAI Responses: decoded tool output and file search results ground; server-side history is a gap', () => {
    const c = check(openaiResponsesFormat, 'openai-responses/request-response.json');
    assert.deepEqual(statuses(c, 0, ['€89.90', '30 days', '2025-05-04', '15%']), {
      '€89.90': 'grounded',
      '30 days': 'grounded',
      '2025-05-04': 'grounded',
      '15%': 'unverified',
    });
    const followUp = check(openaiResponsesFormat, 'openai-responses/response-followup.json');
    const url = 'https://europa.eu/youreurope/citizens/consumers/shopping/returns/index_en.htm';
    assert.deepEqual(statuses(followUp, 0, [url, '14 days']), { [url]: 'grounded', '14 days': 'indeterminate' });
  });

  it('Anthropic: documents, tool results and cited passages ground; encrypted results and PDFs make the rest indeterminate', () => {
    const c = check(anthropicMessagesFormat, 'anthropic/request-response.json');
    assert.deepEqual(statuses(c, 3, ['€1,250.00', '"final notice"', '£3,000']), {
      '€1,250.00': 'grounded',
      '"final notice"': 'grounded',
      '£3,000': 'unverified',
    });
    assert.equal(rawEntity(c, 3, '£3,000'), '\\u00a33,000');
    assert.deepEqual(statuses(c, 2, ['1 March 2024']), { '1 March 2024': 'grounded' });
    // Encrypted results leave everything else unknowable, but the cited passage grounds its figure.
    assert.deepEqual(statuses(check(anthropicMessagesFormat, 'anthropic/web-search-response.json'), 0, ['6,893']), { '6,893': 'grounded' });
    const lines = check(anthropicMessagesFormat, 'anthropic/conversations.jsonl');
    assert.deepEqual(statuses(lines, 0, ['$4.2M']), { '$4.2M': 'indeterminate' });
    assert.deepEqual(statuses(lines, 1, ['120 tests']), { '120 tests': 'grounded' });
  });

  it('Cline: the read file grounds the completion; XML tool markup yields no entities', () => {
    const c = check(clineFormat, 'cline/api_conversation_history.json');
    assert.deepEqual(statuses(c, 1, ['"ap-south-1"', 'MAX_UPLOAD_MB', '48 hours']), {
      '"ap-south-1"': 'grounded',
      MAX_UPLOAD_MB: 'grounded',
      '48 hours': 'unverified',
    });
    const texts = c.check.outputs.flatMap((o) => o.result.entities.map((e) => e.text));
    assert.equal(
      texts.some((t) => t.includes('read_file') || t.includes('attempt_completion') || t.startsWith('/')),
      false,
    );
  });
});
