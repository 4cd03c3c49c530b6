/** `1 file`, `3 files`: a count with its noun, for messages and reports (regular plurals only). */
export function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
