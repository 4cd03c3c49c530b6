/**
 * Narrowing helpers for values that came out of JSON.parse: parsers walk
 * loosely-typed, version-drifting shapes and must never throw on a field of
 * the wrong type.
 */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function obj(v: unknown): JsonObject | undefined {
  return isObject(v) ? v : undefined;
}
