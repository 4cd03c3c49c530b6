/**
 * Hand labels of findings, one JSON Lines file per corpus file
 * (`labels/<file>.jsonl`): whether a finding is right (`true`: the claim is
 * not backed by what the agent could see) or wrong (`false`), with a
 * category that says what kind of finding it is. Labels are keyed like the
 * findings (see sessionFindings.ts), so they carry over when the rules
 * change and only new findings need a label.
 *
 * The same file holds the real errors a labeller noticed that got no
 * finding (`"missed": true`, no key): precision alone would reward a rule
 * set that flags nothing, so what the rules miss on real text is kept too.
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

/** A real error in an agent's turn that no rule flagged when it was noticed. */
export interface MissedError {
  missed: true;
  /** The wrong value as the agent wrote it. */
  text: string;
  /** 1-based line of the raw file that holds it. */
  line: number;
  /** What kind of error it is: `wrong-count`, `fabricated-value`… */
  category: string;
  /** The evidence: which line of the session says otherwise, or why nothing supports it. */
  note: string;
}

export interface LabelFile {
  labels: Map<string, Label>;
  missed: MissedError[];
}

export function readLabelFile(path: string): LabelFile {
  const out: LabelFile = { labels: new Map(), missed: [] };
  if (!existsSync(path)) return out;
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let v: Label | MissedError;
      try {
        v = JSON.parse(line) as Label | MissedError;
      } catch (e) {
        throw new Error(`${path}:${i + 1}: ${(e as Error).message}`);
      }
      if ('missed' in v) {
        if (
          v.missed !== true ||
          typeof v.text !== 'string' ||
          v.text === '' ||
          !Number.isInteger(v.line) ||
          typeof v.category !== 'string' ||
          typeof v.note !== 'string'
        ) {
          throw new Error(`${path}:${i + 1}: a missed error needs missed (true), text (non-empty string), line (integer), category and note (strings)`);
        }
        out.missed.push(v);
        return;
      }
      if (typeof v.key !== 'string' || typeof v.label !== 'boolean' || typeof v.category !== 'string') {
        throw new Error(`${path}:${i + 1}: a label needs key (string), label (boolean) and category (string)`);
      }
      out.labels.set(v.key, v);
    });
  return out;
}

export function readLabels(path: string): Map<string, Label> {
  return readLabelFile(path).labels;
}

/** Whether a finding now covers a missed error: on its line, and one text holds the other. */
export function isFlaggedNow(missed: MissedError, findings: readonly SessionFinding[]): boolean {
  return findings.some((f) => f.line === missed.line && (f.text.includes(missed.text) || missed.text.includes(f.text)));
}

/** Findings per file that are labelled: all of them up to `size`, else a sample chosen by hashing keys with a seed. */
export function sampleOf(findings: readonly SessionFinding[], size: number, seed: string): SessionFinding[] {
  if (findings.length <= size) return [...findings];
  const rank = (f: SessionFinding) => createHash('sha256').update(`${seed}\u0000${f.key}`).digest('hex');
  return [...findings].sort((a, b) => (rank(a) < rank(b) ? -1 : 1)).slice(0, size);
}
