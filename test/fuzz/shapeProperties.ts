/**
 * What must hold for a hostile file, end to end as `groundcheck check` reads
 * it: its own parser and detection do not throw and keep every range inside
 * the file and on the characters it names; a BOM changes nothing but the
 * offsets; the text report a terminal shows carries no control character
 * from the file; checking reads no file from disk (zip entry names are not
 * paths); a config that cannot be used is a located ConfigError, not a crash.
 * Returns the properties broken (none when all hold).
 */
import type * as Fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile } from '../../cli/check/checkFile';
import { ConfigError, parseConfig } from '../../cli/check/config';
import { paletteFor } from '../../cli/check/reporters/colors';
import { TextReporter } from '../../cli/check/reporters/text';
import { visibleMessage } from '../../cli/terminal/visibleControls';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { ALL_FORMATS } from '../../shared/transcript/formats';
import type { Transcript } from '../../shared/transcript/model';
import { threadCpuMs } from './inputBounds';
import { checkedRanges, rangesInside } from './properties';
import type { ShapeFile } from './shapes/shapeInput';

export interface Broken {
  property: string;
  detail: string;
}

const BY_ID = new Map(ALL_FORMATS.map((f) => [f.id, f]));

/** The module object itself (not an import's frozen view of it), so its functions can be watched. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs') as typeof Fs;

/** A folder that does not exist: the checked file's name is resolved in it, and nothing there may be opened. */
const NOWHERE = join(tmpdir(), `groundcheck-fuzz-nowhere-${process.pid}`);

/**
 * Terminal controls: C0 but tab and newline, DEL, C1, and the bidi embeddings,
 * overrides and isolates that reorder what a reader sees.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function message(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** What the user waits for (reading the config, or `groundcheck check` and its report), in CPU milliseconds: the time bound's measure. */
export interface UserTime {
  millis?: number;
}

/** CPU milliseconds of `run` on this thread (wall time where that cannot be read). */
function timedInto(time: UserTime, run: () => void): void {
  const wall = performance.now();
  const cpu = threadCpuMs();
  try {
    run();
  } finally {
    const cpuEnd = threadCpuMs();
    time.millis = cpu !== undefined && cpuEnd !== undefined ? cpuEnd - cpu : performance.now() - wall;
  }
}

export function shapeProperty(f: ShapeFile, time: UserTime = {}): Broken[] {
  if (f.config) {
    const bad = configProperty(f, time);
    return bad ? [bad] : [];
  }
  return transcriptFileProperty(f, time);
}

function configProperty(f: ShapeFile, time: UserTime): Broken | undefined {
  try {
    timedInto(time, () => parseConfig(f.raw, join(NOWHERE, f.file), f.file === 'package.json' ? 'groundcheck' : undefined, NOWHERE));
  } catch (err) {
    if (!(err instanceof ConfigError)) return { property: 'a bad config is a located error', detail: `parseConfig threw ${message(err)}` };
    const unlocated = err.lines.find((l) => !/:\d+:\d+: error: /.test(l));
    if (unlocated) return { property: 'a bad config is a located error', detail: `error line without file:line:col: ${unlocated}` };
  }
  return undefined;
}

function parse(f: ShapeFile, raw: string): Transcript | undefined {
  const parsed = parseTranscript({ raw, path: join(NOWHERE, f.file), bytes: f.bytes, readFile: () => ({ notRead: 'not read while fuzzing' }) });
  return isNotTranscript(parsed) ? undefined : parsed;
}

/** Parsing and checking stop at the first property broken (what follows would stand on it); the text report's properties are each judged. */
function transcriptFileProperty(f: ShapeFile, time: UserTime): Broken[] {
  const own = f.format ? BY_ID.get(f.format) : undefined;
  if (own) {
    let t: Transcript;
    try {
      t = own.parse({ raw: f.raw, bytes: f.bytes, readFile: () => ({ notRead: 'not read while fuzzing' }) });
    } catch (err) {
      return [{ property: 'no parser throws', detail: `${own.id} parser threw ${message(err)}` }];
    }
    const bad = rangesInside(t, f.raw);
    if (bad) return [{ property: 'ranges inside the file', detail: `${own.id}: ${bad}` }];
  }
  let parsed: Transcript | undefined;
  try {
    parsed = parse(f, f.raw);
  } catch (err) {
    return [{ property: 'no parser throws', detail: `detection and parse threw ${message(err)}` }];
  }
  if (parsed) {
    const bad = rangesInside(parsed, f.raw);
    if (bad) return [{ property: 'ranges inside the file', detail: bad }];
    let checked: Broken | undefined;
    try {
      checked = checkedRanges(parsed, f.raw);
    } catch (err) {
      return [{ property: 'no parser throws', detail: `the check threw ${message(err)}` }];
    }
    if (checked) return [checked];
  }
  if (f.withoutBom !== undefined) {
    const bad = sameWithoutBom(parsed, parse(f, f.withoutBom));
    if (bad) return [{ property: 'a BOM changes only the offsets', detail: bad }];
  }
  return textReportProperty(f, time);
}

/** The file read with its BOM is the file read without it, every raw offset one later. */
function sameWithoutBom(withBom: Transcript | undefined, without: Transcript | undefined): string | undefined {
  if (!without) return undefined;
  if (!withBom) return `without the BOM it is a ${without.format} transcript; with it, not a transcript`;
  if (withBom.format !== without.format) return `read as ${withBom.format} with the BOM, ${without.format} without`;
  if (withBom.segments.length !== without.segments.length) {
    return `${withBom.segments.length} segments with the BOM, ${without.segments.length} without (first without: ${JSON.stringify(without.segments[0]?.text.slice(0, 80))})`;
  }
  for (let i = 0; i < without.segments.length; i++) {
    const a = withBom.segments[i];
    const b = without.segments[i];
    if (a.text !== b.text) return `segment ${i} reads ${JSON.stringify(a.text.slice(0, 80))} with the BOM, ${JSON.stringify(b.text.slice(0, 80))} without`;
    if (a.source === undefined && a.map.toRaw(0) !== b.map.toRaw(0) + 1)
      return `segment ${i} starts at ${a.map.toRaw(0)} with the BOM, ${b.map.toRaw(0)} without`;
  }
  return undefined;
}

/** `groundcheck check` on the file with a plain text report, watching for files opened on the way. */
function textReportProperty(f: ShapeFile, time: UserTime): Broken[] {
  const shown: string[] = [];
  // The streams `groundcheck check` gives its reporter: standard error shows its messages' controls as escapes.
  const io = { out: (s: string) => void shown.push(s), err: (s: string) => void shown.push(visibleMessage(s)) };
  const reporter = new TextReporter(io, paletteFor({ isTTY: false }), true);
  const opened: string[] = [];
  const absPath = join(NOWHERE, f.file);
  let threw: unknown;
  // Timed from outside the watch: reading the thread's CPU clock opens a /proc file.
  timedInto(time, () => {
    const realOpen = fs.openSync;
    const realRead = fs.readFileSync;
    (fs as { openSync: unknown }).openSync = (p: Fs.PathLike, ...rest: unknown[]) => {
      opened.push(String(p));
      return (realOpen as (...a: unknown[]) => number)(p, ...rest);
    };
    (fs as { readFileSync: unknown }).readFileSync = (p: Fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      opened.push(String(p));
      return (realRead as (...a: unknown[]) => unknown)(p, ...rest);
    };
    try {
      const report = checkFile({ file: f.file, absPath, raw: f.raw, bytes: f.bytes }, { settings: DEFAULT_SETTINGS, ledger: false });
      reporter.file(report, { path: absPath, shown: f.file, explicit: true });
    } catch (err) {
      threw = err;
    } finally {
      (fs as { openSync: unknown }).openSync = realOpen;
      (fs as { readFileSync: unknown }).readFileSync = realRead;
    }
  });
  if (threw !== undefined) return [{ property: 'no parser throws', detail: `groundcheck check threw ${message(threw)}` }];
  const broken: Broken[] = [];
  if (opened.length > 0) {
    const shownPaths = opened
      .slice(0, 3)
      .map((p) => JSON.stringify(p))
      .join(', ');
    broken.push({ property: 'checking reads no file from disk', detail: `opened ${shownPaths}${opened.length > 3 ? ` and ${opened.length - 3} more` : ''}` });
  }
  const text = shown.join('');
  const at = text.search(CONTROL);
  if (at !== -1) {
    const line = text.slice(text.lastIndexOf('\n', at) + 1, text.indexOf('\n', at) === -1 ? undefined : text.indexOf('\n', at));
    broken.push({
      property: 'the text report carries no control character',
      detail: `U+${text.charCodeAt(at).toString(16).padStart(4, '0').toUpperCase()} in: ${JSON.stringify(line.slice(0, 200))}`,
    });
  }
  return broken;
}
