/** RAGTruth records as the data README describes them, read from JSON Lines. */
import { readFileSync } from 'node:fs';
import type { Range } from '../../shared/classifier/types';

export type TaskType = 'QA' | 'Summary' | 'Data2txt';
export const TASK_TYPES: readonly TaskType[] = ['QA', 'Summary', 'Data2txt'];

export interface GoldLabel {
  start: number;
  end: number;
  text: string;
  label_type: string;
}

export interface RagTruthRecord {
  id: string;
  task_type: TaskType;
  model: string;
  query: string;
  context: string;
  output: string;
  labels: GoldLabel[];
}

export function readRagTruth(path: string): RagTruthRecord[] {
  const records: RagTruthRecord[] = [];
  const lines = readFileSync(path, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const r = JSON.parse(line) as RagTruthRecord;
    if (typeof r.output !== 'string' || typeof r.context !== 'string' || !Array.isArray(r.labels)) {
      throw new Error(`${path}:${i + 1}: not a RAGTruth record (needs output, context and labels)`);
    }
    records.push(r);
  });
  return records;
}

export function goldSpans(r: RagTruthRecord): Range[] {
  return r.labels.map((l) => [l.start, l.end] as Range);
}
