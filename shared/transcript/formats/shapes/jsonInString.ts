/**
 * JSON that sits inside a JSON string (tool-call `arguments`, Codex's
 * `{"output": …}` tool results): parsed only when it looks like an object or
 * array, so plain text output is never thrown through JSON.parse.
 */
import { nestingExceededAt } from '../../json/jsonDepth';
import type { JsonPath } from '../../json/jsonRegion';
import { pathOrder } from './rawOrder';
import type { JsonSource } from './fileOrderTranscriptBuilder';

export interface NestedJson {
  value: unknown;
  src: JsonSource;
}

export function parseJsonInString(src: JsonSource, path: JsonPath, text: string): NestedJson | undefined {
  const first = firstNonSpace(text);
  if (first !== '{' && first !== '[') return undefined;
  // Nested past the cap: left as the plain string it is.
  if (nestingExceededAt(text, 0, text.length) !== -1) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const line = src.lineOf(path);
  const outer = src.orderOf(path);
  return { value, src: { region: src.region.nested(path, text), lineOf: () => line, orderOf: (inner) => [...outer, ...pathOrder(value, inner)] } };
}

function firstNonSpace(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') return c;
  }
  return undefined;
}
