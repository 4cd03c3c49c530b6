/**
 * Raw offsets ↔ LSP positions (UTF-16 units, as both the transcript model and
 * LSP count), and locations of context places, which may live in another
 * file (promptfoo `file://` variables, sub-agent files).
 */
import { readBounded } from '../../shared/io/boundedRead';
import * as fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Location, Range as LspRange } from 'vscode-languageserver/node';
import type { Range } from '../../shared/classifier/types';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
import type { ContextPlace } from './fileAnalysis';
import type { DocumentText } from './lazyTextDocument';

export function toLspRange(doc: DocumentText, r: Range): LspRange {
  return { start: doc.positionAt(r[0]), end: doc.positionAt(r[1]) };
}

/** Files a place may point into are read at most this large. */
const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

/** Line indexes of other files, by path and modification time. */
const sourceLines = new Map<string, { mtimeMs: number; lines: LineIndex }>();

/**
 * A context place as a Location. A place in another file gets that file's
 * own positions. A place inside an archive's entry, or in a file that cannot
 * be read, falls back to the start of the checked document rather than to
 * wrong characters; an entry's name is never looked up on disk.
 */
export function placeLocation(doc: DocumentText, p: ContextPlace): Location {
  if (p.entry !== undefined) return { uri: doc.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  if (!p.source) return { uri: doc.uri, range: toLspRange(doc, p.raw) };
  const lines = linesOf(p.source);
  if (!lines) return { uri: doc.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  return { uri: pathToFileURL(p.source).toString(), range: { start: lines.position(p.raw[0]), end: lines.position(p.raw[1]) } };
}

function linesOf(path: string): LineIndex | undefined {
  try {
    const stat = fs.statSync(path);
    if (!stat.isFile() || stat.size > MAX_SOURCE_BYTES) return undefined;
    const cached = sourceLines.get(path);
    if (cached && cached.mtimeMs === stat.mtimeMs) return cached.lines;
    // Checked again on the open handle: the path may have been swapped for a FIFO or a device since the stat.
    const lines = new LineIndex(readBounded(path, MAX_SOURCE_BYTES).toString('utf8'));
    sourceLines.set(path, { mtimeMs: stat.mtimeMs, lines });
    return lines;
  } catch {
    return undefined;
  }
}
