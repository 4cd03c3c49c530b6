import { strict as assert } from 'node:assert';
import { locateJsonValue } from '../../../shared/transcript/json/jsonLocate';
import { jsonStringMap } from '../../../shared/transcript/offsets/jsonStringMap';
import { unitsRead } from '../unitsRead';

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
