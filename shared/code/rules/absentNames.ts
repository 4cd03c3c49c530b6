/**
 * A name a program defines (`reconcileAll`, `parse_config`, `Ledger.settle()`)
 * that an agent's turn states, and that nothing in the session before the
 * turn ever spelt, in any case, on any branch: not a prompt, a tool's input
 * or output, an edit the agent made, nor an earlier turn of its own.
 *
 * Why this is a finding although the log omits the system prompt: that
 * prompt is known to hold the agent's tool names and environment lines, not
 * the project's functions; the tool names are listed below, and everything
 * else a code name could come from (a file read, a search, an edit) is in
 * the log. So only gaps that hide the material code names come from (files
 * a Markdown chat never recorded, a prompt a stream omits) excuse it, and
 * compaction does not: the turns it summarised are still earlier in the file.
 * The prompt is also known to hold the project's instruction files
 * (`CLAUDE.md`, `AGENTS.md`: the gap names them), so naming one of those is
 * excused too.
 *
 * Only names written as code count: a backticked name or chain, or a call
 * (`settle()`), shaped like code (camelCase, snake_case, a call). A plain word
 * in backticks may be prose, a value or a flag; a product written in camel
 * case in prose ("PowerShell") is a name, not code; neither says anything by
 * its absence. And a name the turn proposes or says is missing ("add a
 * `retryAll()`", "missing endpoints: `get_ads`") claims nothing exists.
 */
import type { ContextGap, Entity, ExtractedEntity, Range } from '../../classifier/types';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { FindOptions } from '../../lookup/contextIndex';
import { type OutputSentence, ownCodeRanges, sentenceIndexAt } from '../../refine/claims';
import { instructionFilesHidden } from '../../transcript/formats/contextGaps';
import { type ProseLanguage, proseLanguage } from '../../text/proseLanguage';
import { startsAfterExampleMark } from '../../text/sentences';
import { foreignCue } from './foreignCues';
import { namesBlock } from './blockNames';
import { baseName, isKnownExtension } from '../facts';

/**
 * Tools the agents' own system prompts define, which a turn may name without
 * ever calling them (Claude Code's, Codex's, Gemini CLI's and Cline's built-in
 * tools).
 */
// biome-ignore format: a list of words or values reads best packed
const AGENT_TOOL_NAMES = new Set(
  [
    'Agent', 'AskUserQuestion', 'Bash', 'BashOutput', 'Edit', 'EnterPlanMode', 'ExitPlanMode', 'Glob', 'Grep', 'KillBash',
    'KillShell', 'LS', 'ListMcpResourcesTool', 'MultiEdit', 'NotebookEdit', 'NotebookRead', 'Read', 'ReadMcpResourceTool',
    'SlashCommand', 'Skill', 'Task', 'TaskOutput', 'TodoRead', 'TodoWrite', 'WebFetch', 'WebSearch', 'Write',
    'apply_patch', 'exec_command', 'grep_files', 'list_dir', 'list_mcp_resources', 'local_shell', 'read_file',
    'read_mcp_resource', 'shell', 'shell_command', 'update_plan', 'view_image', 'web_search', 'write_stdin',
    // Gemini CLI's built-in tools.
    'google_web_search', 'list_directory', 'read_many_files', 'replace', 'run_shell_command', 'save_memory',
    'search_file_content', 'web_fetch', 'write_file', 'write_todos',
    // Cline's built-in tools, which it calls in XML tags its history keeps but whose definitions only its prompt holds.
    'access_mcp_resource', 'ask_followup_question', 'attempt_completion', 'browser_action', 'execute_command',
    'list_code_definition_names', 'list_files', 'load_mcp_documentation', 'new_task', 'plan_mode_respond',
    'replace_in_file', 'search_files', 'use_mcp_tool', 'write_to_file',
  ].map((n) => n.toLowerCase()),
);

/** Gap codes that do not hide where a project's code names come from. */
const NAME_NEUTRAL_GAPS = new Set([
  'system-prompt-not-logged',
  'instructions-not-logged',
  'tool-schemas-not-logged',
  'tool-schemas-missing',
  'skills-not-logged',
  'compacted-history',
]);

/** The shortest name read as code: shorter ones (`id`, `fn`) are too common to say anything by their absence. */
const MIN_NAME = 4;

/** Components of a qualified name or call: `a.b`, `A::b`, `A#b`, `b(x)`. */
const COMPONENTS = /[A-Za-z_$][\w$]*/g;

/** The name of a naming convention (`snake_case`, `camelCase`, `kebab-case`): a word about code, shaped like code. */
const NAMING_STYLE = /^(?:lower|upper|screaming)?[_-]?(?:snake|camel|pascal|kebab|train|flat|constant|macro|cobol|dot|title|sentence|upper|lower)[_-]?case$/i;

/** One name or a chain of them, maybe called: the whole of what a claim about a name writes. */
const NAME_CHAIN = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*(?:\([^()]*\))?$/;

/**
 * Words by which a sentence, or the line that introduces its list, proposes or supposes that something exists.
 * The agent's own making in progress ("I'm creating `auth.md`") is among them: what it is making does not exist yet.
 */
const PROPOSING =
  /\b(?:(?:i'm|i am|we're|we are)\s+(?:now\s+)?(?:creating|adding|writing|introducing|defining|implementing|building|drafting|generating|scaffolding)|should|would|could|can|might|may|must|need(?:s|ed)? to|will|shall|consider|recommend(?:ed|s)?|suggest(?:ed|s)?|propose[ds]?|e\.g(?=\.)|for example|such as|for instance|(?:something|anything) like|if|todo|next steps?|want|to (?:define|add|create|implement|introduce|write|build))\b|'ll\b|'d\b/i;

/** Words by which it denies that something exists. A plain negation ("the test wasn't calling `add()`") still presupposes it. */
const DENYING =
  /\b(?:missing|lack(?:s|ing)?|absent|no|not (?:yet )?(?:\w+ly )?(?:exist|have|contain|include|define|implement|find|found|defined|implemented|present|there|available|supported|added|created|exported|included))\b|n't (?:yet )?(?:\w+ly )?(?:exist|have|contain|include|define|implement|find|found|defined|implemented|present|there|available|supported|added|created|exported|included)\b/i;

/** Either: what such a sentence names need not exist. */
const NOT_REPORTING = new RegExp(`${PROPOSING.source}|${DENYING.source}`, 'i');

/** Where a clause ends: a denial past it is about something else ("`toMoney` writes cents, so no rounding"). */
const CLAUSE_BREAK = /[,;:()\u2013\u2014]|\s(?:and|but|so|while|whereas|because)\s/;

/**
 * Where a clause that may open with its own verb starts: after punctuation
 * ("…: copy `a.md`", "…; state that …"). A clause after "and" or "so" shares
 * the subject before it ("You install it and then use its `X`"): no
 * instruction.
 */
const INSTRUCTION_CLAUSE_BREAK = /[,;:()\u2013\u2014]/g;

/**
 * A sentence or clause opening with a verb in its bare form (after a list
 * marker or bold) and then its object, as instructions do: "Copy `a.md`
 * into …", "**Keep** your notes", "copy or include the file". The object
 * tells the verb from a noun opening a label ("State management for: …").
 * Verbs whose past is spelt the same ("read", "set", "put") are left out: a
 * terse report opens with them too ("Read `a.md`, fixed …"); so is "see",
 * which cites a place that exists ("(see `a.ts`)").
 */
const IMPERATIVE =
  /^\s*(?:(?:[-*+\u2022]|\d{1,3}[.)])\s+)?(?:\*\*|__)?(?:(?:or|then|now|just|please|also|first|next|finally)\s+)?(?:add|create|run|use|copy|keep|replace|install|update|move|rename|delete|remove|point|feed|include|change|make|write|open|edit|call|import|define|implement|configure|enable|disable|try|check|ensure|consider|do|state|wrap|pass|mark|start|stop|restart|switch|place|append|insert|register|store|save|load|fetch|send|refactor|extract|verify|review|build|deploy|commit|push|pull|clone|download|upload|paste|type|click|select|go|navigate|follow|look|remember|avoid|prefer|drop|give|tell|ask)(?:\*\*|__)?\s+(?:\w+ly\s+)?(?:(?:or|and)\s+\w+\s+)?(?:`|(?:the|a|an|your|its|their|this|that|these|those|it|them|each|every|all|any|some|both)\b)/i;

/** Where the last match of a global `pattern` in `text` ends (0 when none does). */
function lastMatchEnd(text: string, pattern: RegExp): number {
  let end = 0;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    end = m.index + m[0].length;
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return end;
}

/** A file written as the place a sentence looks in ("listed in `a.md`", "missing from `b.json`"): a denial there is about what the file holds, and presupposes the file. */
const AS_PLACE = /\b(?:in|from|of) `?$/;

/** Languages that end their sentences with full-width punctuation, which the sentence splitter does not read. */
const UNSPACED: ReadonlySet<ProseLanguage> = new Set(['zh', 'ja']);

/** Farthest back the line introducing a list item is looked for. */
const LEAD_IN_REACH = 2000;

/** Shaped like a name a program defines rather than a word: camelCase, snake_case, or called. */
export function isCodeShaped(name: string, called: boolean): boolean {
  if (name.length < MIN_NAME || /^[A-Z0-9_$]+$/.test(name)) return false;
  if (called) return true;
  return /[a-z0-9][A-Z]/.test(name) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(name);
}

/** Whether the turn's gaps leave code names checkable. */
export function namesCheckable(gaps: readonly ContextGap[]): boolean {
  return gaps.every((g) => NAME_NEUTRAL_GAPS.has(g.code) || (g.affects !== 'all' && !g.affects.includes('identifier')));
}

/**
 * Marks identifiers no earlier text of the session holds. `before` bounds
 * the search at the turn; no `accept` filter, so a name on another branch or
 * before a rewind still counts as seen.
 */
export function markAbsentNames(
  output: string,
  sentences: readonly OutputSentence[],
  claimed: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  before: number | undefined,
  gaps: readonly ContextGap[],
  on: { names: boolean; files: boolean; misnamedFiles?: boolean },
  blockTokens: readonly Entity[] = [],
): Entity[] {
  if (!namesCheckable(gaps)) return [];
  const seen = new Map<string, boolean>();
  const speltAsToken = (name: string) => index.find(name, { strict: true, limit: 1, ...(before !== undefined ? { before } : {}) }).length > 0;
  const spelt = (name: string) => {
    const key = name.toLowerCase();
    let hit = seen.get(key);
    if (hit === undefined) {
      const opts: FindOptions = { strict: false, limit: 1, ...(before !== undefined ? { before } : {}) };
      hit = AGENT_TOOL_NAMES.has(key) || index.find(name, opts).length > 0;
      seen.set(key, hit);
    }
    return hit;
  };
  // Code the turn itself shows in a fenced block is its own: a name it defines there and then mentions is no claim about the project.
  // Read only for a turn with a candidate.
  let fencedLower: string | undefined;
  const inOwnCode = (name: string) => (fencedLower ??= fencedText(output).toLowerCase()).includes(name.toLowerCase());
  const files: { e: Entity; name: string }[] = [];
  const names: { e: Entity; name: string }[] = [];
  const loadedBy = instructionFilesOf(gaps);
  entities.forEach((e, i) => {
    if (e.found || e.status !== 'unverified' || e.settled) return;
    const code = claimed[i]?.code;
    // Unknown files are gathered even with their rule off: a turn naming several unknowns lays out new work, whichever rule would judge them.
    if (code?.kind === 'file' && code.path !== undefined && e.rule === 'file-lines') {
      const name = baseName(code.path);
      if (!plainFileName(e.text, code.path, name) || spelt(name)) return;
      const machineFolder = folderOnTheMachine(code.path);
      if (machineFolder !== undefined && (machineFolder === '' || !spelt(machineFolder))) return;
      const agent = loadedBy.get(name.toLowerCase());
      if (agent !== undefined) {
        // The gap leaves it unchecked; the detail says why it is no invention.
        e.detail = `${name} is never named in the log, but ${agent} loads it into the system prompt the log leaves out`;
        return;
      }
      files.push({ e, name });
      return;
    }
    // A command run as a script (`manage.sh start`) names the script's file: a script nothing named was never run.
    const script = code?.kind === 'code' ? scriptOf(e.text) : undefined;
    if (script !== undefined) {
      if (!spelt(script)) files.push({ e, name: script });
      return;
    }
    // Unknown names are gathered and judged whatever their rules say: a name's rule being off leaves it unchecked with
    // that rule's detail (see `judge`), so the user still sees that nothing spelt it. They also tell absent-files a turn
    // laying out new work. misnamed-files and misnamed-names judge only what extends a known one, which a count of
    // unknowns never drops.
    if (e.type !== 'identifier' || code?.kind === 'file' || !writtenAsName(e.text)) return;
    const absent = absentComponent(e.text, spelt);
    if (absent !== undefined) names.push({ e, name: absent });
  });
  // A token of a quoted block that differs from the passage it quotes (the block is found mostly verbatim, so it is a quote, not new code).
  const quoted = new Set<Entity>();
  if (on.names) {
    for (const b of blockTokens) {
      if (!isCodeShaped(b.text, false) || !/^[A-Za-z_$][\w$]*$/.test(b.text) || spelt(b.text)) continue;
      names.push({ e: b, name: b.text });
      quoted.add(b);
    }
  }
  const added: Entity[] = [];
  // One unknown among names and files the session knows stands out; a turn naming several is laying out new work (a design, a plan, a list of what is missing).
  // Except a name that extends, by one word, a name the session spells (`sendInviteData` after `sendInvite`): it tells what it
  // refers to, a thing the session showed, so it is that thing misnamed and not new work, however many unknowns stand beside it.
  const known = new Map<Entity, string>();
  for (const f of files) setKnown(known, f.e, speltBase(f.name, true, spelt));
  for (const n of names) if (!quoted.has(n.e)) setKnown(known, n.e, speltBase(n.name, false, speltAsToken));
  if (distinct(files) + distinct(names) !== 1) {
    keepOnly(files, known);
    keepOnly(names, known);
    if (files.length + names.length === 0) return added;
  }
  // Whether a sentence reports or proposes is read from its words: a turn in a language the rule cannot read gets no verdict.
  const language = proseLanguage(output);
  if (language === undefined) return added;
  if ((on.files || on.misnamedFiles) && files.length > 0) {
    for (const { e, name } of files) {
      // A sibling of a file the session names tells which file it means: that file, misnamed. Turned on, absent-files takes all.
      const misnamed = !on.files && on.misnamedFiles === true && known.has(e);
      if (!misnamed && !on.files) continue;
      if (namesBlock(output, e.span) || isArgument(output, e.span[0]) || inOwnCode(name) || !reportsFile(output, sentences, e.span, language)) continue;
      settle(e, misnamed ? 'misnamed-files' : 'absent-files', `no file named ${name} occurs anywhere in the session before this turn${knownNote(known, e)}`);
    }
  }
  if (names.length > 0) {
    for (const { e, name } of names) {
      if (quoted.has(e)) {
        settle(e, 'absent-names', `\`${name}\` occurs nowhere in the session before this turn; ${e.detail ?? 'the block quotes code the session showed'}`);
        e.status = 'unverified';
        delete e.contradiction;
        added.push(e);
        continue;
      }
      // A name one word off one the session spells tells which thing it means: that thing, misnamed. Turned on, absent-names takes all.
      const misnamed = !on.names && known.has(e);
      if (inOwnCode(name) || !reports(output, sentences, e.span, language)) continue;
      settle(e, misnamed ? 'misnamed-names' : 'absent-names', `\`${name}\` occurs nowhere in the session before this turn${knownNote(known, e)}`);
    }
  }
  return added;
}

/** The instruction files the turn's missing system prompt is known to hold, by lower-cased file name, with the agent that loads them. */
function instructionFilesOf(gaps: readonly ContextGap[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of gaps) {
    const loaded = instructionFilesHidden(g);
    if (loaded) for (const name of loaded.names) out.set(name.toLowerCase(), loaded.agent);
  }
  return out;
}

function setKnown(known: Map<Entity, string>, e: Entity, base: string | undefined): void {
  if (base !== undefined) known.set(e, base);
}

/** Keeps, in place, the unknowns that extend a name the session spells. */
function keepOnly(found: { e: Entity }[], known: ReadonlyMap<Entity, string>): void {
  const kept = found.filter((f) => known.has(f.e));
  found.length = 0;
  found.push(...kept);
}

function knownNote(known: ReadonlyMap<Entity, string>, e: Entity): string {
  const base = known.get(e);
  return base === undefined ? '' : `; the session spells \`${base}\``;
}

/** Words of a name: camelCase humps, and runs between `_`, `-` and `.`. */
function wordsOf(name: string): string[] {
  return name.split(/[_\-.]+|(?<=[a-z0-9])(?=[A-Z])/).filter((w) => w.length > 0);
}

/**
 * A name shaped like code that the session spells and that `name` extends by
 * one word at either end (`sendInvite` for `sendInviteData`, `math_utils.py`
 * for `math_utils_v2.py`, `upload.ts` for `upload_retry.ts`), if any. A code
 * name of one word (`Element` in `addElement`) is a plain word, which names
 * nothing in particular; a file's name is specific with its extension.
 */
function speltBase(name: string, file: boolean, spelt: (n: string) => boolean): string | undefined {
  let stem = name;
  let extension = '';
  if (file) {
    const dot = name.indexOf('.');
    if (dot <= 0) return undefined;
    stem = name.slice(0, dot);
    extension = name.slice(dot);
  }
  const words = wordsOf(stem);
  // A file's name with its extension is specific however plain its stem (`upload.ts`); a code name of one word is a word.
  if (words.length < (file ? 2 : 3)) return undefined;
  const secondAt = stem.indexOf(words[1], words[0].length);
  const lastAt = stem.lastIndexOf(words[words.length - 1]);
  for (const slice of [stem.slice(secondAt), stem.slice(0, lastAt).replace(/[_\-.]+$/, '')]) {
    // A code name keeps its kind: the session must spell the base as a whole token with the name's initial case, so
    // `tryParseConfig` extends `parseConfig`, while `addTrackedAsset` beside a type `TrackedAsset` is a new function on it.
    const base = file ? slice : withInitialCaseOf(slice, name);
    if (file ? base.length < MIN_NAME : !isCodeShaped(base, false)) continue;
    if (spelt(base + extension)) return base + extension;
  }
  return undefined;
}

/** `word` with the case of `model`'s first letter. */
function withInitialCaseOf(word: string, model: string): string {
  const first = model[0] === model[0].toUpperCase() ? word[0].toUpperCase() : word[0].toLowerCase();
  return first + word.slice(1);
}

function distinct(found: readonly { name: string }[]): number {
  return new Set(found.map((f) => f.name.toLowerCase())).size;
}

function settle(e: Entity, rule: string, detail: string): void {
  e.rule = rule;
  e.settled = true;
  e.detail = detail;
}

/** Characters of a path a reader would take for one: no spaces, placeholders, globs or other scripts' punctuation. */
const PLAIN_PATH = /^[A-Za-z0-9_./\\@+~-]+$/;

/**
 * Its folders may also hold a web router's brackets and parentheses
 * (`app/(admin)/[...slug]/`): literal folder names, which leave the file's
 * own name as plain as it is.
 */
const PLAIN_FOLDERS = /^[A-Za-z0-9_./\\@+~()[\]-]*$/;

/**
 * The entity is the path and nothing else (a command holding a path claims
 * the command), written plainly, and names a file by a known extension: a
 * slash between words ("read/write/delete") is no path.
 */
function plainFileName(text: string, path: string, name: string): boolean {
  const inner = text.startsWith('`') && text.endsWith('`') ? text.slice(1, -1) : text;
  if (!inner.startsWith(path) || !path.endsWith(name) || name.length < MIN_NAME) return false;
  if (!PLAIN_PATH.test(name) || !PLAIN_FOLDERS.test(path.slice(0, path.length - name.length))) return false;
  const dot = name.lastIndexOf('.');
  return dot > 0 && isKnownExtension(name.slice(dot + 1).toLowerCase());
}

/**
 * For a path from the user's home or an environment variable
 * (`~/.config/app/settings.json`, `%APPDATA%\\App\\x.json`, `$HOME/.npmrc`),
 * its folder below that root (`.config/app`; empty for a file right in it).
 * Such a path names where a program keeps its files on any machine, as its
 * documentation says; it is a file the session could have shown only when
 * the session names that folder.
 */
function folderOnTheMachine(path: string): string | undefined {
  const root = /^(?:~|%[A-Za-z_]\w*%|\$\{?[A-Za-z_]\w*\}?)[\\/]/.exec(path);
  if (!root) return undefined;
  const rest = path.slice(root[0].length);
  const cut = Math.max(rest.lastIndexOf('/'), rest.lastIndexOf('\\'));
  return cut < 0 ? '' : rest.slice(0, cut);
}

/** The file name of the script a backticked command runs (`./manage.sh start`), when its first word is a plain path to one. */
function scriptOf(text: string): string | undefined {
  if (!text.startsWith('`') || !text.endsWith('`')) return undefined;
  const inner = text.slice(1, -1);
  const space = inner.indexOf(' ');
  if (space <= 0 || inner.slice(space).trim() === '') return undefined;
  const program = inner.slice(0, space);
  const name = baseName(program);
  return plainFileName(program, program, name) ? name : undefined;
}

/** The value of a command-line option (`--pdl your.yaml`): an example invocation names a file to use, not one that exists. */
function isArgument(output: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (output[i] === ' ' || output[i] === '`')) i--;
  const end = i + 1;
  while (i >= 0 && output[i] !== ' ' && output[i] !== '\n') i--;
  // `-o` or `--out`; a lone `-` is a list's bullet.
  return output[i + 1] === '-' && end > i + 2 && /[A-Za-z-]/.test(output[i + 2]);
}

function fencedText(output: string): string {
  if (!output.includes('```') && !output.includes('~~~') && !output.includes('</')) return '';
  return ownCodeRanges(output)
    .map(([s, e]) => output.slice(s, e))
    .join('\n');
}

/** The first code-shaped component of the entity that nothing spelt, if any. */
function absentComponent(text: string, spelt: (name: string) => boolean): string | undefined {
  if (NAMING_STYLE.test(text.replace(/^`+|`+$/g, ''))) return undefined;
  const trimmed = text.replace(/^`+|`+$/g, '');
  // Arguments are the call's own values, not names it claims exist.
  const paren = trimmed.indexOf('(');
  const head = paren >= 0 ? trimmed.slice(0, paren) : trimmed;
  const names = head.match(COMPONENTS) ?? [];
  for (let i = 0; i < names.length; i++) {
    const called = paren >= 0 && i === names.length - 1;
    if (isCodeShaped(names[i], called) && !spelt(names[i])) return names[i];
  }
  return undefined;
}

/** A backticked name or chain, a call, or a snake_case name, and not a file name. */
function writtenAsName(text: string): boolean {
  const backticked = text.startsWith('`') && text.endsWith('`') && text.length > 2;
  const inner = backticked ? text.slice(1, -1) : text;
  if (!NAME_CHAIN.test(inner)) return false;
  const called = inner.endsWith(')');
  // In prose, only snake_case is surely code: camel case is also how products are spelt ("PowerShell", "macOS").
  if (!backticked && !called && !/^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(inner)) return false;
  if (called) return true;
  const dot = inner.lastIndexOf('.');
  return dot < 0 || !isKnownExtension(inner.slice(dot + 1).toLowerCase());
}

/** The text proposes, supposes or denies that what it names exists, rather than report it. */
export function proposes(text: string): boolean {
  return NOT_REPORTING.test(straightQuotes(text));
}

/** Whether the sentence at `span` (or its list's lead-in) states what exists, rather than proposing, supposing or denying it. */
export function reports(output: string, sentences: readonly OutputSentence[], span: Range, language: ProseLanguage = 'en'): boolean {
  const i = sentenceIndexAt(sentences, span[0]);
  const [s, e] = i === undefined ? lineAround(output, span[0]) : sentences[i].span;
  // English words are read in any language: a French or Chinese turn about code quotes English too.
  if (startsAfterExampleMark(output, s) || supposes(output, s, e, span) || denies(output, s, e, span)) return false;
  if (language !== 'en' && foreignCueAround(output, [s, e], span, language)) return false;
  // A table cell is read under its column's heading ("Suggested path", "Proposed name") as a list item under its lead-in.
  const heading = columnHeading(output, span[0]);
  if (heading !== undefined && (NOT_REPORTING.test(straightQuotes(heading)) || foreignCue(heading, language))) return false;
  const leadIn = listLeadIn(output, s);
  return leadIn === undefined || !(NOT_REPORTING.test(straightQuotes(leadIn)) || foreignCue(leadIn, language));
}

/**
 * The sentence `[s, e)` around `span`: the text before the name, and the
 * rest of the name's own clause after it. A cue in a later clause is about
 * what follows ("added `x`, so users can run it"; "`x` writes cents, so no
 * rounding").
 */
function aroundName(output: string, s: number, e: number, span: Range): { before: string; clauseAfter: string } {
  const from = Math.max(s, Math.min(span[0], e));
  const to = Math.max(from, Math.min(span[1], e));
  const after = straightQuotes(output.slice(to, e));
  const clauseEnd = after.search(CLAUSE_BREAK);
  return { before: straightQuotes(output.slice(s, from)), clauseAfter: clauseEnd < 0 ? after : after.slice(0, clauseEnd) };
}

/**
 * Where a clause ends in another language: its commas and stops, full-width
 * ones too, and a table's cell border. A parenthesis right after a name is
 * about it ("`a.md`（若不存在…）" "if it does not exist"), so it does not end one.
 */
const FOREIGN_CLAUSE_BREAK = /[,;:|\u2013\u2014\uff0c\uff1b\uff1a\u3001\u3002\uff01\uff1f]/;

/** Where a Chinese or Japanese sentence ends, which the sentence splitter does not read. */
const FULL_STOP = /[\u3002\uff01\uff1f]/g;

/**
 * Whether a cue of the turn's language stands before the name in its
 * sentence, or after it in its own clause, as absent-names reads English
 * ("`x` existe déjà, aucune autre" reports `x`; "`x` 的 mapping ｜ 追加" in
 * a table's next cell is about that cell). Sentences are split by English
 * punctuation: in Chinese and Japanese the sentence runs from the line's
 * last full stop before the name, so a cue before a full-width colon on
 * the same line still counts and one in a finished sentence does not.
 */
function foreignCueAround(output: string, [s, e]: Range, span: Range, language: ProseLanguage): boolean {
  let from = s;
  if (UNSPACED.has(language)) {
    const line = lineAround(output, span[0]);
    from = Math.min(line[0], s) + lastMatchEnd(output.slice(Math.min(line[0], s), span[0]), FULL_STOP);
  }
  const before = straightQuotes(output.slice(from, Math.max(from, span[0])));
  const end = UNSPACED.has(language) ? Math.max(e, lineAround(output, span[0])[1]) : e;
  const after = straightQuotes(output.slice(Math.min(span[1], end), end));
  // A verb-final language marks a sentence's mood on its last verb, which every clause before it shares
  // ("`x`로 렌더하고, … 넣겠습니다": "render with `x` and … will add"): its cue is read to the sentence's end.
  const clauseEnd = after.search(VERB_FINAL.has(language) ? SENTENCE_OR_CELL_END : FOREIGN_CLAUSE_BREAK);
  return foreignCue(before, language) || foreignCue(clauseEnd < 0 ? after : after.slice(0, clauseEnd), language, false);
}

/** Languages whose sentences end on their verb, carrying the mood of every clause before it. */
const VERB_FINAL: ReadonlySet<ProseLanguage> = new Set(['ko', 'ja', 'tr']);

/** Where a verb-final sentence's reach ends: a full-width stop, or a table's cell border (the next cell is another statement). */
const SENTENCE_OR_CELL_END = /[|\u3002\uff01\uff1f]/;

/**
 * Whether the sentence `[s, e)` proposes or supposes what `span` names: a
 * cue before the name ("you could add `x`"), or after it in its own clause
 * ("`x` would help"); or it instructs the reader ("copy `a.md` into …",
 * "keep `x` and state that …"), which says what to do, not what is.
 */
function supposes(output: string, s: number, e: number, span: Range): boolean {
  const { before, clauseAfter } = aroundName(output, s, e, span);
  if (PROPOSING.test(before) || PROPOSING.test(clauseAfter)) return true;
  // The name may be the verb's object itself ("Implement `x`", "adapt `y` to run per rule"): it is code, as a backticked object is.
  const told = `${before}\``;
  return IMPERATIVE.test(told) || IMPERATIVE.test(told.slice(lastMatchEnd(told, INSTRUCTION_CLAUSE_BREAK)));
}

/**
 * Whether the sentence `[s, e)` denies what `span` names: a denial before
 * the name ("no `x`", "missing: `x`"), or after it in its own clause ("`x`
 * does not exist").
 */
function denies(output: string, s: number, e: number, span: Range): boolean {
  const { before, clauseAfter } = aroundName(output, s, e, span);
  return DENYING.test(before) || DENYING.test(clauseAfter);
}

/** As `reports`, except that a denial does not keep a file it names as the place it looked in from being judged: only a proposal does. */
function reportsFile(output: string, sentences: readonly OutputSentence[], span: Range, language: ProseLanguage): boolean {
  if (reports(output, sentences, span, language)) return true;
  // A file as the place a denial looked in is read from English words only.
  if (language !== 'en') return false;
  const before = output.slice(Math.max(0, span[0] - 8), span[0]);
  if (!AS_PLACE.test(before)) return false;
  const i = sentenceIndexAt(sentences, span[0]);
  const [s, e] = i === undefined ? lineAround(output, span[0]) : sentences[i].span;
  if (PROPOSING.test(straightQuotes(output.slice(s, e)))) return false;
  const leadIn = listLeadIn(output, s);
  return leadIn === undefined || !PROPOSING.test(straightQuotes(leadIn));
}

function lineAround(text: string, at: number): Range {
  const s = text.lastIndexOf('\n', at - 1) + 1;
  const nl = text.indexOf('\n', at);
  return [s, nl < 0 ? text.length : nl];
}

const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s/;

/**
 * For a list item: the line introducing its list, when it ends in a colon —
 * the nearest earlier line that is not an item, or an item less indented
 * (the parent of a nested list).
 */
function listLeadIn(text: string, at: number): string | undefined {
  let [s, e] = lineAround(text, at);
  const item = text.slice(s, e);
  if (!LIST_ITEM.test(item)) return undefined;
  const indent = indentOf(item);
  const floor = Math.max(0, at - LEAD_IN_REACH);
  while (s > floor) {
    [s, e] = lineAround(text, s - 1);
    const line = text.slice(s, e);
    if (line.trim() === '') return undefined;
    if (LIST_ITEM.test(line) && indentOf(line) >= indent) continue;
    const end = line.trimEnd();
    return end.endsWith(':') || end.endsWith('：') ? line : undefined;
  }
  return undefined;
}

const TABLE_ROW = /^\s*\|/;
const DELIMITER_CELL = /^:?-{3,}:?$/;

/** A Markdown table's delimiter row (`|---|:---:|`), read cell by cell: one pattern for the row would backtrack on runs of spaces. */
function isTableDelimiter(line: string): boolean {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|')) row = row.slice(0, -1);
  return row.split('|').every((cell) => DELIMITER_CELL.test(cell.trim()));
}

/**
 * For a cell of a Markdown table's body: the heading of its column (the
 * header row's cell at the same place), when the table starts within reach.
 */
function columnHeading(text: string, at: number): string | undefined {
  let [s, e] = lineAround(text, at);
  if (!TABLE_ROW.test(text.slice(s, e))) return undefined;
  const column = cellsBefore(text.slice(s, at));
  const floor = Math.max(0, at - LEAD_IN_REACH);
  while (s > floor) {
    [s, e] = lineAround(text, s - 1);
    const line = text.slice(s, e);
    if (!TABLE_ROW.test(line)) return undefined;
    if (!isTableDelimiter(line)) continue;
    if (s === 0) return undefined;
    const [hs, he] = lineAround(text, s - 1);
    return text.slice(hs, he).split('|')[column];
  }
  return undefined;
}

/** How many cell borders stand before a place in a table row: the column it is in (the row's leading border counts). */
function cellsBefore(rowHead: string): number {
  let n = 0;
  for (let i = 0; i < rowHead.length; i++) {
    if (rowHead[i] === '|' && rowHead[i - 1] !== '\\') n++;
  }
  return n;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

function straightQuotes(text: string): string {
  return text.includes('\u2019') ? text.replace(/\u2019/g, "'") : text;
}
