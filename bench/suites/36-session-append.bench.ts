/**
 * A session file that grows while it is open: the repetitive 20 MB Claude
 * Code session (each response with the token usage Claude Code logs)
 * checked once by the worker's code (DocumentMemory, in this
 * process), then its last turns appended a few lines at a time, as an
 * editor reports a file the agent is still writing. Prints the time per
 * appended turn against a full check of the whole file measured in this
 * process, which turns took the append path, and whether the findings built
 * from the patches equal those of the full check. Then the same over stdio
 * through the language server, on the session cut near 2 MB and whole: from
 * the editor's change to the file's status, diagnostics of the whole file
 * included, with the server's CPU time per turn. Before that, the same
 * turns at both sizes in this process, each turn's cost split by step
 * (the worker's check, the request thread's text, patch and diagnostics,
 * the message's serialisation, the diagnostics with budgets set, the usage
 * read again (the appended lines read, the totals made, the reply's copy
 * across threads, its taking on the request thread, the status published
 * again, with budgets set the diagnostics too, and their sum), the lenses an editor asks
 * for after each publication), so a
 * step whose cost grows with the file shows as a 20 MB / 2 MB ratio well
 * above 1. The steps and the stdio runs are repeated on the same session
 * with `\r\n` line breaks, and the stdio runs on the varied 20 MB session
 * (cut near 2 MB and whole), whose answers each read other context.
 */
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { codeLenses } from '../../server/src/codeLens';
import { DocumentMemory } from '../../server/src/documentMemory';
import { DocumentState } from '../../server/src/documentState';
import { stampOf, stampUsage, usageOfReply } from '../../server/src/fileUsage';
import type { UsageLines } from '../../server/src/usageLines';
import { applyPatch, type FindingsPatch } from '../../server/src/findingsPatch';
import { IgnoreFiles } from '../../server/src/ignoreFile';
import { LazyTextDocument } from '../../server/src/lazyTextDocument';
import { Publisher } from '../../server/src/publish';
import type { FileAnalysis } from '../../server/src/fileAnalysis';
import type { CodeLens, Connection, Diagnostic } from 'vscode-languageserver/node';
import type { CheckJob, WorkerReply } from '../../server/src/workerProtocol';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { ServerHarness } from '../../test/server/harness';
import { generateRepetitiveSession } from '../generators/repetitiveSession';
import { generateClaudeSession } from '../generators/claudeSession';
import type { BenchSuite } from '../run';
import { noteFigure, type Shape as SessionShape } from '../goals';
import { collectGarbage } from '../collectGarbage';

const PATH = '/home/dev/.claude/projects/-home-dev-shop-billing/session.jsonl';
const URI = `file://${PATH}`;
/** An assistant call, its result and the answer: one turn of the generated session. */
const LINES_PER_TURN = 3;
const TURNS = 20;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** CPU time of the server process (both threads) so far, where /proc tells it (Linux); clock-tick resolution, so read over many turns. */
function serverCpuMs(h: ServerHarness): number | undefined {
  const pid = h.pid;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, the 12th and 13th after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux that Node supports. */
const CLOCK_TICKS = 100;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Heap in use after a full collection: what the checks hold, not what they left for the collector. */
function heapHeld(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
}
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

function job(version: number, extra: Partial<CheckJob>): CheckJob {
  return { kind: 'check', uri: URI, path: PATH, version, settings: DEFAULT_SETTINGS, findingsVersion: version - 1, ...extra };
}

function analysisOf(reply: WorkerReply, held: FileAnalysis | undefined): FileAnalysis {
  if (!reply.ok) throw new Error('check failed');
  if ('patch' in reply && held) return applyPatch(held, reply.patch);
  if ('analysis' in reply) {
    // As CheckScheduler.finish: the usage is stamped with the read it is, so the next read can come as the change from it.
    stampUsage(reply.analysis.usage, reply.usageStamp);
    return reply.analysis;
  }
  throw new Error('unexpected reply');
}

const suite: BenchSuite = {
  title: 'A growing session: appended turns of the repetitive 20 MB Claude Code session (and, over stdio, of the varied one)',
  async run() {
    const { raw } = generateRepetitiveSession({ targetSize: 20_000_000, usage: true });
    const ends: number[] = [];
    for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
    const cut = ends.length - TURNS * LINES_PER_TURN;

    const before = heapHeld();
    const sessions = new DocumentMemory();
    let c0 = cpuMs();
    let held = analysisOf(sessions.check(1, job(1, { text: raw.slice(0, ends[cut - 1]) })), undefined);
    console.log(`first check of ${(ends[cut - 1] / 1e6).toFixed(1)} M chars: ${(cpuMs() - c0).toFixed(0)} ms CPU`);
    const afterFirst = heapHeld();

    const times: number[] = [];
    const modes = new Map<string, number>();
    let version = 1;
    for (let k = cut; k + LINES_PER_TURN <= ends.length; k += LINES_PER_TURN) {
      const from = ends[k - 1];
      const to = ends[k + LINES_PER_TURN - 1];
      c0 = cpuMs();
      const reply = sessions.check(version + 1, job(version + 1, { edits: [{ start: from, end: from, text: raw.slice(from, to) }], baseVersion: version }));
      times.push(cpuMs() - c0);
      version++;
      held = analysisOf(reply, held);
      modes.set(held.mode, (modes.get(held.mode) ?? 0) + 1);
    }

    // The token usage the appends left pending is read once they are done, as the server has the worker do.
    const usage = sessions.usage(0, { kind: 'usage', uri: URI, path: PATH, version });
    if (usage.ok && 'usage' in usage) {
      const { usagePending: _pending, usage: _before, ...rest } = held;
      held = usage.usage ? { ...rest, usage: usage.usage } : rest;
    }
    const afterAppends = heapHeld();
    const appended = raw.length - ends[cut - 1];
    const perCharFirst = (afterFirst - before) / ends[cut - 1];
    const perCharAppended = (afterAppends - afterFirst) / appended;
    console.log(
      `memory held: ${mb(afterFirst - before)} after the first check (${perCharFirst.toFixed(1)} bytes per char), ` +
        `${mb(afterAppends - afterFirst)} more for ${(appended / 1e3).toFixed(0)} K chars appended (${perCharAppended.toFixed(1)} bytes per char, ${(perCharAppended / perCharFirst).toFixed(2)}× the first check's)`,
    );
    c0 = cpuMs();
    const whole = analysisOf(new DocumentMemory().check(1, job(1, { text: raw })), undefined);
    const fullMs = cpuMs() - c0;
    console.log(`full check of all ${(raw.length / 1e6).toFixed(1)} M chars: ${fullMs.toFixed(0)} ms CPU`);
    console.log(`${times.length} appended turns of ${LINES_PER_TURN} lines: ${[...modes].map(([m, n]) => `${n} ${m}`).join(', ')}`);
    const mid = median(times);
    console.log(`per turn: median ${mid.toFixed(1)} ms CPU (${(fullMs / mid).toFixed(0)}× less than the full check), max ${Math.max(...times).toFixed(1)} ms`);
    console.log(`findings after the appends equal the full check's: ${isDeepStrictEqual({ ...held, mode: 'full' }, whole) ? 'yes' : 'NO'}`);
    // The same session cut near 2 MB, then whole: a term that grows with the file shows as the 20 MB figure rising above the 2 MB one.
    const small = ends.findIndex((end) => end >= 2_000_000) + 1;
    const crlf = raw.replaceAll('\n', '\r\n');
    stepsPerTurn([
      { name: 'line breaks \\n', raw, ends },
      { name: 'line breaks \\r\\n', raw: crlf, ends: lineEndsOf(crlf) },
    ]);
    await overStdio(raw, ends.slice(0, small), small - TURNS * LINES_PER_TURN, 'appendedTurn2MB');
    await overStdio(raw, ends, cut, 'appendedTurn');
    const crlfEnds = lineEndsOf(crlf);
    const crlfSmall = crlfEnds.findIndex((end) => end >= 2_000_000) + 1;
    await overStdio(crlf, crlfEnds.slice(0, crlfSmall), crlfSmall - TURNS * LINES_PER_TURN, undefined, '\\r\\n');
    await overStdio(crlf, crlfEnds, crlfEnds.length - TURNS * LINES_PER_TURN, undefined, '\\r\\n');
    // The varied shape too: each answer's context differs, so what an appended turn costs is not what a repeated one does.
    const varied = generateClaudeSession({ targetSize: 20_000_000 }).raw;
    const variedEnds = lineEndsOf(varied);
    const variedSmall = variedEnds.findIndex((end) => end >= 2_000_000) + 1;
    await overStdio(varied, variedEnds.slice(0, variedSmall), variedSmall - TURNS * LINES_PER_TURN, 'appendedTurn2MB', '\\n', 'varied');
    await overStdio(varied, variedEnds, variedEnds.length - TURNS * LINES_PER_TURN, 'appendedTurn', '\\n', 'varied');
  },
};

const STEPS = [
  'worker: check',
  'text: edit applied',
  'findings: patch applied',
  'diagnostics: converted and listed',
  'message: serialised',
  'diagnostics, budgets set: converted and listed',
  'usage: lines read (worker)',
  'usage: totals (worker)',
  'usage: message across threads',
  'usage: taken (request thread)',
  'usage: status published again',
  'usage: published again, budgets set',
  'usage: read again and published (sum)',
  'lenses: built',
  'lenses: serialised',
] as const;

/** The parts of the usage read after a turn, whose sum the bench prints beside them. */
const USAGE_STEPS = STEPS.filter((step) => step.startsWith('usage: ') && step !== 'usage: read again and published (sum)');
type Step = (typeof STEPS)[number];

/** A shape of the same session: as generated (`\n`), or with every line break `\r\n`, as a file written on Windows. */
interface Shape {
  name: string;
  raw: string;
  ends: number[];
}

function lineEndsOf(raw: string): number[] {
  const ends: number[] = [];
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) ends.push(i + 1);
  return ends;
}

/**
 * The appended turns of the session cut near 2 MB and of the whole, worked
 * through by the server's own objects in this process (the worker's
 * DocumentMemory, the request thread's document and Publisher, whose
 * connection serialises what it is given as the real one does), timed step
 * by step, for each shape. Prints each step's median per turn at both sizes
 * and their ratio.
 */
function stepsPerTurn(shapes: Shape[]): void {
  for (const { name, raw, ends } of shapes) {
    const small = ends.findIndex((end) => end >= 2_000_000) + 1;
    const smallEnds = ends.slice(0, small);
    const a = turnSteps(raw, smallEnds, small - TURNS * LINES_PER_TURN);
    const b = turnSteps(raw, ends, ends.length - TURNS * LINES_PER_TURN);
    const mbOf = (e: number[]) => `${(e[e.length - 1] / 1e6).toFixed(1)} MB`;
    console.log(`\nper appended turn, ${name}, in this process (median ms; ${a.turns} turns each):`);
    console.log(`| step | ${mbOf(smallEnds)} | ${mbOf(ends)} | ratio |`);
    console.log('| --- | --- | --- | --- |');
    for (const step of STEPS) {
      const x = median(a.times.get(step)!);
      const y = median(b.times.get(step)!);
      console.log(`| ${step} | ${x.toFixed(3)} | ${y.toFixed(3)} | ${x > 0 ? `${(y / x).toFixed(1)}×` : '-'} |`);
    }
    console.log(
      `diagnostics published per turn: ${a.diagnostics} and ${b.diagnostics}; with budgets set, ${a.budgetDiagnostics} and ${b.budgetDiagnostics} of budgets`,
    );
    console.log(
      `lenses per turn: ${a.lenses} and ${b.lenses}; turns whose usage was left to read again: ${a.usagePending} and ${b.usagePending}, ` +
        `of which read as the change from the read before: ${a.usageChanges} and ${b.usageChanges}`,
    );
  }
  console.log(
    'the usage is read again right after each turn up to 2 M chars (over stdio the next turn waits for it), and after a second with no turn above; ' +
      'an editor that can refresh lenses (VS Code) asks for all of them after each publication',
  );
}

/** What the stdio runs check with: the harness pins the spec profile. */
const OVER_STDIO = { ...DEFAULT_SETTINGS, profile: 'spec' as const };
/** Token and cost budgets that the session crosses at both sizes. */
const BUDGETED = {
  ...OVER_STDIO,
  budget: { tokens: { soft: 1_000_000, hard: 1_500_000 }, cost: { soft: 1, hard: null } },
};

interface TurnSteps {
  times: Map<Step, number[]>;
  turns: number;
  diagnostics: number;
  budgetDiagnostics: number;
  lenses: number;
  usagePending: number;
  /** Reads that crossed as the change from the read before, not whole. */
  usageChanges: number;
}

/** A connection that serialises what it is sent, as the real one does, and adds the time to `serialised.ms`. */
function serialisingConnection(serialised: { ms: number; diagnostics: Diagnostic[] }): Connection {
  return {
    sendDiagnostics: (p: { diagnostics: Diagnostic[] }) => {
      const t = performance.now();
      JSON.stringify(p);
      serialised.ms += performance.now() - t;
      serialised.diagnostics = p.diagnostics;
      return Promise.resolve();
    },
    sendNotification: () => Promise.resolve(),
  } as unknown as Connection;
}

function turnSteps(raw: string, ends: number[], cut: number): TurnSteps {
  collectGarbage();
  const times = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
  const plain = { ms: 0, diagnostics: [] as Diagnostic[] };
  const budgets = { ms: 0, diagnostics: [] as Diagnostic[] };
  const publisher = new Publisher(serialisingConnection(plain), new IgnoreFiles());
  const budgetPublisher = new Publisher(serialisingConnection(budgets), new IgnoreFiles());
  let lenses = 0;
  let usagePending = 0;
  let usageChanges = 0;
  const sessions = new DocumentMemory();
  const head = raw.slice(0, ends[cut - 1]);
  const state = new DocumentState(new LazyTextDocument(URI, 'jsonl', 1, head));
  // The same document published with budgets set: the text is edited once, through `state`.
  const budgeted = new DocumentState(state.doc);
  let held = analysisOf(sessions.check(1, job(1, { text: head, settings: OVER_STDIO })), undefined);
  publisher.publish(state, held, OVER_STDIO, 0);
  budgetPublisher.publish(budgeted, held, BUDGETED, 0);
  let version = 1;
  const timed = (step: Step, run: () => void, serialised?: { ms: number }) => {
    if (serialised) serialised.ms = 0;
    const t = performance.now();
    run();
    times.get(step)!.push(performance.now() - t - (serialised?.ms ?? 0));
  };
  for (let k = cut; k + LINES_PER_TURN <= ends.length; k += LINES_PER_TURN) {
    const from = ends[k - 1];
    const text = raw.slice(from, ends[k + LINES_PER_TURN - 1]);
    const at = { line: k, character: 0 };
    let reply: WorkerReply | undefined;
    timed('worker: check', () => {
      reply = sessions.check(version + 1, job(version + 1, { edits: [{ start: from, end: from, text }], baseVersion: version, settings: OVER_STDIO }));
    });
    version++;
    timed('text: edit applied', () => state.applyChanges([{ range: { start: at, end: at }, text }], version));
    if (!reply?.ok || !('patch' in reply)) throw new Error('an appended turn was not answered with a patch');
    const patch = reply.patch;
    const base = held;
    timed('findings: patch applied', () => {
      held = applyPatch(held, patch);
    });
    timed('diagnostics: converted and listed', () => publisher.publish(state, held, OVER_STDIO, 0, grownFrom(base, patch)), plain);
    times.get('message: serialised')!.push(plain.ms);
    timed('diagnostics, budgets set: converted and listed', () => budgetPublisher.publish(budgeted, held, BUDGETED, 0, grownFrom(base, patch)), budgets);
    let read: WorkerReply | undefined;
    const pending = held.usagePending;
    timed('usage: lines read (worker)', () => {
      if (pending) keptUsageLines(sessions)?.readAppended();
    });
    const heldStamp = stampOf(state.published!.analysis.usage);
    timed('usage: totals (worker)', () => {
      if (pending) read = sessions.usage(0, { kind: 'usage', uri: URI, path: PATH, version, ...(heldStamp !== undefined ? { held: heldStamp } : {}) });
    });
    // postMessage copies the reply as structuredClone does: written on the worker, read on the request thread.
    timed('usage: message across threads', () => {
      if (read) read = structuredClone(read);
    });
    timed('usage: taken (request thread)', () => {
      if (!read) return;
      usagePending++;
      if (!read.ok || !('usage' in read || 'usageChange' in read)) throw new Error('the usage was not read');
      if ('usageChange' in read) usageChanges++;
      // As CheckScheduler.readPendingUsage: the published findings and those the next patch applies to take the usage read.
      const usage = usageOfReply(state.published!.analysis.usage, read);
      if (usage === undefined) throw new Error('the usage read does not follow the usage held');
      for (const analysis of new Set([held, state.published!.analysis, budgeted.published!.analysis])) {
        delete analysis.usagePending;
        if (usage) analysis.usage = usage;
        else delete analysis.usage;
      }
    });
    timed('usage: status published again', () => {
      if (read) publisher.publishUsage(state);
    });
    timed(
      'usage: published again, budgets set',
      () => {
        if (read) budgetPublisher.publishUsage(budgeted);
      },
      budgets,
    );
    times.get('usage: read again and published (sum)')!.push(USAGE_STEPS.reduce((sum, step) => sum + times.get(step)!.at(-1)!, 0));
    let built: CodeLens[] = [];
    timed('lenses: built', () => {
      built = codeLenses(state);
    });
    timed('lenses: serialised', () => JSON.stringify(built));
    lenses = built.length;
  }
  const budgetCount = budgets.diagnostics.filter((d) => String(d.code).startsWith('budget-')).length;
  return {
    times,
    turns: times.get('worker: check')!.length,
    diagnostics: plain.diagnostics.length,
    budgetDiagnostics: budgetCount,
    lenses,
    usagePending,
    usageChanges,
  };
}

/** The usage lines the worker keeps of the bench's session, so reading the appended ones is timed apart from making the totals. */
function keptUsageLines(memory: DocumentMemory): UsageLines | undefined {
  return (memory as unknown as { sessions: Map<string, { usageLines?: UsageLines }> }).sessions.get(URI)?.usageLines;
}

/** How the scheduler tells the publisher what an appended turn changed. */
function grownFrom(base: FileAnalysis, patch: FindingsPatch) {
  return { base, changed: patch.changed.map((c) => c.index) };
}

/**
 * The appended turns sent to the language server as an editor sends a file
 * that grew on disk: from the change to the status that follows its
 * diagnostics, in wall time, and the CPU time the server process spent.
 */
async function overStdio(
  raw: string,
  ends: number[],
  cut: number,
  goal: 'appendedTurn' | 'appendedTurn2MB' | undefined,
  breaks = '\\n',
  shape: SessionShape = 'repetitive',
): Promise<void> {
  const h = await ServerHarness.start();
  try {
    const uri = h.uriOf('session.jsonl');
    await h.open(uri, raw.slice(0, ends[cut - 1]));
    const times: number[] = [];
    const modes = new Map<string, number>();
    let version = 1;
    const cpuBefore = serverCpuMs(h);
    for (let k = cut; k + LINES_PER_TURN <= ends.length; k += LINES_PER_TURN) {
      const at = { line: k, character: 0 };
      const start = performance.now();
      const status = await h.change(uri, ++version, [{ range: { start: at, end: at }, text: raw.slice(ends[k - 1], ends[k + LINES_PER_TURN - 1]) }]);
      times.push(performance.now() - start);
      modes.set(status.mode ?? '?', (modes.get(status.mode ?? '?') ?? 0) + 1);
    }
    const cpu = cpuBefore === undefined ? undefined : (serverCpuMs(h)! - cpuBefore) / times.length;
    if (goal) noteFigure(goal, shape, median(times));
    const size = `${(ends[ends.length - 1] / 1e6).toFixed(1)} MB`;
    console.log(
      `over stdio, ${shape}, ${size}, line breaks ${breaks}: change to status per turn: median ${median(times).toFixed(1)} ms wall, first ${times[0].toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms` +
        `${cpu === undefined ? '' : `; server CPU ${cpu.toFixed(1)} ms per turn (mean)`} (${[...modes].map(([m, n]) => `${n} ${m}`).join(', ')})`,
    );
  } finally {
    await h.stop();
  }
}

export default suite;
