/**
 * `promptfooconfig.yaml`: prompt templates, then each test's variables on
 * its own branch, with `file://` variables read relative to the config.
 * Tests may also come from a CSV file (`tests: file://tests.csv`).
 * A config holds no model outputs (those are in `promptfoo eval -o`
 * results), so it yields context only; assertion values are grader
 * material.
 */
import { dirname, resolve } from 'node:path';
import { type Document, isAlias, isMap, isScalar, isSeq, parseDocument, type Node, type Scalar } from 'yaml';
import type { ParseInput, Role } from '../../model';
import { ShiftMap } from '../../offsets/offsetMaps';
import { ContextGaps } from '../contextGaps';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { type CsvCell, type CsvProblem, readCsvRecords } from '../tabular/csvCells';
import { yamlScalarMap } from '../yaml/scalarMap';
import { varRole } from './varRoles';

const FILE_PREFIX = 'file://';

/**
 * Aliases expanded per config, as the yaml library's own `maxAliasCount`:
 * aliases of aliases (a "billion laughs") stop here, with an error at the
 * first alias past the limit.
 */
export const MAX_YAML_ALIASES = 100;

/** Resolves an alias to the node it names, within the per-config limit. */
type Deref = (node: unknown) => Node | undefined;

export function parseConfig(b: InOrderTranscriptBuilder, input: ParseInput): void {
  const raw = input.raw;
  const doc = parseDocument(raw, { keepSourceTokens: false });
  for (const e of doc.errors) b.error(`YAML: ${e.message.split('\n')[0]}`, e.pos[0], Math.max(e.pos[1], e.pos[0] + 1));
  const deref = aliasResolver(doc, b);
  const scalarsOf = (node: unknown) => scalarsIn(node, deref);
  const add = (role: Role, node: Scalar, parent: number, label: string): number => {
    const value = String(node.value);
    if (value.startsWith(FILE_PREFIX)) return addFile(b, input, value, role, parent, label);
    return b.add({ role, text: value, map: yamlScalarMap(raw, node, value), parent, label });
  };

  let shared = -1;
  scalarsOf(doc.get('prompts', true) as Node | undefined).forEach((p, i) => {
    shared = add('user', p, shared, `prompt ${i + 1}`);
  });
  const defaults = deref(doc.getIn(['defaultTest', 'vars'], true));
  shared = addVars(defaults, shared, 'default', add, deref);

  const tests = deref(doc.get('tests', true));
  if (isScalar(tests) && typeof tests.value === 'string' && tests.value.startsWith(FILE_PREFIX)) {
    addCsvTests(b, input, tests.value, shared);
    return;
  }
  if (!isSeq(tests)) return;
  tests.items.forEach((item, i) => {
    const test = deref(item);
    if (!isMap(test)) return;
    const tag = `test ${i + 1}`;
    const tip = addVars(deref(test.get('vars', true)), shared, tag, add, deref);
    const asserts = deref(test.get('assert', true));
    if (!isSeq(asserts)) return;
    asserts.items.forEach((item, k) => {
      const a = deref(item);
      if (!isMap(a)) return;
      const type = String((a.get('type', true) as Scalar | undefined)?.value ?? 'assert');
      for (const v of scalarsOf(a.get('value', true))) add('grader', v, tip, `assert ${k + 1} ${type} (${tag})`);
    });
  });
}

type Add = (role: Role, node: Scalar, parent: number, label: string) => number;

function addVars(vars: Node | undefined, parent: number, tag: string, add: Add, deref: Deref): number {
  if (!isMap(vars)) return parent;
  let tip = parent;
  let graderParent = parent;
  for (const pair of vars.items) {
    const name = String(isScalar(pair.key) ? pair.key.value : pair.key);
    const role = varRole(name);
    const values = scalarsIn(pair.value, deref);
    values.forEach((v, k) => {
      const label = `var ${name}${values.length > 1 ? ` ${k + 1}` : ''} (${tag})`;
      // Grader variables hang beside the branch, never on it.
      if (role === 'grader') add(role, v, graderParent, label);
      else tip = graderParent = add(role, v, tip, label);
    });
  }
  return tip;
}

function scalarsIn(value: unknown, deref: Deref): Scalar[] {
  const node = deref(value);
  if (isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number')) return [node];
  if (isSeq(node)) return node.items.flatMap((n) => scalarsIn(n, deref));
  return [];
}

function aliasResolver(doc: Document, b: InOrderTranscriptBuilder): Deref {
  let expanded = 0;
  return (node) => {
    if (!isAlias(node)) return node as Node | undefined;
    if (++expanded === MAX_YAML_ALIASES + 1) {
      const [start, end] = node.range ?? [0, 1];
      b.error(`YAML: more than ${MAX_YAML_ALIASES} aliases (the alias limit): this one and the rest are not expanded.`, start, Math.max(end, start + 1));
    }
    return expanded > MAX_YAML_ALIASES ? undefined : (node.resolve(doc) as Node | undefined);
  };
}

function addFile(b: InOrderTranscriptBuilder, input: ParseInput, ref: string, role: Role, parent: number, label: string): number {
  const rel = ref.slice(FILE_PREFIX.length);
  const abs = resolve(input.path ? dirname(input.path) : '.', rel);
  const text = input.readFile?.(abs);
  if (typeof text !== 'string') {
    b.addFileGap(ContextGaps.unresolvedFile(text ? `${ref} (${text.notRead})` : ref));
    return parent;
  }
  b.addSource(abs, text);
  return b.add({ role, text, map: new ShiftMap(0), parent, label: `${label} ${rel}`, source: abs });
}

/**
 * `tests: file://tests.csv`: one test per row, a column per variable;
 * `__expected…` columns hold assertions (grader material), other `__…`
 * columns are promptfoo's own settings.
 */
function addCsvTests(b: InOrderTranscriptBuilder, input: ParseInput, ref: string, shared: number): void {
  const rel = ref.slice(FILE_PREFIX.length);
  const abs = resolve(input.path ? dirname(input.path) : '.', rel);
  const text = rel.endsWith('.csv') ? input.readFile?.(abs) : undefined;
  if (typeof text !== 'string') {
    b.addFileGap(ContextGaps.unresolvedFile(text ? `${ref} (${text.notRead})` : ref));
    return;
  }
  b.addSource(abs, text);
  const problems: CsvProblem[] = [];
  const [header, ...rows] = readCsvRecords(text, problems);
  if (problems.length > 0) b.addFileGap(ContextGaps.unresolvedFile(`${ref} (${problems[0].message})`));
  if (!header) return;
  const names = header.cells.map((c) => c.text.trim());
  rows.forEach((row, i) => {
    const tag = `test ${i + 1}`;
    let tip = shared;
    const graders: Array<{ cell: CsvCell; label: string }> = [];
    row.cells.forEach((cell, k) => {
      const name = names[k] ?? `column ${k + 1}`;
      if (cell.text.trim() === '') return;
      if (name.startsWith('__expected')) graders.push({ cell, label: `${name} (${tag})` });
      else if (name.startsWith('__')) return;
      else {
        const role = varRole(name);
        if (role === 'grader') graders.push({ cell, label: `var ${name} (${tag})` });
        else tip = b.add({ role, ...cell, parent: tip, label: `var ${name} (${tag})`, source: abs });
      }
    });
    for (const g of graders) b.add({ role: 'grader', ...g.cell, parent: tip, label: g.label, source: abs });
  });
}
