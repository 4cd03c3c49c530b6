/**
 * `promptfoo eval -o out.json` (or `.jsonl`) results: each result's rendered prompt
 * (`prompt.raw`, exactly what the provider received) is its context and
 * `response.output` is checked against it. Without a rendered prompt the
 * test variables stand in for it.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { readJsonDocument, readJsonLines } from '../../json/jsonLines';
import type { ParseInput, Role } from '../../model';
import { ContextGaps } from '../contextGaps';
import { asArray, isObject, str, type JsonObject } from '../common/jsonText';
import { jsonValueTexts } from '../common/jsonValueSpan';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { rowFileKind } from '../tabular/fixtureRows';
import { varRole } from './varRoles';

export function parseResults(b: InOrderTranscriptBuilder, input: ParseInput): void {
  if (rowFileKind(input.raw) === 'jsonl') {
    // `-o results.jsonl`: one result per line.
    readJsonLines(input.raw, b.errors).forEach((line, i) => {
      if (isObject(line.value)) addResult(b, line.region, [], line.value, i + 1);
    });
    return;
  }
  const doc = readJsonDocument(input.raw, b.errors);
  if (!doc || !isObject(doc.value)) return;
  const top = doc.value;
  const inner = isObject(top.results) ? top.results : undefined;
  const list = inner && Array.isArray(inner.results) ? inner.results : Array.isArray(top.results) ? top.results : [];
  const base: JsonPath = inner ? ['results', 'results'] : ['results'];
  list.forEach((r, i) => {
    if (isObject(r)) addResult(b, doc.region, [...base, i], r, i + 1);
  });
}

function addResult(b: InOrderTranscriptBuilder, region: JsonRegion, path: JsonPath, r: JsonObject, n: number): void {
  const tag = `result ${n}`;
  let tip = -1;
  let root = -1;
  const prompt = isObject(r.prompt) ? r.prompt : undefined;
  if (prompt && typeof prompt.raw === 'string') {
    tip = root = b.add({ role: 'user', text: prompt.raw, map: region.stringMap([...path, 'prompt', 'raw']), parent: -1, label: `rendered prompt (${tag})` });
  } else if (isObject(r.vars)) {
    for (const [name, value] of Object.entries(r.vars)) {
      const role = varRole(name);
      if (role === 'grader') continue;
      for (const t of jsonValueTexts(region, [...path, 'vars', name], value)) {
        tip = b.add({ role, ...t, parent: tip, label: `var ${name} (${tag})` });
        if (root === -1) root = tip;
      }
    }
  }
  const response = isObject(r.response) ? r.response : undefined;
  const provider = isObject(r.provider) ? str(r.provider.id) : str(r.provider);
  const gaps = tip === -1 ? [ContextGaps.inputNotLogged(`promptfoo ${tag}`)] : undefined;
  if (response) {
    for (const t of jsonValueTexts(region, [...path, 'response', 'output'], response.output)) {
      b.add({ role: 'assistant', ...t, parent: tip, isOutput: true, label: `response (${tag}${provider ? `, ${provider}` : ''})`, gaps });
    }
  }
  const testCase = isObject(r.testCase) ? r.testCase : undefined;
  asArray(testCase?.assert).forEach((a, k) => {
    if (!isObject(a)) return;
    const role: Role = 'grader';
    for (const t of jsonValueTexts(region, [...path, 'testCase', 'assert', k, 'value'], a.value)) {
      b.add({ role, ...t, parent: root, label: `assert ${k + 1} ${str(a.type) ?? ''} (${tag})`.replace('  ', ' ') });
    }
  });
}
