/**
 * "US1 (10 tasks), US2 (8 tasks)": a count of tasks named for a tag that
 * a task list puts on its checkbox lines (`- [ ] T006 [P] [US1] …`). The
 * tag says which group the count counts, and the list the session last
 * showed whole says how many lines carry it: a figure that differs is
 * contradicted by that list, one that agrees grounds it.
 *
 * Left alone: a tag no whole list before the turn carries (a list shown in
 * part may cut a group short), and a list some later tool call names
 * (an edit, a rewrite by a script, a partial read: the file may have
 * changed since it was shown whole, and which version the turn counts
 * cannot be told). Rough figures and bounds are no counts of a group. A
 * count of a part of the group (its lines that carry another tag too,
 * `[P]` for those that run in parallel, or its ticked or open ones) agrees
 * with the list as well; and a line that says it counts a part ("remaining",
 * "done", or "parallel" where no other tag marks those) is left alone.
 *
 * Work per claim: one look back over a bounded number of whole lists, and
 * over a bounded number of the tool calls since.
 */
import type { Entity, ExtractedEntity } from '../../classifier/types';
import { baseName } from '../facts';
import type { CodeSession } from './codeVerdicts';
import { isRough } from './fileLengths';

/** The noun right after the figure: tasks, in the singular or plural, with emphasis marks around. */
const TASKS_AFTER = /^\**\s?tasks?\b/i;
/** The tag right before the figure on its line ("US1 (", "US2: ", "**US3** — "): a short capitalised word with a number. */
const TAG_BEFORE = /(?:^|[^\w-])([A-Z][A-Za-z]{0,5}-?\d{1,3})\**\s*[(:=—–-]?\s*\**\s*$/;
/** Words on the line before a count that make it a part of the group, which the list may not tell apart. */
const NARROWING = /\b(?:remaining|left|done|complete|completed|finished|pending|blocked|new|added|removed|more|only|still|in progress|todo|to do)\b/i;
/** Words that count the tasks that may run in parallel: a part the list tells apart only by a tag of its own (`[P]`). */
const PARALLEL = /\bparallel/i;
/** Characters before the figure read for its tag. */
const TAG_REACH = 24;
/** Tool calls since the list walked back for one that names its file. */
const MAX_STEPS = 200;

/** Judges counts of tasks named for a tag by the latest whole task list carrying that tag. */
export function checklistCounts(output: string, extracted: readonly ExtractedEntity[], entities: Entity[], session: CodeSession | undefined): void {
  if (!session) return;
  entities.forEach((entity, i) => {
    if (entity.type !== 'number' || entity.status === 'contradicted' || entity.settled || extracted[i].code) return;
    const digits = /^\d{1,4}(?![\d.,:/])/.exec(output.slice(entity.span[0], entity.span[1] + 1));
    if (!digits || isRough(output, entity.span)) return;
    const figureEnd = entity.span[0] + digits[0].length;
    if (!TASKS_AFTER.test(output.slice(figureEnd, figureEnd + 12).trimStart())) return;
    const lineStart = output.lastIndexOf('\n', entity.span[0] - 1) + 1;
    const tag = TAG_BEFORE.exec(output.slice(Math.max(lineStart, entity.span[0] - TAG_REACH), entity.span[0]))?.[1];
    if (tag === undefined) return;
    const list = session.view.checklist(tag);
    const group = list?.tags.get(tag);
    if (!list || !group || namedSince(session, list.segment, baseName(list.file))) return;
    const part = session.partOf(list.segment);
    if (part === -1) return;
    const n = Number(digits[0]);
    const match = { part, start: group.start, end: group.end };
    // "Parallel opportunities: US1 (6 tasks)": a count of the group's lines that carry another tag too, or of those ticked or not, is of a part.
    if (group.count === n || group.checked === n || group.count - group.checked === n || [...group.withTag.values()].includes(n)) {
      entity.settled = true;
      entity.found = true;
      entity.status = 'grounded';
      entity.matches = [match];
      entity.locations = [[match.start, match.end]];
      return;
    }
    const before = output.slice(lineStart, entity.span[0]);
    if (NARROWING.test(before) || (group.withTag.size === 0 && PARALLEL.test(before))) return;
    entity.settled = true;
    entity.found = false;
    entity.matches = [];
    entity.locations = [];
    entity.status = 'contradicted';
    entity.contradiction = { value: entity.text.replace(new RegExp(`(?<![0-9])${n}(?![0-9])`), String(group.count)), match };
    entity.detail = `${list.file} has ${group.count} task${group.count === 1 ? '' : 's'} tagged [${tag}]`;
  });
}

/** Each output's answers, by list and name: a turn counting several groups of one list walks back once. */
const answered = new WeakMap<CodeSession, Map<string, boolean>>();

/** Whether a tool call after `segment` (and before the turn) names the file: it may have changed it since. */
function namedSince(session: CodeSession, segment: number, name: string): boolean {
  let memo = answered.get(session);
  if (!memo) answered.set(session, (memo = new Map()));
  const key = `${segment}\n${name}`;
  let named = memo.get(key);
  if (named === undefined) memo.set(key, (named = walkNamedSince(session, segment, name)));
  return named;
}

function walkNamedSince(session: CodeSession, segment: number, name: string): boolean {
  let seen = 0;
  for (const step of session.view.steps()) {
    if (++seen > MAX_STEPS) return true;
    if ((step.call.segments[0] ?? -1) <= segment) return false;
    if (JSON.stringify(step.call.input ?? '').includes(name)) return true;
  }
  return false;
}
