/**
 * JSON Lines: one record per model output with its verdict and its entity
 * ledger: each entity's ranges, the nearest place the context has it and how
 * many places there are (every place with `--all-locations`), and for a
 * contradicted entity the value the context gives instead. Every range is a
 * raw-file offset (`raw.slice(...range)` is the text as it sits in the file),
 * or for a record with an `entry`, an offset in that archive entry's text.
 * A turn that took its session past a budget is a record of its own,
 * `"kind": "budget"`, after the file's outputs.
 * File problems go to stderr so stdout stays one JSON object per line;
 * a bad line of a stream read from standard input is a record of its own
 * (`{"file","line","column","error"}`) where its result would have been.
 * A shard's report (`--shard k/n`) ends with a record saying which shard it
 * is, for `groundcheck merge`.
 */
import type { CheckTarget } from '../expandPaths';
import type { ContradictionRecord, EntityRecord, FileProblem, FileReport, OutputRecord } from '../fileReport';
import { fileProblems } from '../reportedFindings';
import { budgetJson } from '../budgetReport';
import type { Reporter, ReportStreams } from './reporter';
import { SHARD_KEY, type ShardRecord } from '../shard/shardRecord';

export class JsonLinesReporter implements Reporter {
  constructor(
    private readonly io: ReportStreams,
    private readonly allLocations = false,
  ) {}

  file(report: FileReport, target: CheckTarget): void {
    for (const line of fileProblems(report, target.explicit)) this.io.err(`${line}\n`);
    let text = '';
    for (const o of report.outputs) text += JSON.stringify(outputJson(o, this.allLocations)) + '\n';
    for (const b of report.budget ?? []) text += JSON.stringify(budgetJson(b)) + '\n';
    if (text) this.io.out(text);
  }

  end(): void {}

  /** The last record of a shard's report, under a key of its own (see shardRecord.ts). */
  shard(record: ShardRecord): void {
    this.io.out(JSON.stringify({ [SHARD_KEY]: record }) + '\n');
  }

  /** A record of its own, told apart from results by its `error` field. */
  problem(file: string, p: FileProblem): void {
    this.io.out(JSON.stringify({ file, line: p.line, column: p.column, error: p.message }) + '\n');
  }
}

/** `all`: every place the context has an entity, not only the nearest (`--all-locations`). */
export function outputJson(o: OutputRecord, all = false): object {
  return {
    file: o.file,
    ...(o.entry !== undefined ? { entry: o.entry } : {}),
    line: o.line,
    range: o.range,
    format: o.format,
    ...(o.label ? { label: o.label } : {}),
    level: o.level,
    score: o.score,
    explanation: o.explanation,
    entities: o.entities.map((e) => entityJson(e, o, all)),
    gaps: o.gaps,
  };
}

/**
 * An entity's ledger entry. Places in the record's own file (and archive
 * entry) carry only their range (the record names them once); places
 * elsewhere name their file, and their entry when inside an archive.
 */
function entityJson(e: EntityRecord, output: OutputRecord, all: boolean): object {
  const place = (at: { file: string; entry?: string; range: [number, number] }) =>
    at.file === output.file && at.entry === output.entry
      ? { range: at.range }
      : { file: at.file, ...(at.entry !== undefined ? { entry: at.entry } : {}), range: at.range };
  const found = all ? { matches: e.matches.map(place) } : e.matches[0] ? { match: place(e.matches[0]) } : {};
  return {
    text: e.text,
    type: e.type,
    found: e.found,
    status: e.status,
    ...(e.suppressed ? { suppressed: true } : {}),
    ranges: e.occurrences.map((x) => x.range),
    ...found,
    ...(e.matchCount > 0 ? { matchCount: e.matchCount } : {}),
    ...(e.closest ? { closest: { ...place(e.closest), text: e.closest.text } } : {}),
    ...(e.contradiction ? { contradiction: contradictionJson(e.contradiction, place) } : {}),
    ...(e.detail ? { detail: e.detail } : {}),
  };
}

/** The context's value for a contradicted entity's slot and where the context gives it. */
function contradictionJson(c: ContradictionRecord, place: (at: ContradictionRecord) => object): object {
  return { value: c.value, ...(c.slot ? { slot: c.slot } : {}), ...place(c) };
}
