/**
 * A file name written alone on the line before a fenced block is the block's
 * title: the file the turn writes or shows there (Aider's edit blocks, "here
 * is `src/app.ts`:" followed by its code). It names the turn's own code, and
 * claims nothing about a file the session saw.
 */
import type { Range } from '../../classifier/types';

export function namesBlock(output: string, span: Range): boolean {
  const s = output.lastIndexOf('\n', span[0] - 1) + 1;
  const nl = output.indexOf('\n', span[0]);
  const e = nl < 0 ? output.length : nl;
  if (output.slice(s, e).replace(/[`*:]/g, '').trim() !== output.slice(span[0], span[1]).replace(/[`*:]/g, '').trim()) return false;
  const next = output.slice(e + 1, e + 1 + 200).trimStart();
  return next.startsWith('```') || next.startsWith('~~~');
}
