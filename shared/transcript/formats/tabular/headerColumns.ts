/**
 * The names a fixture's head gives its fields: JSON keys, or the cells of a
 * CSV header row. A RAG format is recognised by these, so a README or a
 * source file that merely mentions `question` and `answer` is not read as a
 * fixture.
 */
import { parse } from 'csv-parse/sync';
import type { HeadContainer } from '../../model';
import { hasKey } from '../shapes/headMarkers';

/** A header row longer than this is not one a fixture writes. */
const MAX_HEADER_LENGTH = 4096;

export type HasField = (name: string) => boolean;

export function fieldNames(head: string, container: HeadContainer): HasField {
  if (container === 'json') return (name) => hasKey(head, name);
  if (container !== 'text') return () => false;
  const columns = new Set(csvHeaderCells(head));
  return (name) => columns.has(name);
}

/** The first line's cells when it parses as a CSV record of two or more plain names. */
export function csvHeaderCells(head: string): string[] {
  let start = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (head[start] === '\n' || head[start] === '\r') start++;
  let end = head.indexOf('\n', start);
  if (end === -1) end = head.length;
  if (end - start > MAX_HEADER_LENGTH) return [];
  let cells: string[];
  try {
    const [record] = parse(head.slice(start, end), { relax_column_count: true }) as string[][];
    cells = record ?? [];
  } catch {
    return [];
  }
  const names = cells.map((c) => c.trim());
  // Column names are short words; a line of prose split at its commas is not a header.
  return names.length >= 2 && names.every((n) => /^[\w .-]{1,64}$/.test(n) && !n.includes('  ')) ? names : [];
}
