/**
 * The stop hook replayed over a real session: every turn as if it had just
 * ended (the session cut after the turn's last line, the turn's outputs
 * checked as `groundcheck hook` checks them), and what a policy would have
 * done at that stop: block, or let it through. A block is right when one of
 * the findings it blocks on is labelled right, wrong when those labelled
 * are all labelled wrong, and unlabelled when none is.
 *
 * Each output is checked against its own causal past, so one check of the
 * whole file gives every turn's findings as they were when the turn ended
 * (the hook's kept sessions rest on the same fact, see cli/hook/heldSessions.ts).
 */
import { endedTurn, isPrompt } from '../../shared/hook/endedTurn';
import type { Transcript } from '../../shared/transcript/model';
import type { Label } from './labels';
import type { SessionFinding } from './sessionFindings';

/** One finding the hook would list: an entity of an output, with the labels of its occurrences. */
export interface StopFinding {
  rule: string;
  status: string;
  text: string;
  /** true: right, false: wrong, undefined: no occurrence labelled. */
  label: boolean | undefined;
}

export interface Stop {
  /** The turn's prompt (segment id, -1 before any). */
  prompt: number;
  /** The last segment in the file when the turn ended: the session is cut after it. */
  leaf: number;
  outputs: number;
  findings: StopFinding[];
}

export type BlockOutcome = 'right' | 'wrong' | 'unlabelled';

/** Whether a finding blocks under a policy (its rule is in the blocking set). */
export type BlockingRule = (rule: string) => boolean;

/** Every stop of the session: after the last line of each turn that has outputs, on the main agent's branch. */
export function stopsOf(t: Transcript, findings: readonly SessionFinding[], labels: ReadonlyMap<string, Label>, subAgent: boolean): Stop[] {
  const byEntity = new Map<string, SessionFinding[]>();
  for (const f of findings) {
    const key = `${f.segment}:${f.entity}`;
    const list = byEntity.get(key);
    if (list) list.push(f);
    else byEntity.set(key, [f]);
  }
  const bySegment = new Map<number, StopFinding[]>();
  for (const [key, occurrences] of byEntity) {
    const segment = Number(key.split(':')[0]);
    const labelled = occurrences.map((o) => labels.get(o.key)).find((l) => l !== undefined);
    const first = occurrences[0];
    const list = bySegment.get(segment) ?? [];
    list.push({ rule: first.rule, status: first.status, text: first.text, label: labelled?.label });
    bySegment.set(segment, list);
  }
  const stops: Stop[] = [];
  const seen = new Set<number>();
  const segments = t.segments;
  for (let id = 0; id < segments.length; id++) {
    const next = segments[id + 1];
    if (next !== undefined && !isPrompt(next)) continue;
    const turn = endedTurn({ ...t, segments: segments.slice(0, id + 1) }, subAgent);
    if (turn.outputs.length === 0 || seen.has(turn.prompt)) continue;
    seen.add(turn.prompt);
    stops.push({ prompt: turn.prompt, leaf: id, outputs: turn.outputs.length, findings: turn.outputs.flatMap((o) => bySegment.get(o) ?? []) });
  }
  return stops;
}

/** What a blocking policy does at a stop: nothing (no finding blocks), or a block that was right, wrong or unlabelled. */
export function blockAt(stop: Stop, blocks: BlockingRule): BlockOutcome | undefined {
  const blocked = stop.findings.filter((f) => blocks(f.rule));
  if (blocked.length === 0) return undefined;
  if (blocked.some((f) => f.label === true)) return 'right';
  if (blocked.some((f) => f.label === false)) return 'wrong';
  return 'unlabelled';
}
