/**
 * What the classifier asks of a context: its parts and the matches of a
 * lookup form. ContextIndex answers it on the raw text; MarkupAwareIndex
 * answers it through markup, still with raw ranges.
 */
import type { ContextMatch } from '../classifier/types';
import type { FindOptions } from './contextIndex';

export interface ContextLookup {
  readonly partCount: number;
  /** Characters indexed over all parts (what a full search may have to walk). */
  readonly size: number;
  partText(part: number): string;
  find(form: string, opts: FindOptions): ContextMatch[];
  /** The accepted matches nearest before `opts.before`, nearest first, up to `opts.limit`. */
  findLast(form: string, opts: FindOptions): ContextMatch[];
}
