/**
 * Rows in RAGTruth's shape (JSON Lines or a JSON array): a `query`, the
 * `context` the model was given (the source text, or the records of a
 * data-to-text task as a JSON string), the model's `output`, and beside them
 * the dataset's own `task_type`, `model` and hand-made `labels` of
 * hallucinated spans. Many teams keep their RAG test sets in this shape.
 *
 * Each row is its own tree: query, then context, then the output, so one
 * row's source never grounds another row's answer. The `labels` are the
 * grader's judgement of the output, never its context, and are not read.
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { type FixtureRow, readFixtureRows } from './tabular/fixtureRows';
import { fieldNames, type HasField } from './tabular/headerColumns';

export const ragtruthFormat: FormatParser = {
  id: 'ragtruth',
  label: 'RAGTruth-style rows',
  sniff: (head) => confidence((name) => KEY[name]?.test(head) ?? false),
  containers: ['json', 'text'],
  structure: (head, container) => confidence(fieldNames(head, container)) > 0,
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('ragtruth', input.raw);
    for (const row of readFixtureRows(input.raw, b, ['data', 'rows'], input.firstRow)) addRow(b, row);
    return b.finish();
  },
};

/** The fields read in the head as JSON keys: the bare words are common in any log's text. */
const KEY: Record<string, RegExp> = {
  query: /"query"\s*:/,
  context: /"context"\s*:/,
  output: /"output"\s*:/,
  task_type: /"task_type"\s*:/,
};

/**
 * How sure the fields say these are RAGTruth-style rows; `has` tells the
 * head's keys or field names. The three fields together are this shape; the
 * dataset's own `task_type` makes it sure.
 */
function confidence(has: HasField): number {
  if (!['query', 'context', 'output'].every(has)) return 0;
  return has('task_type') ? 0.8 : 0.55;
}

function addRow(b: InOrderTranscriptBuilder, row: FixtureRow): void {
  const n = row.index + 1;
  const task = row.get('task_type')?.texts()[0]?.text;
  const tag = task ? `row ${n}, ${task}` : `row ${n}`;
  let tip = -1;
  for (const t of row.get('query')?.texts() ?? []) tip = b.add({ role: 'user', ...t, parent: tip, label: `query (${tag})` });
  for (const t of row.get('context')?.texts() ?? []) tip = b.add({ role: 'document', ...t, parent: tip, label: `context (${tag})` });
  for (const t of row.get('output')?.texts() ?? []) b.add({ role: 'assistant', ...t, parent: tip, isOutput: true, label: `output (${tag})` });
}
