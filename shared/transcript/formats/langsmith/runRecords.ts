/**
 * LangSmith runs from any of the shapes users save: a JSON array or JSON
 * Lines of runs, a run tree with nested `child_runs`, or the SDK's
 * `{post:[…], patch:[…]}` payloads. Records describing the same run are
 * merged by `id` (falling back to `dotted_order`, which patch payloads keep):
 * inputs from the first record that has them, outputs from the last.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { readJsonDocument, readJsonLines } from '../../json/jsonLines';
import { asArray, isObject, str, type JsonObject } from '../common/jsonText';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { rowFileKind } from '../tabular/fixtureRows';

export interface Located {
  value: unknown;
  region: JsonRegion;
  path: JsonPath;
}

export interface Run {
  key: string;
  name: string;
  runType: string;
  traceId: string;
  dottedOrder: string;
  inputs?: Located;
  outputs?: Located;
  extra?: Located;
  order: number;
}

export function readRuns(raw: string, b: InOrderTranscriptBuilder): Run[] {
  const docs: Array<{ value: unknown; region: JsonRegion }> =
    rowFileKind(raw) === 'jsonl' ? readJsonLines(raw, b.errors) : [readJsonDocument(raw, b.errors)].filter((d) => d !== undefined);
  const runs = new Map<string, Run>();
  for (const doc of docs) collect(doc.value, doc.region, [], runs);
  return [...new Set(runs.values())];
}

function collect(value: unknown, region: JsonRegion, path: JsonPath, runs: Map<string, Run>): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, region, [...path, i], runs));
    return;
  }
  if (!isObject(value)) return;
  for (const key of ['post', 'patch', 'runs']) {
    if (Array.isArray(value[key])) collect(value[key], region, [...path, key], runs);
  }
  if (!('run_type' in value) && !('dotted_order' in value)) return;
  merge(runs, value, region, path);
  asArray(value.child_runs).forEach((c, i) => collect(c, region, [...path, 'child_runs', i], runs));
}

function merge(runs: Map<string, Run>, r: JsonObject, region: JsonRegion, path: JsonPath): void {
  // A patch may carry only one of the two keys, so a run is indexed under both.
  const id = str(r.id);
  const dotted = str(r.dotted_order);
  let run = (id && runs.get('id:' + id)) || (dotted && runs.get('do:' + dotted)) || undefined;
  if (!run) {
    run = { key: id ?? dotted ?? `#${runs.size}`, name: '', runType: '', traceId: '', dottedOrder: '', order: runs.size };
    runs.set(id || dotted ? 'key:' + run.key : run.key, run);
  }
  if (id) runs.set('id:' + id, run);
  if (dotted) runs.set('do:' + dotted, run);
  run.name ||= str(r.name) ?? '';
  run.runType ||= str(r.run_type) ?? '';
  run.traceId ||= str(r.trace_id) ?? '';
  run.dottedOrder ||= str(r.dotted_order) ?? '';
  if (!run.inputs && isObject(r.inputs)) run.inputs = { value: r.inputs, region, path: [...path, 'inputs'] };
  if (isObject(r.outputs)) run.outputs = { value: r.outputs, region, path: [...path, 'outputs'] };
  if (!run.extra && isObject(r.extra)) run.extra = { value: r.extra, region, path: [...path, 'extra'] };
}
