/**
 * Hand labels of findings, one JSON Lines file per corpus file
 * (`labels/<file>.jsonl`): whether a finding is right (`true`: the claim is
 * not backed by what the agent could see) or wrong (`false`), with a
 * category that says what kind of finding it is. Labels are keyed like the
 * findings (see sessionFindings.ts), so they carry over when the rules
 * change and only new findings need a label.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { SessionFinding } from './sessionFindings';

export interface Label {
  key: string;
  /** The finding's text when labelled, to read the file by. */
  text: string;
  line: number;
  label: boolean;
  /** What kind of finding it is: `fabricated-value`, `wrong-line`, `derived-count`, `plan`, `paraphrase`… */
  category: string;
  note?: string;
}

export function readLabels(path: string): Map<string, Label> {
  const out = new Map<string, Label>();
  if (!existsSync(path)) return out;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let v: Label;
      try {
        v = JSON.parse(line) as Label;
      } catch (e) {
        throw new Error(`${path}:${i + 1}: ${(e as Error).message}`);
      }
      if (typeof v.key !== 'string' || typeof v.label !== 'boolean' || typeof v.category !== 'string') {
        throw new Error(`${path}:${i + 1}: a label needs key (string), label (boolean) and category (string)`);
      }
      out.set(v.key, v);
    });
  return out;
}

/** Findings per file that are labelled: all of them up to `size`, else a sample chosen by hashing keys with a seed. */
export function sampleOf(findings: readonly SessionFinding[], size: number, seed: string): SessionFinding[] {
  if (findings.length <= size) return [...findings];
  const rank = (f: SessionFinding) => createHash('sha256').update(`${seed}\u0000${f.key}`).digest('hex');
  return [...findings].sort((a, b) => (rank(a) < rank(b) ? -1 : 1)).slice(0, size);
}
