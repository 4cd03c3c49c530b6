/**
 * Every string inside a JSON value as its own segment: tool-call inputs are
 * objects (or JSON text), and each string in them keeps an exact map where a
 * re-serialised whole would not.
 */
import type { JsonPath } from '../../json/jsonRegion';
import type { JsonSource, SegmentSpec, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

export interface LeafLimits {
  depth: number;
  leaves: number;
}

/** Deep or wide tool inputs are generated data, not prose worth checking. */
export const TOOL_INPUT_LIMITS: LeafLimits = { depth: 8, leaves: 256 };

/** Emits each string leaf of `value` in document order; returns the branch tail. */
export function emitStringLeaves(
  b: FileOrderTranscriptBuilder,
  src: JsonSource,
  value: unknown,
  path: JsonPath,
  spec: SegmentSpec,
  keep: (leaf: string) => boolean = () => true,
  limits: LeafLimits = TOOL_INPUT_LIMITS,
): number {
  let tail = spec.parent;
  let count = 0;
  const visit = (v: unknown, at: JsonPath, depth: number, key: string | undefined): void => {
    if (count >= limits.leaves) return;
    if (typeof v === 'string') {
      if (!keep(v)) return;
      count++;
      const label = key ? `${spec.label} ${key}` : spec.label;
      // A call's fields say what the call did (which file, which content), so each leaf keeps its path.
      const tool = spec.tool ? { ...spec.tool, field: at.slice(path.length).join('.') } : undefined;
      tail = b.addString(src, at, v, { ...spec, parent: tail, label, ...(tool ? { tool } : {}) });
      return;
    }
    if (depth >= limits.depth || typeof v !== 'object' || v === null) return;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) visit(v[i], [...at, i], depth + 1, key);
    } else {
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], [...at, k], depth + 1, k);
    }
  };
  visit(value, path, 0, undefined);
  return tail;
}
