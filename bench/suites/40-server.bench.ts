/**
 * The language server on 20 MB Claude Code sessions of both generated
 * shapes (varied, and the repetitive one long real sessions resemble),
 * driven over stdio like an editor: time to first diagnostics after
 * opening, re-check time after editing one assistant turn, and hover
 * latency while the file is being checked. Each is printed with its ratio to a synchronous full check of the
 * same file measured in this process (what a server without a worker,
 * partial publishing or incremental re-checks would make the user wait).
 *
 * With GROUNDCHECK_BENCH_BASE set to another checkout of groundcheck (built
 * with `npm run build`), the open of each session is timed again for its
 * server and for this one, in turns (base, this, base, this) on the same
 * file in the same run, so the machine's load falls on both alike: time to
 * first diagnostics and to the whole check, before and after.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { analyze } from '../../server/src/analyze';
import { checkIncrementally } from '../../server/src/incrementalCheck';
import { LineText } from '../../server/src/lineText';
import { ServerHarness } from '../../test/server/harness';
import type { BenchSuite } from '../run';
import { generateClaudeSession } from '../generators/claudeSession';
import { generateRepetitiveSession } from '../generators/repetitiveSession';
import { noteFigure, type Shape } from '../goals';
import { ConversationViewRequest } from '../../shared/protocol/messages';
import { availableParallelism } from 'node:os';
import { peakRssMb, splitThreads, threadCpuMs } from '../threadCpu';

const ms = (x: number): string => `${x.toFixed(1)} ms`;
const ratio = (x: number, base: number): string => `${(x / base).toFixed(3)}× of full check`;
const percentile = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const median = (xs: number[]): number => percentile(xs, 0.5);

const EDITS = 10;
const HOVERS = 10;

/** Offsets of a digit or letter inside assistant text blocks, spread over the second half of the file. */
function assistantTextSpots(raw: string, count: number): number[] {
  const spots: number[] = [];
  const marker = '"type":"text","text":"';
  let from = Math.floor(raw.length / 2);
  while (spots.length < count) {
    const at = raw.indexOf(marker, from);
    if (at === -1) break;
    const lineStart = raw.lastIndexOf('\n', at) + 1;
    const isAssistant = raw.startsWith('{"type":"assistant"', lineStart) || raw.slice(lineStart, at).includes('"role":"assistant"');
    const textStart = at + marker.length;
    const letter = raw.slice(textStart, textStart + 60).search(/[a-z]/);
    if (isAssistant && letter !== -1) spots.push(textStart + letter);
    from = at + Math.floor((raw.length - from) / (count * 2)) + 1;
  }
  return spots;
}

const suite: BenchSuite = {
  title: 'Language server: 20 MB Claude Code sessions over stdio, varied and repetitive',
  async run() {
    const varied = generateClaudeSession({ targetSize: 20_000_000, outputs: 2_000 });
    await measure('varied', varied.raw, varied.outputs);
    const repetitive = generateRepetitiveSession({ targetSize: 20_000_000 });
    await measure('repetitive', repetitive.raw, repetitive.outputs);
    const base = process.env.GROUNDCHECK_BENCH_BASE;
    if (base) {
      await compareWithBase(base, 'varied', varied.raw);
      await compareWithBase(base, 'repetitive', repetitive.raw);
    }
  },
};

/** Pairs of opens each way, base first in each pair. */
const PAIRS = 2;

/** Open → first diagnostics and → the whole check, for the base's server and this one, in turns on the same file. */
async function compareWithBase(base: string, shape: Shape, raw: string): Promise<void> {
  const baseDist = join(base, 'dist');
  if (!existsSync(join(baseDist, 'server.js'))) throw new Error(`GROUNDCHECK_BENCH_BASE: no ${join(baseDist, 'server.js')} (run npm run build there)`);
  const times: Record<'before' | 'after', { first: number[]; all: number[] }> = { before: { first: [], all: [] }, after: { first: [], all: [] } };
  for (let i = 0; i < PAIRS; i++) {
    for (const side of ['before', 'after'] as const) {
      const t = await openTimes(raw, side === 'before' ? (dir) => cpSync(baseDist, dir, { recursive: true }) : undefined);
      times[side].first.push(t.first);
      times[side].all.push(t.all);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const row = (what: 'first' | 'all') =>
    `${times.before[what].map(ms).join(', ')} → ${times.after[what].map(ms).join(', ')} (${(mean(times.after[what]) / mean(times.before[what])).toFixed(2)}×)`;
  console.log(`\n${shape} session, base (${base}) → this checkout, ${PAIRS} opens each, in turns:`);
  console.log(`  open → first diagnostics: ${row('first')}`);
  console.log(`  open → documentChecked: ${row('all')}`);
}

/** One server started afresh (from `bundle`'s rework of the bundles when given), the session opened, and the times to its first diagnostics and to the whole check. */
async function openTimes(raw: string, bundle?: (dir: string) => void): Promise<{ first: number; all: number }> {
  const h = await ServerHarness.start({}, bundle ? { bundle } : {});
  try {
    const uri = h.uriOf('session.jsonl');
    const firstDiagnostics = new Promise<number>((resolve) => {
      const listen = (): void => {
        void h.nextDiagnostics(uri).then((p) => (p.diagnostics.length > 0 ? resolve(performance.now()) : listen()));
      };
      listen();
    });
    const start = performance.now();
    await h.open(uri, raw);
    const all = performance.now() - start;
    // The check is over: a server that published no diagnostic for the session will not publish one now.
    const none = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the server published no diagnostic for the session')), 5000).unref());
    return { first: (await Promise.race([firstDiagnostics, none])) - start, all };
  } finally {
    await h.stop();
  }
}

async function measure(shape: Shape, raw: string, outputs: number): Promise<void> {
  console.log(`\n${shape} session: ${(raw.length / 1e6).toFixed(1)} M chars, ${outputs} assistant texts`);

  // Baseline: one synchronous full check in this process (parse, index, classify, lay out).
  analyze({ raw: raw.slice(0, 2_000_000), settings: DEFAULT_SETTINGS }); // warm the JIT on a slice
  const fullStart = performance.now();
  const full = analyze({ raw, settings: DEFAULT_SETTINGS });
  const fullMs = performance.now() - fullStart;
  console.log(`baseline synchronous full check: ${ms(fullMs)} (${full.analysis.outputs.length} outputs)`);

  const spots = assistantTextSpots(raw, EDITS);
  const lineEdit = new LineText(raw).lineEdit({ start: spots[0], end: spots[0], text: 'x' });
  const direct = lineEdit && checkIncrementally(full, lineEdit, DEFAULT_SETTINGS);
  console.log(`edit of one assistant turn takes the incremental path: ${direct ? 'yes' : 'no (full re-check)'}`);

  const h = await ServerHarness.start();
  try {
    const small = h.uriOf('small.jsonl');
    const smallText = raw.slice(0, raw.indexOf('\n', 200_000) + 1);
    await h.open(small, smallText);
    const smallHit = h.diagnostics.get(small)!.diagnostics.find((d) => typeof d.code === 'string' && d.code !== 'context-incomplete');

    const uri = h.uriOf('session.jsonl');
    const cpuBefore = h.pid === undefined ? undefined : threadCpuMs(h.pid);
    const firstDiagnostics = new Promise<number>((resolve) => {
      const listen = (): void => {
        void h.nextDiagnostics(uri).then((p) => (p.diagnostics.length > 0 ? resolve(performance.now()) : listen()));
      };
      listen();
    });
    const openStart = performance.now();

    // Hovers while the big file is being checked, on it and on a small file, until the check ends.
    // The first waits for the server to read the 20 MB didOpen message itself, so it is reported apart.
    let done = false;
    const checked = h.open(uri, raw).then((s) => {
      done = true;
      return s;
    });
    const hoverBig: number[] = [];
    const hoverSmall: number[] = [];
    while (!done) {
      let t = performance.now();
      await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 10, character: 30 } });
      hoverBig.push(performance.now() - t);
      if (smallHit) {
        t = performance.now();
        await h.connection.sendRequest('textDocument/hover', { textDocument: { uri: small }, position: smallHit.range.start });
        hoverSmall.push(performance.now() - t);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const firstAt = await firstDiagnostics;
    const status = await checked;
    const doneAt = performance.now();
    const cpuAfter = h.pid === undefined ? undefined : threadCpuMs(h.pid);

    noteFigure('serverFirst', shape, (firstAt - openStart) / 1000);
    noteFigure('serverAll', shape, (doneAt - openStart) / 1000);
    console.log(`time to first diagnostics: ${ms(firstAt - openStart)} (${ratio(firstAt - openStart, fullMs)})`);
    console.log(
      `open → documentChecked: ${ms(doneAt - openStart)} (${ratio(doneAt - openStart, fullMs)}); ` +
        `${status.outputs} outputs, ${status.unverified} unverified, ${status.shown} of ${status.total} shown`,
    );
    if (h.pid !== undefined && cpuBefore && cpuAfter) {
      // What the open cost the server's threads, and the least wall time that CPU allows on this machine's cores.
      const t = splitThreads(h.pid, cpuBefore, cpuAfter);
      const cores = availableParallelism();
      const floor = Math.max(t.totalMs / cores, t.busiestMs);
      console.log(
        `server CPU during the open: ${ms(t.totalMs)} (the worker ${ms(t.busiestMs)}, V8's helper threads ${ms(t.restMs)}, ` +
          `the request thread ${ms(t.mainMs)}); on ${cores} cores at least ${ms(floor)} of wall time (${ratio(floor, fullMs)}); ` +
          `server peak memory ${(peakRssMb(h.pid) ?? Number.NaN).toFixed(0)} MB`,
      );
    }
    const rest = hoverBig.slice(1);
    noteFigure('hoverP95', shape, percentile(rest, 0.95));
    console.log(`first hover, queued behind the 20 MB didOpen: ${ms(hoverBig[0])}`);
    console.log(
      `hover on the file being checked, ${rest.length} more during the check: median ${ms(median(rest))}, ` +
        `p95 ${ms(percentile(rest, 0.95))}, max ${ms(Math.max(...rest))} (${ratio(median(rest), fullMs)})`,
    );
    if (hoverSmall.length > 1) {
      const r = hoverSmall.slice(1);
      console.log(
        `hover on another file meanwhile: median ${ms(median(r))}, p95 ${ms(percentile(r, 0.95))}, max ${ms(Math.max(...r))} ` +
          `(${ratio(median(r), fullMs)})`,
      );
    }

    // The conversation view of the session, as "Open as Conversation" asks for it: its first piece, then one more.
    const viewStart = performance.now();
    const view = (await h.connection.sendRequest(ConversationViewRequest.method, { uri })) as ConversationViewRequest.Result;
    const viewMs = performance.now() - viewStart;
    if ('head' in view) {
      const nextStart = performance.now();
      await h.connection.sendRequest(ConversationViewRequest.method, { uri, from: view.turns.length, version: view.version });
      const nextMs = performance.now() - nextStart;
      const pieceKb = Buffer.byteLength(view.head + view.turns.join('') + view.tail) / 1024;
      console.log(
        `conversation view of the session: first piece ${ms(viewMs)} (${ratio(viewMs, fullMs)}), ${pieceKb.toFixed(0)} KB, ` +
          `${view.turns.length} of ${view.total} turns; next piece ${ms(nextMs)}`,
      );
    }

    // Edits of one assistant turn each: one character typed inside its text (everything after it moves).
    let doc = TextDocument.create(uri, 'jsonl', 1, raw);
    const recheck: number[] = [];
    for (let i = 0; i < spots.length; i++) {
      const version = i + 2;
      const at = doc.positionAt(spots[i] + i);
      const range = { start: at, end: at };
      const t = performance.now();
      await h.change(uri, version, [{ range, text: 'x' }]);
      recheck.push(performance.now() - t);
      doc = TextDocument.update(doc, [{ range, text: 'x' }], version);
    }
    console.log(
      `re-check after editing one assistant turn: median ${ms(median(recheck))}, max ${ms(Math.max(...recheck))} ` +
        `over ${recheck.length} edits (${ratio(median(recheck), fullMs)})`,
    );
  } finally {
    await h.stop();
  }
}

export default suite;
