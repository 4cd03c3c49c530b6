/**
 * Fenced blocks that Markdown session exports (Copilot CLI, Codex) write
 * around a tool's arguments and output: where a block's content lines are,
 * and a JSON object of arguments read field by field, each string mapped to
 * its characters in the file (escapes included).
 */
import type { OffsetMap } from '../../model';
import { JsonRegion } from '../../json/jsonRegion';
import { closesFence, fenceOpening } from './fences';
import { isBlank, lineText, type RawLine } from './rawLines';

export function nextNonBlank(raw: string, lines: readonly RawLine[], from: number): number | undefined {
  for (let j = from; j < lines.length; j++) if (!isBlank(raw, lines[j])) return j;
  return undefined;
}

/** The fence opening at or after line `from` (blank lines skipped): its info string, content lines and the line after its close. */
export function fenceAt(raw: string, lines: readonly RawLine[], from: number): { info: string; content: RawLine[]; after: number } | undefined {
  const at = nextNonBlank(raw, lines, from);
  if (at === undefined) return undefined;
  const text = lineText(raw, lines[at]);
  const open = fenceOpening(text);
  if (!open) return undefined;
  let j = at + 1;
  while (j < lines.length && !closesFence(lineText(raw, lines[j]), open)) j++;
  const info = text.trim().slice(open.length).trim();
  return { info, content: lines.slice(at + 1, j), after: Math.min(j + 1, lines.length) };
}

export interface ArgumentField {
  text: string;
  map: OffsetMap;
  field: string;
}

/** A fence's JSON object of arguments: the parsed object, and each non-empty top-level string as a field; undefined for anything else. */
export function jsonArguments(raw: string, content: readonly RawLine[]): { input: Record<string, unknown>; fields: ArgumentField[] } | undefined {
  if (content.length === 0) return undefined;
  const start = content[0].start;
  const end = content[content.length - 1].end;
  let value: unknown;
  try {
    value = JSON.parse(raw.slice(start, end));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const region = new JsonRegion(raw, start, end);
  const fields = Object.entries(input)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length > 0)
    .map(([key, text]) => ({ text, map: region.stringMap([key]), field: key }));
  return { input, fields };
}
