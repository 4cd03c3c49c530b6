import { strict as assert } from 'node:assert';
import { locateJsonValue } from '../../../shared/transcript/json/jsonLocate';
import { jsonStringMap } from '../../../shared/transcript/offsets/jsonStringMap';

/**
 * Characters read through `indexOf` and `charCodeAt` while `run` runs: the
 * work of a scan, counted instead of timed. A search that finds nothing is
 * counted to the end of the string it searched.
 */
function unitsRead(run: () => void): number {
  const indexOf = String.prototype.indexOf;
  const charCodeAt = String.prototype.charCodeAt;
  let read = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const at = indexOf.call(this, search, from);
    read += (at === -1 ? this.length : at + search.length) - Math.max(0, from ?? 0);
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
    String.prototype.charCodeAt = charCodeAt;
  }
  return read;
}

describe('scans of one JSON line stay inside it', () => {
  // A session line, then a megabyte of lines with no backslash: what a short-message log looks like.
  const line = '{"type":"user","message":{"role":"user","content":"Queue 7 has 52 jobs waiting."}}';
  const file = line + '\n' + '{"type":"assistant","message":{"content":"ok"}}\n'.repeat(20_000);

  it('maps a string literal without escapes reading the literal, not the rest of the file', () => {
    const start = file.indexOf('"Queue');
    const end = file.indexOf('"}', start) + 1;
    let map: ReturnType<typeof jsonStringMap> | undefined;
    const read = unitsRead(() => (map = jsonStringMap(file, start, end)));
    assert.ok(read <= 2 * (end - start), `read ${read} units for a literal of ${end - start}`);
    assert.equal(map!.toRaw(6), start + 7);
  });

  it('finds a value by its keys reading the line, not the rest of the file', () => {
    let span: ReturnType<typeof locateJsonValue>;
    const read = unitsRead(() => (span = locateJsonValue(file, 0, line.length, ['message', 'content'])));
    assert.ok(read <= 4 * line.length, `read ${read} units for a line of ${line.length}`);
    assert.equal(file.slice(span!.offset, span!.offset + span!.length), '"Queue 7 has 52 jobs waiting."');
  });
});
