/**
 * The findings groundcheck reports for one session file, each with a key
 * that survives changes to the classifier (the entity's type, normalized
 * value and neighbouring words, as the editor's ignore keys are) and with
 * the raw range it squiggles.
 */
import { checkTranscript, type TranscriptCheck } from '../../shared/check/checkTranscript';
import { occurrenceKey } from '../../shared/check/ignores';
import { entityRawRanges } from '../../shared/check/rawRanges';
import type { EntityStatus, EntityType, Range } from '../../shared/classifier/types';
import { isFinding } from '../../shared/classifier/findingStatus';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';

export interface SessionFinding {
  /** `type:hash` of the value and its neighbouring words; `#n` added when one output repeats it. */
  key: string;
  /** 1-based line of the raw file. */
  line: number;
  text: string;
  type: EntityType;
  status: EntityStatus;
  /** The rule that decided the verdict. */
  rule: string;
  detail?: string;
  /** Raw range of the occurrence. */
  raw: Range;
  /** The output segment it is in, and the entity's index among that output's entities. */
  segment: number;
  entity: number;
  /** The output's sentence around it, for reading. */
  around: string;
}

export interface SessionCheck {
  format: string;
  outputs: number;
  findings: SessionFinding[];
  indeterminate: number;
  grounded: number;
  /** The whole check, for re-checking single outputs against its index. */
  check: TranscriptCheck;
}

export function checkSession(raw: string, path?: string, rules?: Readonly<Record<string, 'on' | 'off'>>): SessionCheck {
  const parsed = parseTranscript({ raw, ...(path ? { path } : {}) });
  if (isNotTranscript(parsed)) throw new Error(`not a transcript: ${parsed.reason}`);
  const check = checkTranscript(parsed, { profile: 'refined', ...(rules ? { rules } : {}) });
  const findings: SessionFinding[] = [];
  const lines = new LineIndex(raw);
  const seen = new Map<string, number>();
  let indeterminate = 0;
  let grounded = 0;
  for (const o of check.outputs) {
    const text = parsed.segments[o.segment].text;
    o.result.entities.forEach((e, entityIndex) => {
      if (e.status === 'indeterminate') indeterminate++;
      if (e.status === 'grounded') grounded++;
      if (!isFinding(e.status)) return;
      for (const occ of e.occurrences) {
        const base = `${e.type}:${occurrenceKey(e.type, e.normalized, text, occ[0], occ[1])}`;
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        const rawRange = entityRawRanges(parsed, o.segment, occ);
        findings.push({
          key: n === 1 ? base : `${base}#${n}`,
          line: lines.lineOf(rawRange[0]) + 1,
          text: text.slice(occ[0], occ[1]),
          type: e.type,
          status: e.status,
          rule: e.rule ?? 'not-in-context',
          ...(e.detail ? { detail: e.detail } : {}),
          raw: rawRange,
          segment: o.segment,
          entity: entityIndex,
          around: sentenceAround(text, occ),
        });
      }
    });
  }
  return { format: parsed.format, outputs: check.outputs.length, findings, indeterminate, grounded, check };
}

/** About a sentence on each side of the occurrence, on one line. */
function sentenceAround(text: string, [s, e]: Range): string {
  const from = Math.max(0, s - 160);
  const to = Math.min(text.length, e + 160);
  return `${from > 0 ? '…' : ''}${text.slice(from, s)}⟦${text.slice(s, e)}⟧${text.slice(e, to)}${to < text.length ? '…' : ''}`.replace(/\s+/g, ' ');
}
