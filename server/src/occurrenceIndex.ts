/**
 * Which entity occurrence sits at an offset: every occurrence of every
 * output's entities, sorted, found by binary search. Built once per analysis
 * on the first hover or jump.
 */
import type { EntityFinding, FileAnalysis, OutputFinding } from './fileAnalysis';
import { lastAtMost } from '../../shared/text/sortedSearch';

export interface OccurrenceHit {
  output: OutputFinding;
  entity: EntityFinding;
  occurrence: number;
}

export class OccurrenceIndex {
  private readonly starts: Int32Array;
  private readonly ends: Int32Array;
  private readonly hits: OccurrenceHit[];

  constructor(analysis: FileAnalysis) {
    const all: { s: number; e: number; hit: OccurrenceHit }[] = [];
    for (const output of analysis.outputs) {
      for (const entity of output.entities) {
        entity.occurrences.forEach(([s, e], occurrence) => all.push({ s, e, hit: { output, entity, occurrence } }));
      }
    }
    all.sort((a, b) => a.s - b.s);
    this.starts = Int32Array.from(all, (x) => x.s);
    this.ends = Int32Array.from(all, (x) => x.e);
    this.hits = all.map((x) => x.hit);
  }

  /** The occurrence covering `offset` (its end counts, so a cursor just after a word still finds it). */
  at(offset: number): OccurrenceHit | undefined {
    const found = lastAtMost(this.starts, offset);
    // Occurrences do not nest, but a shorter one may start later inside a longer: look back a little.
    for (let i = found; i >= 0 && i >= found - 4; i--) {
      if (this.starts[i] <= offset && offset <= this.ends[i]) return this.hits[i];
    }
    return undefined;
  }
}
