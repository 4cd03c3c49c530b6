/**
 * Adds groundcheck's command hooks to an agent's settings text, and takes
 * them out again, editing only where they go: every other byte of the file
 * (other tools' hooks, comments, trailing commas, indentation, CRLF line
 * ends, a byte order mark) stays as it was. An insertion is written in the
 * file's own indentation and line ends, after the last entry of its list,
 * so taking it out again gives back the file's bytes.
 *
 * jsonc-parser reads the file and applies the edits. Its `modify` is not
 * used to write them: with formatting on it reformats the neighbouring
 * entry on the same line, and its removal drops a trailing comma the file
 * had.
 */
import { applyEdits, type Edit, type Node, type ParseError, ParseErrorCode, parseTree } from 'jsonc-parser';

/** The settings cannot be edited safely; `offset` is where in the text (after any byte order mark). */
export class SettingsError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export interface HookSpec {
  /** Events to hook: `Stop`, `SubagentStop`. */
  events: readonly string[];
  command: string;
  /** Seconds the agent gives the command. */
  timeout: number;
  /** Whether a hook command already there is groundcheck's. */
  isOurs: (command: string) => boolean;
}

export interface InstallResult {
  text: string;
  /** Events that got the hook. */
  added: string[];
  /** Events that already had a groundcheck hook, with its command (left as it is). */
  present: Array<{ event: string; command: string }>;
}

const BOM = '\uFEFF';

export function installHooks(text: string, spec: HookSpec): InstallResult {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const style = styleOf(body);
  const group = { hooks: [{ type: 'command', command: spec.command, timeout: spec.timeout }] };
  const root = parseSettings(body);
  if (root === undefined) {
    // An empty file, or none: the whole file is ours to write.
    const hooks = Object.fromEntries(spec.events.map((e) => [e, [group]]));
    return { text: `${bom}${render({ hooks }, '', style)}${style.eol}`, added: [...spec.events], present: [] };
  }
  if (root.type !== 'object') throw new SettingsError('the settings are not a JSON object', root.offset);
  const hooks = member(root, 'hooks');
  const added: string[] = [];
  const present: InstallResult['present'] = [];
  const edits: Edit[] = [];
  if (hooks === undefined) {
    edits.push(appendMembers(body, root, [['hooks', Object.fromEntries(spec.events.map((e) => [e, [group]]))]], style));
    added.push(...spec.events);
  } else {
    if (hooks.value.type !== 'object') throw new SettingsError('"hooks" is not an object', hooks.value.offset);
    const missing: Array<[string, unknown]> = [];
    for (const event of spec.events) {
      const list = member(hooks.value, event);
      if (list === undefined) {
        missing.push([event, [group]]);
        added.push(event);
        continue;
      }
      if (list.value.type !== 'array') throw new SettingsError(`"hooks.${event}" is not a list`, list.value.offset);
      const ours = ourHandlers(list.value, spec.isOurs);
      if (ours.length > 0) {
        present.push({ event, command: ours[0].command });
        continue;
      }
      edits.push(appendElement(body, list.value, group, style));
      added.push(event);
    }
    if (missing.length > 0) edits.push(appendMembers(body, hooks.value, missing, style));
  }
  return { text: bom + applyEdits(body, edits), added, present };
}

export interface UninstallResult {
  text: string;
  /** How many groundcheck hooks were taken out. */
  removed: number;
}

/**
 * Takes out each groundcheck hook of `events`: the handler, or its whole
 * entry when the entry held only groundcheck's, and a list or `hooks`
 * object left empty by that.
 */
export function uninstallHooks(text: string, events: readonly string[], isOurs: (command: string) => boolean): UninstallResult {
  const bom = text.startsWith(BOM) ? BOM : '';
  let body = text.slice(bom.length);
  let removed = 0;
  // One removal a pass, each on a fresh tree: a settings file holds a handful of hooks. Each pass removes one, so this ends.
  for (;;) {
    const edit = nextRemoval(body, events, isOurs);
    if (!edit) break;
    body = applyEdits(body, [edit]);
    removed++;
  }
  return { text: bom + body, removed };
}

function nextRemoval(body: string, events: readonly string[], isOurs: (command: string) => boolean): Edit | undefined {
  const root = parseSettings(body);
  if (root === undefined || root.type !== 'object') return undefined;
  const hooks = member(root, 'hooks');
  if (hooks === undefined || hooks.value.type !== 'object') return undefined;
  for (const event of events) {
    const list = member(hooks.value, event);
    if (list === undefined || list.value.type !== 'array') continue;
    const found = ourHandlers(list.value, isOurs)[0];
    if (!found) continue;
    const handlers = found.handlers;
    if (!handlers.children!.every((h) => isOurHandler(h, isOurs))) return removal(body, handlers, found.handler);
    if (list.value.children!.length > 1) return removal(body, list.value, found.entry);
    if (hooks.value.children!.length > 1) return removal(body, hooks.value, list.property);
    return removal(body, root, hooks.property);
  }
  return undefined;
}

interface OurHandler {
  /** The list entry (`{ "matcher": …, "hooks": [...] }`) the handler is in. */
  entry: Node;
  /** The entry's `hooks` array. */
  handlers: Node;
  handler: Node;
  command: string;
}

function ourHandlers(list: Node, isOurs: (command: string) => boolean): OurHandler[] {
  const found: OurHandler[] = [];
  for (const entry of list.children ?? []) {
    if (entry.type !== 'object') continue;
    const handlers = member(entry, 'hooks')?.value;
    if (handlers?.type !== 'array') continue;
    for (const handler of handlers.children ?? []) {
      if (isOurHandler(handler, isOurs)) found.push({ entry, handlers, handler, command: commandOf(handler)! });
    }
  }
  return found;
}

function isOurHandler(handler: Node, isOurs: (command: string) => boolean): boolean {
  const command = commandOf(handler);
  return command !== undefined && isOurs(command);
}

function commandOf(handler: Node): string | undefined {
  if (handler.type !== 'object') return undefined;
  const command = member(handler, 'command')?.value;
  return command?.type === 'string' ? (command.value as string) : undefined;
}

/** The last member named `key` (the one JSON.parse keeps), as its property node and value node. */
function member(object: Node, key: string): { property: Node; value: Node } | undefined {
  let found: { property: Node; value: Node } | undefined;
  for (const property of object.children ?? []) {
    const [name, value] = property.children ?? [];
    if (name?.value === key && value) found = { property, value };
  }
  return found;
}

const MESSAGES: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'unexpected character',
  [ParseErrorCode.InvalidNumberFormat]: 'not a number',
  [ParseErrorCode.PropertyNameExpected]: 'expected a property name in double quotes',
  [ParseErrorCode.ValueExpected]: 'expected a value',
  [ParseErrorCode.ColonExpected]: "expected ':'",
  [ParseErrorCode.CommaExpected]: "expected ','",
  [ParseErrorCode.CloseBraceExpected]: "expected '}'",
  [ParseErrorCode.CloseBracketExpected]: "expected ']'",
  [ParseErrorCode.EndOfFileExpected]: 'text after the end of the settings',
  [ParseErrorCode.InvalidCommentToken]: 'not a comment',
  [ParseErrorCode.UnexpectedEndOfComment]: 'a comment is not closed',
  [ParseErrorCode.UnexpectedEndOfString]: 'a string is not closed',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'a number is cut short',
  [ParseErrorCode.InvalidUnicode]: 'a bad \\u escape',
  [ParseErrorCode.InvalidEscapeCharacter]: 'a bad escape',
  [ParseErrorCode.InvalidCharacter]: 'a control character inside a string',
};

/** The settings' tree (comments and trailing commas allowed, as the agents read them), or undefined for no content. */
function parseSettings(body: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  const first = errors[0];
  if (first) throw new SettingsError(MESSAGES[first.error] ?? 'not JSON', first.offset);
  return root;
}

interface Style {
  eol: string;
  /** One level of indentation. */
  unit: string;
}

/** The file's line end (its first one) and indentation unit (its first indented line's). */
function styleOf(body: string): Style {
  const lf = body.indexOf('\n');
  const eol = lf > 0 && body[lf - 1] === '\r' ? '\r\n' : '\n';
  let unit = '  ';
  for (let start = 0; start < body.length; ) {
    const end = body.indexOf('\n', start);
    const stop = end === -1 ? body.length : end;
    let i = start;
    while (i < stop && (body[i] === ' ' || body[i] === '\t')) i++;
    if (i > start && i < stop && body[i] !== '\r') {
      unit = body[start] === '\t' ? '\t' : ' '.repeat(Math.min(i - start, 8));
      break;
    }
    if (end === -1) break;
    start = end + 1;
  }
  return { eol, unit };
}

function render(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit)
    .split('\n')
    .join(style.eol + indent);
}

/** The spaces and tabs before `offset` when nothing else is between it and the start of its line. */
function ownLineIndent(body: string, offset: number): string | undefined {
  let i = offset;
  while (i > 0 && (body[i - 1] === ' ' || body[i - 1] === '\t')) i--;
  return i === 0 || body[i - 1] === '\n' ? body.slice(i, offset) : undefined;
}

/** The spaces and tabs that start the line `offset` is on. */
function lineIndent(body: string, offset: number): string {
  const start = body.lastIndexOf('\n', offset - 1) + 1;
  let i = start;
  while (i < body.length && (body[i] === ' ' || body[i] === '\t')) i++;
  return body.slice(start, i);
}

function appendElement(body: string, list: Node, value: unknown, style: Style): Edit {
  return appendChild(body, list, (indent) => render(value, indent, style), style);
}

function appendMembers(body: string, object: Node, members: Array<[string, unknown]>, style: Style): Edit {
  return appendChild(
    body,
    object,
    (indent) => members.map(([k, v]) => `${JSON.stringify(k)}: ${render(v, indent, style)}`).join(`,${style.eol}${indent}`),
    style,
  );
}

/** After the container's last child, indented as that child is; in an empty container, on a line of its own. */
function appendChild(body: string, container: Node, text: (indent: string) => string, style: Style): Edit {
  const children = container.children ?? [];
  const last = children[children.length - 1];
  if (last) {
    const indent = ownLineIndent(body, last.offset) ?? lineIndent(body, container.offset) + style.unit;
    return { offset: last.offset + last.length, length: 0, content: `,${style.eol}${indent}${text(indent)}` };
  }
  const outer = lineIndent(body, container.offset);
  const indent = outer + style.unit;
  const innerStart = container.offset + 1;
  const inner = body.slice(innerStart, container.offset + container.length - 1);
  const blank = inner.trim() === '';
  return { offset: innerStart, length: blank ? inner.length : 0, content: `${style.eol}${indent}${text(indent)}${blank ? style.eol + outer : ''}` };
}

/**
 * Takes `child` out of `container`: with the comma and space before it
 * when it is the last (what `appendChild` added), else up to the next
 * child; an only child leaves the container empty.
 */
function removal(body: string, container: Node, child: Node): Edit {
  const children = container.children!;
  const i = children.indexOf(child);
  const next = children[i + 1];
  if (next) return { offset: child.offset, length: next.offset - child.offset, content: '' };
  const prev = children[i - 1];
  if (prev) {
    const start = prev.offset + prev.length;
    return { offset: start, length: child.offset + child.length - start, content: '' };
  }
  // Nothing but space around it (as `appendChild` wrote it into an empty container): the container is left empty.
  const innerStart = container.offset + 1;
  const innerEnd = container.offset + container.length - 1;
  if (body.slice(innerStart, child.offset).trim() === '' && body.slice(child.offset + child.length, innerEnd).trim() === '') {
    return { offset: innerStart, length: innerEnd - innerStart, content: '' };
  }
  return { offset: child.offset, length: child.length, content: '' };
}

/** 1-based line and column (in UTF-16 units, as editors count) of `offset`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
