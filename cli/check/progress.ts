/**
 * A one-line progress bar on stderr, for long runs in a terminal only: it
 * appears after the run has taken a second, redraws at most ten times a
 * second, and erases itself at the end. Pipes and CI logs never see it.
 */
const SHOW_AFTER_MS = 1000;
const REDRAW_MS = 100;
const BAR_WIDTH = 24;

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export class Progress {
  private readonly started: number;
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  update(done: number, outputs: number): void {
    if (!this.stream.isTTY) return;
    const t = this.now();
    if (t - this.started < SHOW_AFTER_MS || t - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = t;
    this.drawn = true;
    const filled = this.total === 0 ? BAR_WIDTH : Math.round((done / this.total) * BAR_WIDTH);
    const bar = '█'.repeat(filled) + '░'.repeat(BAR_WIDTH - filled);
    this.stream.write(`\r\u001b[2K${bar} ${done}/${this.total} files, ${outputs} outputs`);
  }

  /** Erases the bar so the report that follows starts on a clean line. */
  finish(): void {
    if (this.drawn) this.stream.write('\r\u001b[2K');
  }
}
