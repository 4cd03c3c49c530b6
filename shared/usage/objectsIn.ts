/**
 * Every JSON object inside a value, in document order, walked with a stack
 * rather than recursion: logs nest deeper than the call stack allows.
 * A key in `skip` is not walked into (a `usage` object inside a response is
 * the response's, not a response of its own).
 */
import { obj, type JsonObject } from '../transcript/formats/shapes/jsonValues';

export function* objectsIn(value: unknown, skip?: string): Generator<JsonObject> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
      continue;
    }
    const o = obj(v);
    if (!o) continue;
    yield o;
    const keys = Object.keys(o);
    for (let i = keys.length - 1; i >= 0; i--) if (keys[i] !== skip) stack.push(o[keys[i]]);
  }
}
