/**
 * The work of a scan, counted instead of timed: characters read through
 * `indexOf`, `lastIndexOf` and `charCodeAt` while a function runs. A search
 * that finds nothing is counted to the end (or the start) of the string it
 * searched. Counts do not depend on the machine's speed or load, so a test
 * can hold a step to linear work without timing it.
 */
export function unitsRead(run: () => void): number {
  const indexOf = String.prototype.indexOf;
  const lastIndexOf = String.prototype.lastIndexOf;
  const charCodeAt = String.prototype.charCodeAt;
  let read = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const at = indexOf.call(this, search, from);
    read += (at === -1 ? this.length : at + search.length) - Math.max(0, from ?? 0);
    return at;
  };
  String.prototype.lastIndexOf = function (this: string, search: string, from?: number) {
    const at = lastIndexOf.call(this, search, from);
    const start = Math.min(this.length, Math.max(0, from ?? Infinity) + search.length);
    read += start - (at === -1 ? 0 : at);
    return at;
  };
  String.prototype.charCodeAt = function (this: string, i: number) {
    read++;
    return charCodeAt.call(this, i);
  };
  try {
    run();
  } finally {
    String.prototype.indexOf = indexOf;
    String.prototype.lastIndexOf = lastIndexOf;
    String.prototype.charCodeAt = charCodeAt;
  }
  return read;
}
