/**
 * Tool outputs that are JSON text written by an ASCII-escaping serialiser
 * (Python's `json.dumps`) show `\u20ac89.90` where the model reads
 * `€89.90`. Beside the literal text (which keeps keys and numbers), each
 * string inside such JSON that was escaped is added decoded, with a map
 * through both levels of escaping, so what the model understood can ground
 * claims. Strings without escapes already read the same in the literal text.
 */
import type { JsonPath } from '../../json/jsonRegion';
import { parseJsonInString } from './jsonInString';
import { emitStringLeaves, type LeafLimits } from './stringLeaves';
import type { JsonSource, SegmentSpec, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

/** Tool output is evidence: decode far more of it than of tool inputs, still bounded. */
const DECODED_LIMITS: LeafLimits = { depth: 16, leaves: 4096 };

export function emitEscapedJsonLeaves(b: FileOrderTranscriptBuilder, src: JsonSource, path: JsonPath, text: string, spec: SegmentSpec): number {
  if (text.indexOf('\\') === -1) return spec.parent;
  const nested = parseJsonInString(src, path, text);
  if (!nested) return spec.parent;
  return emitStringLeaves(b, nested.src, nested.value, [], { ...spec, label: `${spec.label} (decoded)` }, mayHaveBeenEscaped, DECODED_LIMITS);
}

/** Whether JSON may have escaped a character of `s` (quote, backslash, control; non-ASCII when ASCII-only). */
function mayHaveBeenEscaped(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 34 || c === 92 || c > 0x7e) return true;
  }
  return false;
}
