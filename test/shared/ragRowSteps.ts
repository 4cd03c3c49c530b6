/**
 * Steps over generated RAG rows for oldGenerationGrowth: each makes one row,
 * parses or checks it, and lets it go.
 */
import { RagRows } from '../../bench/generators/ragRows';
import { checkTranscript } from '../../shared/check/checkTranscript';
import { ragasFormat } from '../../shared/transcript/formats/ragas';

const rows = new RagRows(7);

/** Parses a row and reads its outputs' lines, as a report does. */
export function parseRow(i: number): void {
  const t = ragasFormat.parse({ raw: rows.next(), firstRow: i });
  for (const s of t.segments) if (s.isOutput && s.line < 0) throw new Error(`no line for ${s.label}`);
}

/** Parses a row and checks its output. */
export function checkRow(i: number): void {
  const t = ragasFormat.parse({ raw: rows.next(), firstRow: i });
  const [output] = checkTranscript(t).outputs;
  if (output.result.entities.length === 0) throw new Error(`row ${i + 1}: no entities`);
}
