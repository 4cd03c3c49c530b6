/**
 * RAGAS evaluation datasets and results (current and pre-0.2 column names,
 * single- and multi-turn) as JSON, JSON Lines or CSV. Each row is its own
 * tree: question, then retrieved contexts, then the response, so one row's
 * documents never ground another row's answer. References and ground truths
 * are the grader's, never the model's context.
 */
import type { JsonPath, JsonRegion } from '../json/jsonRegion';
import type { FormatParser, ParseInput, Role, Transcript } from '../model';
import { asArray, contentTexts, isObject, str } from './common/jsonText';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { type FixtureRow, readFixtureRows } from './tabular/fixtureRows';
import { fieldNames, type HasField } from './tabular/headerColumns';

const QUESTION_KEYS = ['user_input', 'question'];
const CONTEXT_KEYS = ['retrieved_contexts', 'contexts'];
const RESPONSE_KEYS = ['response', 'answer'];
const GRADER_KEYS: Array<[key: string, label: string]> = [
  ['reference', 'reference'],
  ['reference_contexts', 'reference context'],
  ['ground_truth', 'ground truth'],
  ['ground_truths', 'ground truth'],
  ['rubrics', 'rubric'],
];

const MULTI_TURN_ROLES: Record<string, Role> = { human: 'user', ai: 'assistant', tool: 'tool_result', system: 'system' };

export const ragasFormat: FormatParser = {
  id: 'ragas',
  label: 'RAGAS dataset',
  sniff: (head) => confidence((name) => head.includes(name)),
  containers: ['json', 'text'],
  structure: (head, container) => confidence(fieldNames(head, container)) > 0,
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('ragas', input.raw);
    for (const row of readFixtureRows(input.raw, b, ['samples', 'data', 'rows'], input.firstRow)) addRow(b, row);
    return b.finish();
  },
};

/** How sure the fields say this is a RAGAS dataset; `has` tells words in the head or field names. */
function confidence(has: HasField): number {
  if (has('retrieved_contexts')) return 0.9;
  if (has('user_input') && ['response', 'reference', 'synthesizer_name'].some(has)) return 0.8;
  if (['question', 'contexts', 'answer'].every(has) && !has('actual_output')) return 0.6;
  return 0;
}

function firstField(row: FixtureRow, keys: readonly string[]) {
  for (const k of keys) {
    const f = row.get(k);
    if (f) return f;
  }
  return undefined;
}

function addRow(b: InOrderTranscriptBuilder, row: FixtureRow): void {
  const n = row.index + 1;
  let tip = -1;
  let root = -1;
  const question = firstField(row, QUESTION_KEYS);
  if (question?.json && Array.isArray(question.value)) {
    tip = addMultiTurn(b, question.value, question.json, n);
  } else if (question) {
    for (const t of question.texts()) tip = b.add({ role: 'user', ...t, parent: tip, label: `question (row ${n})` });
  }
  root = tip === -1 ? -1 : firstAncestor(b, tip);
  const contexts = firstField(row, CONTEXT_KEYS);
  contexts?.texts().forEach((t, i) => {
    tip = b.add({ role: 'document', ...t, parent: tip, label: `retrieved context ${i + 1} (row ${n})` });
  });
  if (root === -1 && tip !== -1) root = firstAncestor(b, tip);
  const response = firstField(row, RESPONSE_KEYS);
  response?.texts().forEach((t) => {
    b.add({ role: 'assistant', ...t, parent: tip, isOutput: true, label: `response (row ${n})` });
  });
  row
    .get('multi_responses')
    ?.texts()
    .forEach((t, i) => {
      b.add({ role: 'assistant', ...t, parent: tip, isOutput: true, label: `response ${i + 1} (row ${n})` });
    });
  // Grader material hangs beside the row's root, never on the response's branch.
  for (const [key, label] of GRADER_KEYS) {
    const texts = row.get(key)?.texts() ?? [];
    texts.forEach((t, i) => {
      const numbered = texts.length > 1 ? `${label} ${i + 1}` : label;
      b.add({ role: 'grader', ...t, parent: root, label: `${numbered} (row ${n})` });
    });
  }
}

function firstAncestor(b: InOrderTranscriptBuilder, id: number): number {
  let at = id;
  while (b.segments[at].parent !== -1) at = b.segments[at].parent;
  return at;
}

/** Multi-turn `user_input`: a message list whose AI turns are checked too. */
function addMultiTurn(b: InOrderTranscriptBuilder, messages: unknown[], at: { region: JsonRegion; path: JsonPath }, n: number): number {
  let tip = -1;
  asArray(messages).forEach((m, i) => {
    if (!isObject(m)) return;
    const role = MULTI_TURN_ROLES[str(m.type) ?? str(m.role) ?? ''];
    if (!role) return;
    for (const t of contentTexts(at.region, [...at.path, i, 'content'], m.content)) {
      tip = b.add({
        role,
        text: t.text,
        map: t.map,
        parent: tip,
        isOutput: role === 'assistant',
        label: `${role === 'assistant' ? 'AI turn' : role === 'user' ? 'human turn' : 'tool output'} ${i + 1} (row ${n})`,
      });
    }
  });
  return tip;
}
