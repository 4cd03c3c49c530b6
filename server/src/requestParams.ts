/**
 * Checks the parameters of groundcheck's own requests and of its ignore
 * command before anything uses them. Any client may send these, with
 * anything in them: what does not fit is answered with InvalidParams and a
 * sentence naming the parameter, not an internal error from deep inside.
 */
import { ErrorCodes, ParameterStructures, RequestType, ResponseError } from 'vscode-languageserver/node';
import { isEntityType, type IgnoreRule } from '../../shared/check/ignores';
import type { ClassifySelectionRequest, ConversationViewRequest, RecheckRequest } from '../../shared/protocol/messages';

/** A request type that takes one object of named parameters: no parameters, or a list of them, is refused before the handler runs. */
export function requestByName<P, R>(method: string): RequestType<P, R, void> {
  return new RequestType<P, R, void>(method, ParameterStructures.byName);
}

export function invalidParams(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, message);
}

/** Longest text a parameter may carry: a whole selection of a large file fits. */
const MAX_TEXT = 64 * 1024 * 1024;
/** Longest URI, value or key: nothing the server sends in a quick fix comes near it. */
const MAX_SHORT = 64 * 1024;

/** Reads named members of one parameter object; every read names what it expected. */
class Members {
  constructor(
    private readonly o: Record<string, unknown>,
    private readonly what: string,
  ) {}

  string(name: string, max = MAX_SHORT): string {
    const v = this.o[name];
    if (typeof v !== 'string') throw invalidParams(`${this.what}: "${name}" must be a string, got ${describe(v)}`);
    if (v.length > max) throw invalidParams(`${this.what}: "${name}" is longer than ${max} characters`);
    return v;
  }

  optionalString(name: string, max = MAX_SHORT): string | undefined {
    return this.o[name] === undefined ? undefined : this.string(name, max);
  }

  optionalInteger(name: string, min: number): number | undefined {
    const v = this.o[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) {
      throw invalidParams(`${this.what}: "${name}" must be a whole number of at least ${min}, got ${describe(v)}`);
    }
    return v;
  }

  object(name: string, allowed: readonly string[]): Members | undefined {
    const v = this.o[name];
    return v === undefined ? undefined : new Members(plainObject(v, `${this.what}: "${name}"`, allowed), `${this.what}: "${name}"`);
  }
}

/**
 * `value` as an object of named members, none but `allowed`: an unknown
 * member (a misspelling, or `__proto__`) is refused rather than ignored.
 */
function plainObject(value: unknown, what: string, allowed: readonly string[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`${what} must be an object, got ${describe(value)}`);
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) throw invalidParams(`${what}: unknown member ${JSON.stringify(key)} (expected ${allowed.join(', ')})`);
  }
  return o;
}

function members(value: unknown, what: string, allowed: readonly string[]): Members {
  return new Members(plainObject(value, what, allowed), what);
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v.length > 40 ? 'a long string' : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return typeof v === 'object' ? 'an object' : typeof v;
}

export function classifySelectionParams(params: unknown): ClassifySelectionRequest.Params {
  const m = members(params, 'classifySelection', ['output', 'uri', 'offset', 'context']);
  const output = m.string('output', MAX_TEXT);
  const uri = m.optionalString('uri');
  const offset = m.optionalInteger('offset', 0);
  const c = m.object('context', ['text', 'label']);
  const context = c ? { text: c.string('text', MAX_TEXT), label: c.string('label') } : undefined;
  return { output, ...(uri !== undefined ? { uri } : {}), ...(offset !== undefined ? { offset } : {}), ...(context ? { context } : {}) };
}

export function conversationViewParams(params: unknown): ConversationViewRequest.Params {
  const m = members(params, 'conversationView', ['uri', 'from', 'chars', 'version']);
  const uri = m.string('uri');
  const from = m.optionalInteger('from', 0);
  const chars = m.optionalInteger('chars', 1);
  const version = m.optionalInteger('version', 0);
  return { uri, ...(from !== undefined ? { from } : {}), ...(chars !== undefined ? { chars } : {}), ...(version !== undefined ? { version } : {}) };
}

export function recheckParams(params: unknown): RecheckRequest.Params {
  return { uri: members(params, 'recheck', ['uri']).string('uri') };
}

const SCOPES = ['occurrence', 'value', 'type'] as const;
/** What the server's quick fixes put in an occurrence key (see occurrenceKey). */
const OCCURRENCE_KEY = /^[0-9a-f]{16}$/;

/**
 * The ignore command's one argument as the rule it adds, and the document
 * it was offered on. Whether that document is in a workspace folder is the
 * caller's to check (it knows the folders).
 */
export function ignoreCommandArgs(args: unknown): { uri: string; rule: IgnoreRule } {
  if (!Array.isArray(args) || args.length !== 1) throw invalidParams('ignore: expected one argument, an object naming the finding');
  const m = members(args[0], 'ignore', ['uri', 'scope', 'type', 'text', 'normalized', 'key']);
  const uri = m.string('uri');
  const scope = m.string('scope');
  if (!(SCOPES as readonly string[]).includes(scope)) throw invalidParams(`ignore: "scope" must be one of ${SCOPES.join(', ')}, got ${describe(scope)}`);
  const type = m.string('type');
  if (!isEntityType(type)) throw invalidParams(`ignore: "type" is not an entity type groundcheck knows: ${describe(type)}`);
  // The other members are the finding's; each must be a string even where this scope does not use it.
  const text = m.optionalString('text');
  const normalized = m.optionalString('normalized');
  const key = m.optionalString('key');
  if (scope === 'type') return { uri, rule: { scope, type } };
  if (scope === 'value') {
    if (!normalized) throw invalidParams('ignore: a value rule needs "normalized", the value to ignore');
    return { uri, rule: { scope, type, value: normalized } };
  }
  if (key === undefined || !OCCURRENCE_KEY.test(key)) throw invalidParams('ignore: an occurrence rule needs "key", 16 hexadecimal digits');
  return { uri, rule: { scope: 'occurrence', type, key, text: text ?? '' } };
}
