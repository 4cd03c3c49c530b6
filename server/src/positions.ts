/**
 * Raw offsets ↔ LSP positions (UTF-16 units, as both the transcript model and
 * LSP count), and raw ranges of places that may live in another file.
 */
import type { Location, Range as LspRange } from 'vscode-languageserver/node';
import type { DocumentText } from './lazyTextDocument';
import { pathToFileURL } from 'node:url';
import type { Range } from '../../shared/classifier/types';
import type { ContextPlace } from './findings';

export function toLspRange(doc: DocumentText, r: Range): LspRange {
  return { start: doc.positionAt(r[0]), end: doc.positionAt(r[1]) };
}

/**
 * A context place as a Location. Places in other files (multi-file formats)
 * carry their own path; their offsets are into that file, so the range is
 * given from the start of the file by offset only when we cannot read it.
 */
export function placeLocation(doc: DocumentText, p: ContextPlace): Location {
  if (p.source) return { uri: pathToFileURL(p.source).toString(), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  return { uri: doc.uri, range: toLspRange(doc, p.raw) };
}
