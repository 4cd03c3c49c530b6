/**
 * Extraction speed on real model outputs: RAGTruth responses joined into
 * ~16,000-character documents (about 4k tokens, the largest output the spec
 * budgets for). The baseline is one pass of the sentence detector over the
 * same text, the cheapest linear scan there is; the ratio says how many
 * such passes extraction costs. Prints per-document p50/p99 and entities,
 * then the same for each response on its own (the typical output size).
 */
import { readFileSync } from 'node:fs';
import type { BenchSuite } from '../run';
import { extractEntities } from '../../shared/extract';
import { sentenceStarts } from '../../shared/text/sentences';

const DATA = '/work/shared/data/ragtruth/dev.jsonl';
const DOC_CHARS = 16_000;
const ROUNDS = 20;

function responses(): string[] {
  return readFileSync(DATA, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { output: string }).output);
}

function documents(outputs: readonly string[]): string[] {
  const docs: string[] = [];
  let current = '';
  for (const o of outputs) {
    current += (current ? '\n\n' : '') + o;
    if (current.length >= DOC_CHARS) {
      docs.push(current.slice(0, DOC_CHARS));
      current = '';
    }
  }
  return docs;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function timeEach(docs: readonly string[], f: (d: string) => unknown): number[] {
  const samples: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const d of docs) {
      const t = performance.now();
      f(d);
      samples.push(performance.now() - t);
    }
  }
  return samples.sort((a, b) => a - b);
}

const suite: BenchSuite = {
  title: 'Extraction speed on ~4k-token real outputs (RAGTruth)',
  run() {
    const outputs = responses();
    const docs = documents(outputs);
    // Warm the JIT on every path before measuring.
    for (const d of docs) extractEntities(d);
    const base = timeEach(docs, sentenceStarts);
    const extract = timeEach(docs, (d) => extractEntities(d));
    const entities = docs.reduce((n, d) => n + extractEntities(d).length, 0) / docs.length;
    const row = (label: string, s: readonly number[]): string =>
      `${label.padEnd(22)} p50 ${percentile(s, 50).toFixed(3)} ms   p99 ${percentile(s, 99).toFixed(3)} ms`;
    console.log(`${docs.length} documents of ${DOC_CHARS} characters, ${ROUNDS} rounds, ${entities.toFixed(1)} entities per document`);
    console.log(row('sentence pass (base)', base));
    console.log(row('extractEntities', extract));
    console.log(`ratio p50: ${(percentile(extract, 50) / percentile(base, 50)).toFixed(1)}x the baseline pass`);
    const single = timeEach(outputs, (o) => extractEntities(o));
    const meanChars = outputs.reduce((n, o) => n + o.length, 0) / outputs.length;
    console.log(`\n${outputs.length} single responses (mean ${meanChars.toFixed(0)} characters), ${ROUNDS} rounds`);
    console.log(row('extractEntities', single));
  },
};

export default suite;
