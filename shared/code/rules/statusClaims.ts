/**
 * What a coding agent says of its own work ("All tests pass.", "The build
 * succeeds.", "Lint is clean.", "Created `src/x.ts`.") against what its
 * tools showed. A pass claim is judged by the latest run of that kind on
 * the output's branch: one after the last edit that failed (a non-zero
 * exit, "3 failed", "FAILED", "error TS2322") contradicts it, one that did
 * not grounds it, and none since the last edit leaves it unverified. A file
 * the agent says it created is unverified when no tool call before the
 * answer names it at all.
 *
 * Conservative by design: only a sentence that opens with the claim counts
 * (a question, a plan or a condition never does), one that qualifies it
 * ("except", "but", "not") is left alone, and a run only fails on markers
 * no passing run prints.
 */
import { ruleEntity } from '../../classifier/ruleEntity';
import type { Entity, Range } from '../../classifier/types';
import type { OutputSentence } from '../../refine/claims';
import type { CodeSession } from './codeVerdicts';
import { baseName, pathNames, stepCommand, type ToolStep } from '../facts';

type Kind = 'tests' | 'build' | 'lint';

interface KindRules {
  /** The claim, at the start of a sentence (after an interjection such as "Done:"). */
  claim: RegExp;
  /** A command that runs this kind of check. */
  command: RegExp;
  /** Output no passing run of this kind prints, the most telling first (a count of failures before a FAILED line). */
  failure: RegExp[];
  words: string;
}

const OPENING = String.raw`^(?:(?:now|great|done|perfect|excellent|good news|finally|and)\b[\s,:!.—–-]*)?`;

const KINDS: Record<Kind, KindRules> = {
  tests: {
    claim: new RegExp(
      `${OPENING}(?:all\\s+(?:of\\s+)?(?:the\\s+)?|the\\s+)?(?:\\d+\\s+)?(?:(?:unit|integration|e2e|new|existing|remaining)\\s+)?tests?(?:\\s+suites?)?\\s+(?:now\\s+|still\\s+)?(?:pass(?:es|ed)?|are\\s+(?:now\\s+|all\\s+)?(?:passing|green)|succeed(?:s|ed)?)\\b`,
      'i',
    ),
    command:
      /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test|npx\s+(?:jest|vitest|mocha)|jest|vitest|mocha|pytest|py\.test|(?:go|cargo|dotnet|swift|deno|mix|just)\s+test|make\s+test|rspec|phpunit|tox|ctest|gradlew?\s+test|mvnw?\s+test|python3?\s+-m\s+(?:pytest|unittest))\b/,
    failure: [/\b[1-9]\d*\s+(?:failed|failing|failures?)\b/, /^FAILED\b|^FAIL\s/m],
    words: 'test run',
  },
  build: {
    claim: new RegExp(
      `${OPENING}(?:the\\s+)?(?:build|typecheck|type\\s+check|compilation|project|code)\\s+(?:now\\s+)?(?:succeeds|succeeded|passes|passed|is\\s+(?:now\\s+)?(?:clean|green|passing|successful)|builds\\s+(?:successfully|cleanly)|compiles\\s+(?:successfully|cleanly|without\\s+errors))\\b`,
      'i',
    ),
    command:
      /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|typecheck|type-check|compile)|tsc|(?:cargo|go|dotnet|swift)\s+(?:build|check)|mvnw?\s+(?:package|compile)|gradlew?\s+build|vite\s+build|next\s+build)\b/,
    failure: [/\berror\s+TS\d+/, /\bFound\s+[1-9]\d*\s+errors?\b/, /\bBUILD\s+FAILED\b|\bBuild\s+failed\b|^error(?:\[E\d+\])?:\s/m],
    words: 'build',
  },
  lint: {
    claim: new RegExp(
      `${OPENING}(?:the\\s+)?(?:lint(?:er|ing)?|eslint|biome|ruff|clippy|flake8|pylint)\\s+(?:now\\s+)?(?:is\\s+(?:now\\s+)?clean|passes|passed|reports\\s+no\\s+(?:errors|issues|problems))\\b`,
      'i',
    ),
    command:
      /\b(?:eslint|biome\s+(?:lint|check|ci)|ruff(?:\s+check)?|flake8|pylint|clippy|golangci-lint|stylelint|rubocop|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?lint)\b/,
    failure: [/\b[1-9]\d*\s+(?:problems?|errors?)\b/, /\bFound\s+[1-9]\d*\s+errors?\b/],
    words: 'lint run',
  },
};

const CREATED = /^(?:I\s+(?:have\s+|'ve\s+)?)?(?:created|wrote|added\s+(?:a\s+)?new\s+file)\s+(?:(?:a|the)\s+)?(?:new\s+)?(?:file\s+)?`([^`\s]{1,200})`/i;
const FILE_PATH = /^[\w@~.+/-]*[\w-]\.[A-Za-z0-9]{1,8}$/;

/** Words after the claim that make it something other than a plain "it passes". */
const QUALIFIED = /\b(?:except|but|apart\s+from|other\s+than|not|never|if|once|when|should|would|will|fail\w*)\b|n't\b/i;

/** Markdown a sentence may open with: a bullet, a check mark, emphasis. */
const LEAD = /^(?:[-*+>]\s+|\d+[.)]\s+|(?:\u2705|\u2714\uFE0F?|\u2611\uFE0F?|\u{1F389})+\s*|\*\*|__)*/u;

/**
 * A line of output that reports tests passed ("All integration tests
 * passed!", "✓ 12 unit tests passed"): whatever printed it ran them. Past
 * tense and at the line's start, so advice in a file shown ("make sure the
 * tests pass") is no run.
 */
const TESTS_PASSED_REPORT = /^[^\S\n]*(?:[\u2705\u2713\u2714]\uFE0F?[^\S\n]*)?(?:[\w-]+[^\S\n]+){0,3}tests?[^\S\n]+(?:have[^\S\n]+|were[^\S\n]+)?passed\b/im;

/**
 * Files no test reads: prose documents, the agent's memory and notes among
 * them (Claude Code keeps its memory as Markdown). An edit to one cannot
 * change a test's result, so it leaves an earlier run standing.
 */
const DOCUMENT = /\.(?:md|markdown|rst|adoc)$/i;

/** Tools whose successful call changes files. */
const EDITING = /edit|write|patch|replace|insert|create|str_replace/i;
/** Tools whose input is the agent's plan or a delegation (TodoWrite), not a change to a file. */
const PLANNING = /todo|plan|task|agent/i;
const PATH_FIELDS = ['file_path', 'path', 'target_file', 'filename', 'notebook_path', 'absolute_path'];

/** The status claims of an output's claim sentences, judged; none without a session whose tools are logged. */
export function statusClaims(output: string, sentences: readonly OutputSentence[], session: CodeSession | undefined): Entity[] {
  if (!session?.toolsLogged) return [];
  const out: Entity[] = [];
  for (const s of sentences) {
    if (s.kind !== 'claim') continue;
    const text = output.slice(s.span[0], s.span[1]);
    const lead = LEAD.exec(text)?.[0].length ?? 0;
    const body = text.slice(lead);
    const start = s.span[0] + lead;
    const entity = passClaim(body, start, session) ?? createdClaim(body, start, session);
    if (entity) out.push(entity);
  }
  return out;
}

function passClaim(body: string, start: number, session: CodeSession): Entity | undefined {
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const rules = KINDS[kind];
    const m = rules.claim.exec(body);
    if (!m || QUALIFIED.test(body.slice(m[0].length))) continue;
    const entity = claimEntity(m[0], [start, start + m[0].length]);
    judgeRun(entity, kind, session);
    return entity;
  }
  return undefined;
}

/** By the latest run of the kind, if it came after the last edit. */
function judgeRun(entity: Entity, kind: Kind, session: CodeSession): void {
  const rules = KINDS[kind];
  // A command whose output counted tests, or reports them passing, ran them, whatever the runner is called.
  const counted =
    kind === 'tests'
      ? new Set(
          session.view
            .tallies()
            .filter((t) => t.noun === 'tests')
            .map((t) => t.segment),
        )
      : new Set<number>();
  let edit: ToolStep | undefined;
  for (const step of session.view.steps()) {
    const command = stepCommand(step);
    if (command !== undefined && (rules.command.test(command) || (step.result !== undefined && reportsTests(kind, step.result, counted, session)))) {
      if (edit) {
        unverified(
          entity,
          `no ${rules.words} since the last edit (${edit.call.name} of ${pathOf(edit) ?? 'a file'}); the latest \`${short(command)}\` ran before it`,
        );
        return;
      }
      // A run whose result never came back shows nothing either way.
      if (step.result === undefined) return;
      const text = session.text(step.result);
      const failure = firstMatch(rules.failure, text);
      const part = session.partOf(step.result);
      if (failure || !step.call.succeeded) {
        if (part === -1) return;
        const at = failure ? failure.index : 0;
        const end = failure ? at + failure[0].length : Math.min(text.length, lineEnd(text, 0));
        entity.status = 'contradicted';
        entity.contradiction = { value: failure ? failure[0].trim() : 'a failed run', match: { part, start: at, end } };
        entity.detail = `the latest ${rules.words} (\`${short(command)}\`) ${failure ? `printed '${failure[0].trim()}'` : 'exited with an error'}`;
        entity.settled = true;
        return;
      }
      if (part === -1) return;
      groundOnFirstLine(entity, part, text);
      return;
    }
    if (!edit && isEdit(step) && !(kind === 'tests' && DOCUMENT.test(pathOf(step) ?? ''))) edit = step;
  }
  unverified(
    entity,
    edit ? `no ${rules.words} since the last edit (${edit.call.name} of ${pathOf(edit) ?? 'a file'})` : `no ${rules.words} in the session before this answer`,
  );
}

/** For tests: a result that counted tests, or that reports them passing. */
function reportsTests(kind: Kind, result: number, counted: ReadonlySet<number>, session: CodeSession): boolean {
  return kind === 'tests' && (counted.has(result) || TESTS_PASSED_REPORT.test(session.text(result)));
}

/** Grounded by a tool result, pointing at its first line. */
function groundOnFirstLine(entity: Entity, part: number, text: string): void {
  const end = Math.min(text.length, Math.max(1, lineEnd(text, 0)));
  entity.status = 'grounded';
  entity.found = true;
  entity.matches = [{ part, start: 0, end }];
  entity.locations = [[0, end]];
  entity.settled = true;
}

function createdClaim(body: string, start: number, session: CodeSession): Entity | undefined {
  const m = CREATED.exec(body);
  if (!m || !FILE_PATH.test(m[1])) return undefined;
  const path = m[1];
  const base = baseName(path).toLowerCase();
  for (const step of session.view.steps()) {
    const named = pathOf(step);
    if (named !== undefined && isEdit(step) && (pathNames(path, named) || pathNames(named, path))) {
      const entity = claimEntity(m[0], [start, start + m[0].length]);
      if (step.result === undefined) return undefined;
      const part = session.partOf(step.result);
      if (part === -1) return undefined;
      groundOnFirstLine(entity, part, session.text(step.result));
      return entity;
    }
    // A command or a patch that names the file may well have made it.
    if (
      JSON.stringify(step.call.input ?? '')
        .toLowerCase()
        .includes(base)
    )
      return undefined;
  }
  const entity = claimEntity(m[0], [start, start + m[0].length]);
  unverified(entity, `no tool call before this answer names ${path}`);
  return entity;
}

function claimEntity(text: string, span: Range): Entity {
  return ruleEntity(text, 'status', span, 'status-claims', text.toLowerCase());
}

function unverified(entity: Entity, detail: string): void {
  entity.status = 'unverified';
  entity.found = false;
  entity.detail = detail;
  entity.settled = true;
}

/** A successful call of an editing tool that names the file it changed. */
function isEdit(step: ToolStep): boolean {
  const name = step.call.name;
  return step.call.succeeded && EDITING.test(name) && !PLANNING.test(name) && !/read|view|search|grep|glob/i.test(name) && pathOf(step) !== undefined;
}

function pathOf(step: ToolStep): string | undefined {
  const input = step.call.input as Record<string, unknown> | undefined;
  for (const field of PATH_FIELDS) {
    const v = input?.[field];
    if (typeof v === 'string' && v !== '') return v;
  }
  const patch = input?.patch ?? input?.input;
  if (typeof patch === 'string') return /\*\*\* (?:Add|Update) File: ([^\n]+)/.exec(patch)?.[1]?.trim();
  return undefined;
}

function firstMatch(patterns: readonly RegExp[], text: string): RegExpExecArray | null {
  for (const p of patterns) {
    const m = p.exec(text);
    if (m) return m;
  }
  return null;
}

function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl;
}

function short(command: string): string {
  const flat = command.replace(/\s+/g, ' ').trim();
  return flat.length <= 60 ? flat : `${flat.slice(0, 59)}…`;
}
