/**
 * Matching closers for `(` and `[`, found in one stack pass so that reading
 * a call's arguments or an index never rescans text. Pairs never span a line
 * break: a call in prose is written on one line, and stopping at newlines
 * keeps an unbalanced bracket from pairing with one pages later.
 */
export class BracketPairs {
  private closeOf: Int32Array | undefined;

  constructor(private readonly text: string) {}

  /** Index of the bracket closing the one at `open`, or -1. */
  closeFor(open: number): number {
    this.closeOf ??= pairBrackets(this.text);
    return this.closeOf[open];
  }
}

function pairBrackets(text: string): Int32Array {
  const closeOf = new Int32Array(text.length).fill(-1);
  const parens: number[] = [];
  const squares: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x28) parens.push(i);
    else if (c === 0x5b) squares.push(i);
    else if (c === 0x29) {
      const open = parens.pop();
      if (open !== undefined) closeOf[open] = i;
    } else if (c === 0x5d) {
      const open = squares.pop();
      if (open !== undefined) closeOf[open] = i;
    } else if (c === 0x0a) {
      parens.length = 0;
      squares.length = 0;
    }
  }
  return closeOf;
}
