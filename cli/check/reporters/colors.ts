/**
 * ANSI styling for terminal output: on only when the stream is a terminal
 * and NO_COLOR is unset or empty (https://no-color.org), so pipes and CI
 * logs get plain text.
 */
export interface Palette {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  green(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

const COLOURED: Palette = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
  green: wrap(32, 39),
};

const same = (s: string) => s;
const PLAIN: Palette = { bold: same, dim: same, red: same, yellow: same, cyan: same, green: same };

export function paletteFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Palette {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return stream.isTTY && !noColor ? COLOURED : PLAIN;
}
