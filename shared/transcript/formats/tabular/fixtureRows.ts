/**
 * Rows of an evaluation fixture, whatever file it came in: a JSON array (or
 * an object holding one), JSON Lines, or CSV with a header. Each field hands
 * out its strings with offset maps, so RAG parsers deal with column names
 * only.
 */
import type { JsonPath, JsonRegion } from '../../json/jsonRegion';
import { readJsonDocument, readJsonLines } from '../../json/jsonLines';
import { ComposedMap } from '../../offsets/offsetMaps';
import { isObject, type TextAt } from '../common/jsonText';
import { jsonValueTexts } from '../common/jsonValueSpan';
import type { InOrderTranscriptBuilder } from '../common/inOrderTranscriptBuilder';
import { readCsvRecords, type CsvCell } from './csvCells';
import { parseStringList } from './listCell';

export interface RowField {
  /** The decoded value (for CSV: the cell string). */
  value: unknown;
  /** Its strings: one for a string, one per item for a list of strings. */
  texts(): TextAt[];
  /** Present for JSON rows: where the value sits, for structured reads. */
  json?: { region: JsonRegion; path: JsonPath };
}

export interface FixtureRow {
  index: number;
  line: number;
  keys: string[];
  get(key: string): RowField | undefined;
}

export type RowFileKind = 'json' | 'jsonl' | 'csv';

export function rowFileKind(raw: string): RowFileKind {
  let i = 0;
  while (i < raw.length && (raw[i] === ' ' || raw[i] === '\n' || raw[i] === '\r' || raw[i] === '\t' || raw[i] === '\ufeff')) i++;
  if (raw[i] === '[') return 'json';
  if (raw[i] !== '{') return 'csv';
  const nl = raw.indexOf('\n', i);
  if (nl === -1) return 'json';
  // JSON Lines: the first line is a complete object on its own.
  const first = raw.slice(i, nl).trim();
  if (first.endsWith('}')) {
    try {
      JSON.parse(first);
      return 'jsonl';
    } catch {
      return 'json';
    }
  }
  return 'json';
}

/**
 * `containerKeys`: where a JSON object keeps its rows (`samples`, `testCases`…);
 * `firstRow`: the number of the first JSON Lines row (see ParseInput.firstRow).
 */
export function readFixtureRows(raw: string, b: InOrderTranscriptBuilder, containerKeys: readonly string[], firstRow = 0): FixtureRow[] {
  const kind = rowFileKind(raw);
  if (kind === 'csv') return csvRows(raw, b);
  if (kind === 'jsonl') {
    return readJsonLines(raw, b.errors)
      .filter((l) => isObject(l.value))
      .map((l, index) => jsonRow(l.value as Record<string, unknown>, l.region, [], firstRow + index, l.line));
  }
  const doc = readJsonDocument(raw, b.errors);
  if (!doc) return [];
  let list: unknown = doc.value;
  let base: JsonPath = [];
  if (isObject(doc.value)) {
    const key = containerKeys.find((k) => Array.isArray((doc.value as Record<string, unknown>)[k]));
    if (!key) return [];
    list = (doc.value as Record<string, unknown>)[key];
    base = [key];
  }
  if (!Array.isArray(list)) return [];
  const rows: FixtureRow[] = [];
  list.forEach((item, i) => {
    if (!isObject(item)) return;
    const path = [...base, i];
    rows.push(jsonRow(item, doc.region, path, rows.length, b.lineOf(doc.region.rawOffsetOf(path))));
  });
  return rows;
}

function jsonRow(obj: Record<string, unknown>, region: JsonRegion, path: JsonPath, index: number, line: number): FixtureRow {
  return {
    index,
    line,
    keys: Object.keys(obj),
    get(key) {
      if (!(key in obj) || obj[key] === null) return undefined;
      const value = obj[key];
      const at = [...path, key];
      return {
        value,
        json: { region, path: at },
        texts: () => (Array.isArray(value) ? value.flatMap((v, i) => jsonValueTexts(region, [...at, i], v)) : jsonValueTexts(region, at, value)),
      };
    },
  };
}

function csvRows(raw: string, b: InOrderTranscriptBuilder): FixtureRow[] {
  const problems: { message: string; start: number; end: number }[] = [];
  const records = readCsvRecords(raw, problems);
  for (const p of problems) b.error(p.message, p.start, p.end);
  const header = records[0];
  if (!header) return [];
  const keys = header.cells.map((c) => c.text.trim());
  return records.slice(1).map((rec, index) => ({
    index,
    line: b.lineOf(rec.start),
    keys,
    get(key) {
      const cell = rec.cells[keys.indexOf(key)];
      if (!cell || cell.text.trim() === '') return undefined;
      return { value: cell.text, texts: () => cellTexts(cell) };
    },
  }));
}

/** A list cell yields its items; any other cell is one text. */
function cellTexts(cell: CsvCell): TextAt[] {
  const items = cell.text.trimStart().startsWith('[') ? parseStringList(cell.text) : undefined;
  if (!items) return [{ text: cell.text, map: cell.map }];
  return items.map((item) => ({ text: item.text, map: new ComposedMap(item.map, cell.map) }));
}
