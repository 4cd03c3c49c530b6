/**
 * Tallies a run: outputs per level, entities per type, files by what became
 * of them, and the hallucination rate, (PARTIAL + UNGROUNDED) / outputs.
 * Also decides the exit code, so the text, JSON and SARIF runs agree on it.
 */
import { ENTITY_TYPES, type EntityType, type Level } from '../../shared/classifier/types';
import type { FileReport, OutputRecord } from './fileReport';

/** A level an output may reach, or `budget`: some turn took its session past a hard budget. */
export type FailOn = 'partial' | 'ungrounded' | 'budget';
export const FAIL_ON: readonly FailOn[] = ['partial', 'ungrounded', 'budget'];

export interface TypeTally {
  entities: number;
  grounded: number;
  unverified: number;
  indeterminate: number;
  /** Not found, and the context gives a different value for the same slot (refined profile). */
  contradicted: number;
  /** Found, but not in the source the output cites for it (refined profile). */
  misattributed: number;
}

export interface Tally {
  outputs: number;
  levels: Record<Level, number>;
  types: Partial<Record<EntityType, TypeTally>>;
}

export class RunSummary {
  files = 0;
  /** Files that held at least one parsed transcript. */
  checkedFiles = 0;
  outputs = 0;
  readonly levels: Record<Level, number> = { GROUNDED: 0, PARTIAL: 0, UNGROUNDED: 0, INDETERMINATE: 0 };
  readonly types = Object.fromEntries(
    ENTITY_TYPES.map((t) => [t, { entities: 0, grounded: 0, unverified: 0, indeterminate: 0, contradicted: 0, misattributed: 0 }]),
  ) as Record<EntityType, TypeTally>;
  /** Found in folders or by globs and not transcripts: skipped quietly. */
  skippedNotTranscript = 0;
  /** Those skipped files by what they are instead (Markdown, source code, JSON…), in the order first met. */
  readonly skippedKinds = new Map<string, number>();
  /** Over the size limit. */
  skippedTooLarge = 0;
  /** Unreadable, named but not a transcript, or with parse errors: these make the exit code 2. */
  inputErrors = 0;
  /** Budget findings by severity: hard limits crossed are warnings; soft ones (and unpriced turns) information. */
  budgetWarnings = 0;
  budgetInformation = 0;

  add(report: FileReport, explicit: boolean): void {
    this.addFile(report, explicit);
    this.addOutputs(report.outputs);
  }

  /** What became of a file (checked, skipped, in error), without its outputs: a stream adds those as they come. */
  addFile(report: FileReport, explicit: boolean): void {
    this.files++;
    if (report.error) this.inputErrors++;
    else if (report.skipped) this.skippedTooLarge++;
    else if (report.notTranscript) {
      if (explicit) this.inputErrors++;
      else {
        this.skippedNotTranscript++;
        const kind = report.notTranscriptKind ?? 'text';
        this.skippedKinds.set(kind, (this.skippedKinds.get(kind) ?? 0) + 1);
      }
    } else {
      this.checkedFiles++;
      if (report.parseErrors.length > 0) this.inputErrors++;
    }
    for (const b of report.budget ?? []) {
      if (b.severity === 'warning') this.budgetWarnings++;
      else this.budgetInformation++;
    }
  }

  addOutputs(outputs: readonly OutputRecord[]): void {
    for (const o of outputs) {
      this.outputs++;
      this.levels[o.level]++;
      for (const e of o.entities) {
        if (e.suppressed) continue;
        const t = this.types[e.type];
        t.entities++;
        t[e.status]++;
      }
    }
  }

  /** The outputs by level and entities by type so far, the types with none left out. */
  tally(): Tally {
    const types: Partial<Record<EntityType, TypeTally>> = {};
    for (const t of ENTITY_TYPES) if (this.types[t].entities > 0) types[t] = { ...this.types[t] };
    return { outputs: this.outputs, levels: { ...this.levels }, types };
  }

  /** Adds a tally taken elsewhere (a shard's file, when shards are merged). */
  addTally(t: Tally): void {
    this.outputs += t.outputs;
    for (const level of Object.keys(t.levels) as Level[]) this.levels[level] += t.levels[level];
    for (const [type, counts] of Object.entries(t.types) as Array<[EntityType, TypeTally]>) {
      const mine = this.types[type];
      for (const k of Object.keys(counts) as Array<keyof TypeTally>) mine[k] += counts[k];
    }
  }

  /**
   * One line on the files skipped as not transcripts, for reports that have
   * no summary of their own (JSON, SARIF, HTML): a fixture groundcheck did
   * not recognise must not pass CI unnoticed. Undefined when none was.
   */
  skippedLine(verbose: boolean): string | undefined {
    if (this.skippedNotTranscript === 0) return undefined;
    const kinds = [...this.skippedKinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
    const n = this.skippedNotTranscript;
    const what = `groundcheck: ${n} of ${this.files} file${this.files === 1 ? '' : 's'} skipped as not ${n === 1 ? 'a transcript' : 'transcripts'} (${kinds})`;
    return verbose ? `${what}\n` : `${what}; --verbose lists each and why\n`;
  }

  /** (PARTIAL + UNGROUNDED) / outputs; 0 when nothing was checked. */
  get hallucinationRate(): number {
    return this.outputs === 0 ? 0 : (this.levels.PARTIAL + this.levels.UNGROUNDED) / this.outputs;
  }

  /** 2 for input errors (they win: the run is incomplete), 1 when an output reaches `failOn` (any of them), else 0. */
  exitCode(failOn: FailOn | readonly FailOn[] | undefined): number {
    if (this.inputErrors > 0) return 2;
    const on = failOn === undefined ? [] : typeof failOn === 'string' ? [failOn] : failOn;
    if (on.includes('ungrounded') && this.levels.UNGROUNDED > 0) return 1;
    if (on.includes('partial') && this.levels.PARTIAL + this.levels.UNGROUNDED > 0) return 1;
    if (on.includes('budget') && this.budgetWarnings > 0) return 1;
    return 0;
  }
}
