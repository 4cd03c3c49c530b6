/**
 * `groundcheck check --follow FILE`: checks a session file, then keeps
 * watching it as the agent appends to it (like `tail -f`) and reports each
 * output once, when it is complete. The last output of a file that is still
 * growing may be half written (a Markdown history's reply in progress), so
 * it waits until a look finds the file unchanged; a JSON Lines session's
 * half-written last line is a parse error only until the rest arrives, so
 * parse errors wait the same way. A file that shrinks was
 * rewritten: it is followed from its new content, and says so.
 *
 * A look at a file that grew by whole lines checks only those lines where
 * the format allows (Claude Code and Codex sessions, see liveFileCheck.ts);
 * otherwise it checks the whole file again. Later lines can change what an
 * output already reported says (a skill first used, a rewind, a value a
 * rule searched past the output for): such an output is reported again,
 * and the summary counts its last record.
 *
 * A turn that takes the session past a budget is reported once, on the look
 * that finds it, as `check` reports it; each limit is crossed once per
 * session, so a limit already reported is not reported again.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { readTarget } from './checkTarget';
import { LiveFileCheck } from './liveFileCheck';
import type { CheckTarget } from './expandPaths';
import { fileCheckOptions, ignoreStoreNotice, type FileCheckSetup } from './fileCheckSetup';
import { displayPath } from './locator';
import type { FileProblem, FileReport, OutputRecord } from './fileReport';
import type { Reporter } from './reporters/reporter';
import { revisedOutputs } from './revisedOutputs';
import { type FailOn, RunSummary } from './summary';

export interface FollowRun {
  target: CheckTarget;
  setup: FileCheckSetup;
  reporter: Reporter;
  /** Notices (`file: rewritten…`). */
  err(text: string): void;
  failOn?: FailOn | readonly FailOn[];
  /** How often the file is looked at. */
  pollMs: number;
  /** Ends the run: the summary is printed and the exit code returned. */
  stop: AbortSignal;
}

export async function followFile(run: FollowRun): Promise<number> {
  const notice = ignoreStoreNotice(run.setup, (path) => displayPath(path));
  if (notice) run.err(`${notice.line}\n`);
  if (notice?.fatal) return 2;
  const options = fileCheckOptions(run.setup);
  const summary = new RunSummary();
  /** Per output reported (by where it starts), its last record. */
  const reported = new Map<number, OutputRecord>();
  /** The last records of outputs reported before the file was rewritten. */
  const earlierContent: OutputRecord[] = [];
  const errorsShown = new Set<string>();
  const notesShown = new Set<string>();
  const budgetsShown = new Set<string>();
  // One file for the summary, however many looks it took.
  let whole: FileReport = { file: run.target.shown, outputs: [], parseErrors: [] };
  let size = -1;
  let settled = false;
  // The check a look extends when the file only grew by whole lines, how far into the file it has read,
  // and the last bytes it read there (a file rewritten in place, not appended to, then no longer starts with them).
  let live: LiveFileCheck | undefined;
  let readTo = 0;
  let tail = Buffer.alloc(0);
  let last: FileReport | undefined;
  const limit = options.settings.maxFileSizeMB * 1024 * 1024;

  /** The report of the file as it is now: the last one if it did not change, the live check grown by the new lines, or a whole check. */
  const reportNow = (now: number, grew: boolean, regular: boolean): FileReport => {
    if (!grew && last) return last;
    if (live && last && regular && now <= limit) {
      const read = readRange(run.target.path, readTo - tail.length, now);
      const nl = read?.lastIndexOf(0x0a) ?? -1;
      if (read && read.subarray(0, tail.length).equals(tail)) {
        if (nl < tail.length) return last;
        const appended = live.append(read.subarray(tail.length, nl + 1).toString('utf8'));
        if (appended) {
          readTo += nl + 1 - tail.length;
          tail = Buffer.from(read.subarray(Math.max(0, nl + 1 - TAIL_BYTES), nl + 1));
          return appended.report;
        }
      }
    }
    live = undefined;
    const read = readTarget(run.target, options);
    if (!('input' in read)) return read.report;
    const raw = read.input.raw;
    const started = LiveFileCheck.start(read.input, options);
    live = started.live;
    readTo = read.bytes;
    tail = Buffer.from(raw.slice(Math.max(0, raw.length - TAIL_BYTES)), 'utf8').subarray(-TAIL_BYTES);
    return started.report;
  };

  const look = () => {
    let now: number;
    let regular: boolean;
    try {
      const st = statSync(run.target.path);
      now = st.size;
      regular = st.isFile();
    } catch {
      return;
    }
    if (now === size && settled) return;
    const quiet = now === size;
    if (now < size) {
      run.err(`${run.target.shown}: rewritten (now ${now} bytes, was ${size}); following its new content\n`);
      for (const o of reported.values()) earlierContent.push(o);
      reported.clear();
      errorsShown.clear();
      notesShown.clear();
      budgetsShown.clear();
      live = undefined;
      last = undefined;
    }
    const grew = now > size;
    size = now;
    settled = quiet;
    const report = (last = reportNow(now, grew, regular));
    const fresh = freshPart(report, reported, errorsShown, notesShown, quiet, regular && endsMidLine(run.target.path, now));
    const revised = revisedOutputs(report.outputs, reported);
    if (revised.length > 0) fresh.outputs = [...revised, ...fresh.outputs].sort((a, b) => a.range[0] - b.range[0]);
    const budget = (report.budget ?? []).filter((b) => !budgetsShown.has(b.rule));
    if (budget.length > 0) fresh.budget = budget;
    else delete fresh.budget;
    if (fresh.outputs.length === 0 && fresh.parseErrors.length === 0 && !fresh.error && !fresh.notTranscript && !fresh.skipped && budget.length === 0) return;
    for (const o of fresh.outputs) reported.set(o.range[0], o);
    for (const b of budget) budgetsShown.add(b.rule);
    for (const e of fresh.parseErrors) errorsShown.add(errorKey(e));
    const note = fresh.error ?? fresh.notTranscript ?? fresh.skipped;
    if (note) notesShown.add(note);
    whole = {
      ...fresh,
      outputs: [],
      parseErrors: [...whole.parseErrors, ...fresh.parseErrors],
      budget: [...(whole.budget ?? []), ...budget],
    };
    run.reporter.file(fresh, run.target);
  };

  look();
  await new Promise<void>((resolve) => {
    const timer = setInterval(look, run.pollMs);
    const end = () => {
      clearInterval(timer);
      resolve();
    };
    if (run.stop.aborted) end();
    else run.stop.addEventListener('abort', end, { once: true });
  });
  // Each output once, as its last record says.
  summary.add({ ...whole, outputs: [...earlierContent, ...reported.values()] }, true);
  run.reporter.end(summary);
  return summary.exitCode(run.failOn);
}

/**
 * What of a report is new: outputs and parse errors not reported before,
 * holding back the last output and any errors while the file grows, and
 * errors on an unfinished last line until it is finished.
 * A file-level note (unreadable, not a transcript yet) is told once.
 */
function freshPart(
  report: FileReport,
  reported: ReadonlyMap<number, OutputRecord>,
  errorsShown: Set<string>,
  notesShown: Set<string>,
  quiet: boolean,
  midLine: boolean,
): FileReport {
  const outputs = report.outputs.filter((o, i) => !reported.has(o.range[0]) && (quiet || i < report.outputs.length - 1));
  // An unfinished last line is the agent mid-write, not a broken file: its error waits for the newline.
  const lastLine = report.parseErrors.reduce((m, e) => Math.max(m, e.line), 0);
  const parseErrors = quiet ? report.parseErrors.filter((e) => !errorsShown.has(errorKey(e)) && !(midLine && e.line === lastLine)) : [];
  const note = report.error ?? report.notTranscript ?? report.skipped;
  const told = note !== undefined && notesShown.has(note);
  return { ...report, outputs, parseErrors, ...(told ? { error: undefined, notTranscript: undefined, skipped: undefined } : {}) };
}

function errorKey(e: FileProblem): string {
  return `${e.line}:${e.column}:${e.message}`;
}

/** Whether the file's last byte is not a newline: its last line is still being written. */
function endsMidLine(path: string, size: number): boolean {
  if (size === 0) return false;
  const last = readRange(path, size - 1, size);
  return last !== undefined && last[0] !== 0x0a;
}

/** Bytes of the file's last read lines kept to tell an append from a rewrite. */
const TAIL_BYTES = 4096;

/** Bytes `[from, to)` of the file, or undefined when they cannot all be read. */
function readRange(path: string, from: number, to: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const out = Buffer.alloc(to - from);
    let got = 0;
    while (got < out.length) {
      const n = readSync(fd, out, got, out.length - got, from + got);
      if (n === 0) return undefined;
      got += n;
    }
    return out;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
