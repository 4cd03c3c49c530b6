/**
 * A coding session's instruction files, read from disk, as context: system
 * segments at the root of the conversation, so every output of the session
 * has them among its ancestors, placed before its first output. Their text
 * is the file's own, so their `source` is the file and their offsets are
 * offsets in it: evidence found there points at the file's characters.
 */
import type { ContextGap } from '../../../classifier/types';
import { describeInstructionFiles, type InstructionFile } from '../../instructionFiles';
import type { InstructionFiles } from '../../model';
import { ShiftMap } from '../../offsets/offsetMaps';
import type { OrderKey } from './rawOrder';
import type { FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

/** Adds the files as a chain under `parent`, ordered after `order` in the file; returns the chain's tail. */
export function emitInstructionFiles(b: FileOrderTranscriptBuilder, files: readonly InstructionFile[], parent: number, order: OrderKey): number {
  let tail = parent;
  files.forEach((f, i) => {
    tail = b.add(f.text, new ShiftMap(0), 0, { role: 'system', parent: tail, label: `${f.name} (read from disk)`, source: f.path }, [...order, i]);
  });
  return tail;
}

/** The gap for the unlogged system prompt, saying which of its instruction files were read from disk. */
export function withInstructionNote(gap: ContextGap, found: InstructionFiles | undefined): ContextGap {
  return found ? { ...gap, message: `${gap.message} ${describeInstructionFiles(found)}` } : gap;
}
