/**
 * Classifier lookup speed: a prebuilt context index against the published
 * approach (indexOf per entity form over the normalized context), on
 * synthetic contexts of 200k, 1M and 10M characters and ~16k-character
 * outputs that mix grounded and invented entities. Prints build time and
 * memory, per-query and per-lookup percentiles, the naive/index ratio, and
 * whether both lookups agree on every entity.
 */
import { loadavg } from 'node:os';
import type { BenchSuite } from '../run';
import { syntheticContext, syntheticOutput } from '../classifier/syntheticText';
import { naiveLookUp } from '../naive/naiveClassify';
import { classify, classifyAgainst, extractCounted } from '../../shared/classifier/classify';
import { lookUpEntities } from '../../shared/classifier/lookupEntities';
import { ENTITY_TYPES } from '../../shared/classifier/types';
import { ContextIndex } from '../../shared/lookup/contextIndex';
import { normalizeWithMap } from '../../shared/text/normalize';

const OUTPUT_CHARS = 16_000;
const OUTPUTS = 6;
const SIZES = [
  { chars: 200_000, queries: 30, naiveQueries: 20 },
  { chars: 1_000_000, queries: 30, naiveQueries: 6 },
  { chars: 10_000_000, queries: 30, naiveQueries: 2 },
];
const ALL_TYPES = new Set(ENTITY_TYPES);

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function ms(x: number): string {
  return `${x.toFixed(x < 10 ? 3 : 1)} ms`;
}

function heldBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const value = f();
  return [value, performance.now() - t];
}

/**
 * CPU time of `f` in ms. On a shared machine a query can be descheduled for
 * a whole time slice; CPU time leaves that out, wall time does not.
 */
function cpuTimed(f: () => void): number {
  const t = process.cpuUsage();
  f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

function runSize(chars: number, queries: number, naiveQueries: number): void {
  const context = syntheticContext(chars, chars);
  const before = heldBytes();
  const [index, buildMs] = timed(() => ContextIndex.build([context]));
  const heapDelta = heldBytes() - before;
  const [normalized, naivePrepMs] = timed(() => normalizeWithMap(context, { foldCase: true }).text);

  const outputs = Array.from({ length: OUTPUTS }, (_, i) => syntheticOutput(context, OUTPUT_CHARS, 1000 + i));
  const extracted = outputs.map((o) => extractCounted(o, ALL_TYPES, undefined));
  const entityCount = extracted.reduce((n, e) => n + e.length, 0) / OUTPUTS;

  const full: number[] = [];
  const lookup: number[] = [];
  const lookupCpu: number[] = [];
  for (let q = 0; q < queries; q++) {
    const k = q % OUTPUTS;
    full.push(timed(() => classifyAgainst(outputs[k], index))[1]);
    lookup.push(timed(() => lookUpEntities(extracted[k], index, { strict: false }))[1]);
    lookupCpu.push(cpuTimed(() => lookUpEntities(extracted[k], index, { strict: false })));
  }

  const finds: number[] = [];
  for (const entities of extracted) {
    for (const e of entities) for (const form of e.forms) finds.push(timed(() => index.find(form, { strict: false, limit: 100 }))[1]);
  }

  const naiveLookupMs: number[] = [];
  const extractMs: number[] = [];
  let compared = 0;
  let disagreements = 0;
  for (let q = 0; q < naiveQueries; q++) {
    const k = q % OUTPUTS;
    const [fresh, tExtract] = timed(() => extractCounted(outputs[k], ALL_TYPES, undefined));
    extractMs.push(tExtract);
    const [naive, tNaive] = timed(() => naiveLookUp(fresh, normalized));
    naiveLookupMs.push(tNaive);
    const ours = lookUpEntities(fresh, index, { strict: false });
    for (let i = 0; i < ours.length; i++) {
      compared++;
      if (ours[i].found !== naive[i].found) disagreements++;
    }
  }
  const naiveFull = naiveLookupMs.map((t, i) => t + extractMs[i]);
  // The one-shot API builds its index on every call: worth it only while a build stays cheap.
  const oneShot = chars <= 1_000_000 ? Array.from({ length: 10 }, (_, q) => timed(() => classify({ output: outputs[q % OUTPUTS], context }))[1]) : [];

  console.log(`### context ${chars.toLocaleString('en-US')} chars, outputs ${OUTPUT_CHARS.toLocaleString('en-US')} chars (~${Math.round(entityCount)} entities each)`);
  // Tail latencies move with whatever else the machine is running; say how busy it was.
  console.log(`machine load (1 min)   ${loadavg()[0].toFixed(1)}`);
  console.log(`index build            ${ms(buildMs)}   memoryBytes ${(index.memoryBytes() / 1e6).toFixed(1)} MB   heap+buffers delta ${(heapDelta / 1e6).toFixed(1)} MB`);
  console.log(`naive context normalize ${ms(naivePrepMs)} (once, not counted below)`);
  console.log(`find (one form)        p50 ${ms(percentile(finds, 50))}   p99 ${ms(percentile(finds, 99))}   max ${ms(Math.max(...finds))}   (${finds.length} lookups)`);
  console.log(`lookup per query       ours  p50 ${ms(percentile(lookup, 50))}   p99 ${ms(percentile(lookup, 99))}   (${queries} queries; CPU time p50 ${ms(percentile(lookupCpu, 50))}   p99 ${ms(percentile(lookupCpu, 99))})`);
  console.log(`                       naive p50 ${ms(percentile(naiveLookupMs, 50))}   p99 ${ms(percentile(naiveLookupMs, 99))}   (${naiveQueries} queries)`);
  console.log(`classifyAgainst        ours  p50 ${ms(percentile(full, 50))}   p99 ${ms(percentile(full, 99))}   (extraction p50 ${ms(percentile(extractMs, 50))})`);
  console.log(`                       naive p50 ${ms(percentile(naiveFull, 50))}   p99 ${ms(percentile(naiveFull, 99))}`);
  if (oneShot.length > 0) console.log(`classify() one-shot    p50 ${ms(percentile(oneShot, 50))}   p99 ${ms(percentile(oneShot, 99))}   (index built per call, 10 calls)`);
  console.log(
    `ratio naive/ours       lookup ${(percentile(naiveLookupMs, 50) / percentile(lookup, 50)).toFixed(1)}×   whole query ${(percentile(naiveFull, 50) / percentile(full, 50)).toFixed(1)}×`,
  );
  console.log(`found/unfound agree    ${compared - disagreements}/${compared} entities${disagreements === 0 ? '' : `   (${disagreements} DISAGREE)`}\n`);
}

/**
 * A long agent session: thousands of small parts, each output grounded only
 * in the parts before it. Shows that building stays linear in parts and that
 * an `accept` filter costs nothing extra per query.
 */
function runSession(partCount: number, partChars: number): void {
  const parts = Array.from({ length: partCount }, (_, i) => syntheticContext(partChars, 7 + i));
  const before = heldBytes();
  const [index, buildMs] = timed(() => ContextIndex.build(parts));
  const heapDelta = heldBytes() - before;
  const finds: number[] = [];
  const bounded: number[] = [];
  for (let q = 0; q < 20; q++) {
    const turn = Math.floor(((q + 1) / 21) * partCount);
    const output = syntheticOutput(parts[turn - 1], 2_000, q);
    const accept = (part: number) => part < turn;
    for (const e of extractCounted(output, ALL_TYPES, undefined)) {
      for (const form of e.forms) {
        finds.push(timed(() => index.find(form, { strict: false, accept, limit: 100 }))[1]);
        bounded.push(timed(() => index.find(form, { strict: false, accept, before: turn, limit: 100 }))[1]);
      }
    }
  }
  const chars = partCount * partChars;
  console.log(`### session of ${partCount.toLocaleString('en-US')} parts, ${chars.toLocaleString('en-US')} chars`);
  console.log(`index build            ${ms(buildMs)}   memoryBytes ${(index.memoryBytes() / 1e6).toFixed(1)} MB   heap+buffers delta ${(heapDelta / 1e6).toFixed(1)} MB`);
  console.log(`find, accept only      p50 ${ms(percentile(finds, 50))}   p99 ${ms(percentile(finds, 99))}   max ${ms(Math.max(...finds))}   (${finds.length} lookups)`);
  console.log(`find, accept + before  p50 ${ms(percentile(bounded, 50))}   p99 ${ms(percentile(bounded, 99))}   max ${ms(Math.max(...bounded))}\n`);
}

const suite: BenchSuite = {
  title: 'Classifier: prebuilt context index vs indexOf per entity',
  run() {
    for (const size of SIZES) runSize(size.chars, size.queries, size.naiveQueries);
    runSession(20_000, 1_000);
  },
};

export default suite;
