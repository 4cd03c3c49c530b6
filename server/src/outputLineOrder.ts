/**
 * A file's outputs in line order, kept while the file grows. A model call's
 * usage lens sits beside the first output after the previous call's record
 * (usageLens.ts); over this order a binary search finds it, where reading
 * every output again would cost an appended turn of a long session more
 * than checking it (outputs of a large check are slow to walk).
 */
import { firstAbove } from '../../shared/text/sortedSearch';
import type { CallCounts } from './fileUsage';

export class OutputLineOrder {
  /** Output indexes by line, then by index (as anchorCalls' stable sort orders them). */
  private readonly order: number[] = [];
  /** The line of each output in `order`, in the same order. */
  private readonly lines: number[] = [];
  /** The line each output was placed at, by index. */
  private readonly lineOf: number[] = [];

  constructor(outputs: readonly { line: number }[]) {
    const order = outputs.map((_, i) => i).sort((a, b) => outputs[a].line - outputs[b].line || a - b);
    for (const i of order) {
      this.order.push(i);
      this.lines.push(outputs[i].line);
      this.lineOf[i] = outputs[i].line;
    }
  }

  /** Places again the outputs `changed` (replaced, maybe on other lines) and places those from `from` on (added). */
  grow(outputs: readonly { line: number }[], changed: readonly number[], from: number): void {
    for (const i of changed) {
      if (outputs[i].line === this.lineOf[i]) continue;
      const at = this.positionOf(this.lineOf[i], i);
      this.order.splice(at, 1);
      this.lines.splice(at, 1);
      this.place(i, outputs[i].line);
    }
    for (let i = from; i < outputs.length; i++) this.place(i, outputs[i].line);
  }

  /** The largest line of any output, or undefined when there is none. */
  lastLine(): number | undefined {
    return this.lines[this.lines.length - 1];
  }

  /** The output the lens of `calls[i]` sits beside, as anchorCalls gives it, or undefined when the call wrote none. */
  anchorOf(calls: readonly CallCounts[], i: number, countsFirst: boolean): number | undefined {
    const after = countsFirst ? calls[i].line : (calls[i - 1]?.line ?? -1);
    const last = countsFirst ? (calls[i + 1]?.line ?? Infinity) - 1 : calls[i].line;
    const k = firstAbove(this.lines, after);
    return k < this.lines.length && this.lines[k] <= last ? this.order[k] : undefined;
  }

  private place(i: number, line: number): void {
    this.lineOf[i] = line;
    const at = this.positionOf(line, i);
    this.order.splice(at, 0, i);
    this.lines.splice(at, 0, line);
  }

  /** Where output `i` on `line` is or belongs in the order. */
  private positionOf(line: number, i: number): number {
    let lo = firstAbove(this.lines, line - 1);
    const hi = firstAbove(this.lines, line, lo);
    while (lo < hi && this.order[lo] < i) lo++;
    return lo;
  }
}
