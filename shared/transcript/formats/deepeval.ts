/**
 * DeepEval test cases: datasets with snake_case keys (JSON, JSON Lines, CSV)
 * and the camelCase test-run JSON DeepEval writes after `deepeval test run`.
 *
 * Context decision: `retrieval_context` is what the pipeline retrieved and
 * the model saw, so it grounds. `context` is the ideal grounding the author
 * wrote; when a case also has `retrieval_context` it is grader material
 * (labelled "ideal context"), and only when it is the sole context given is
 * it treated as the case's documents (labelled "author context"), since
 * DeepEval's hallucination metric then checks the output against exactly
 * that text. `expected_output` is never context.
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { ComposedMap, ShiftMap } from '../offsets/offsetMaps';
import { asArray, isObject, str, type TextAt } from './common/jsonText';
import { jsonValueTexts } from './common/jsonValueSpan';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { type FixtureRow, type RowField, readFixtureRows } from './tabular/fixtureRows';
import { fieldNames, type HasField } from './tabular/headerColumns';

/** Each field under its snake_case and camelCase names. */
const KEYS = {
  input: ['input'],
  actualOutput: ['actual_output', 'actualOutput'],
  retrievalContext: ['retrieval_context', 'retrievalContext'],
  context: ['context'],
  expectedOutput: ['expected_output', 'expectedOutput'],
  toolsCalled: ['tools_called', 'toolsCalled'],
  name: ['name'],
} as const;

export const deepevalFormat: FormatParser = {
  id: 'deepeval',
  label: 'DeepEval test cases',
  sniff: (head) => confidence((name) => head.includes(name)),
  containers: ['json', 'text'],
  structure: (head, container) => confidence(fieldNames(head, container)) > 0,
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('deepeval', input.raw);
    const rows = readFixtureRows(input.raw, b, ['testCases', 'test_cases', 'goldens', 'conversationalTestCases'], input.firstRow);
    for (const row of rows) addCase(b, row);
    return b.finish();
  },
};

/**
 * DeepEval's CSV loader joins list columns with `;` by default, so a CSV
 * cell that is not a bracketed list is split there.
 */
function listItems(f: RowField | undefined): TextAt[] {
  if (!f) return [];
  const texts = f.texts();
  if (f.json || texts.length !== 1) return texts;
  const [t] = texts;
  const out: TextAt[] = [];
  let from = 0;
  while (from <= t.text.length) {
    let to = t.text.indexOf(';', from);
    if (to === -1) to = t.text.length;
    let s = from;
    let e = to;
    while (s < e && t.text.charCodeAt(s) === 32) s++;
    while (e > s && t.text.charCodeAt(e - 1) === 32) e--;
    if (e > s) out.push({ text: t.text.slice(s, e), map: new ComposedMap(new ShiftMap(s), t.map) });
    from = to + 1;
  }
  return out;
}

/** How sure the fields say these are DeepEval test cases; `has` tells words in the head or field names. */
function confidence(has: HasField): number {
  if (has('testCases') && ['actualOutput', 'retrievalContext', 'metricsData'].some(has)) return 0.9;
  if (has('actual_output')) return ['retrieval_context', 'expected_output', 'input'].some(has) ? 0.85 : 0.5;
  return 0;
}

function field(row: FixtureRow, names: readonly string[]): RowField | undefined {
  for (const n of names) {
    const f = row.get(n);
    if (f) return f;
  }
  return undefined;
}

function addCase(b: InOrderTranscriptBuilder, row: FixtureRow): void {
  const name = str(field(row, KEYS.name)?.value);
  const tag = name ? `case ${name}` : `case ${row.index + 1}`;
  let tip = -1;
  for (const t of field(row, KEYS.input)?.texts() ?? []) tip = b.add({ role: 'user', ...t, parent: tip, label: `input (${tag})` });
  const retrieval = listItems(field(row, KEYS.retrievalContext));
  retrieval.forEach((t, i) => {
    tip = b.add({ role: 'document', ...t, parent: tip, label: `retrieval context ${i + 1} (${tag})` });
  });
  const ideal = listItems(field(row, KEYS.context));
  const idealGrounds = retrieval.length === 0;
  const root = () => rootOf(b, tip);
  if (idealGrounds) {
    ideal.forEach((t, i) => {
      tip = b.add({ role: 'document', ...t, parent: tip, label: `author context ${i + 1} (${tag})` });
    });
  }
  tip = addToolOutputs(b, field(row, KEYS.toolsCalled), tip, tag);
  for (const t of field(row, KEYS.actualOutput)?.texts() ?? []) {
    b.add({ role: 'assistant', ...t, parent: tip, isOutput: true, label: `actual output (${tag})` });
  }
  const graderRoot = root();
  if (!idealGrounds) {
    ideal.forEach((t, i) => {
      b.add({ role: 'grader', ...t, parent: graderRoot, label: `ideal context ${i + 1} (${tag})` });
    });
  }
  for (const t of field(row, KEYS.expectedOutput)?.texts() ?? []) {
    b.add({ role: 'grader', ...t, parent: graderRoot, label: `expected output (${tag})` });
  }
}

/** `tools_called[].output` is what a tool returned to the model: it grounds. */
function addToolOutputs(b: InOrderTranscriptBuilder, tools: RowField | undefined, tip: number, tag: string): number {
  if (!tools?.json) return tip;
  const { region, path } = tools.json;
  asArray(tools.value).forEach((tool, i) => {
    if (!isObject(tool)) return;
    const toolName = str(tool.name) ?? 'tool';
    for (const t of jsonValueTexts(region, [...path, i, 'output'], tool.output)) {
      tip = b.add({ role: 'tool_result', ...t, parent: tip, label: `tool output (${toolName}, ${tag})` });
    }
  });
  return tip;
}

function rootOf(b: InOrderTranscriptBuilder, id: number): number {
  if (id === -1) return -1;
  let at = id;
  while (b.segments[at].parent !== -1) at = b.segments[at].parent;
  return at;
}
