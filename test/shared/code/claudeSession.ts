/**
 * Claude Code sessions written line by line for tests: user text, tool calls
 * with their results, assistant text, each line the child of the one before.
 */
import { checkTranscript, type CheckOptions } from '../../../shared/check/checkTranscript';
import type { Entity } from '../../../shared/classifier/types';
import { RULES } from '../../../shared/classifier/rules';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';

let ids = 0;

export function session(lines: object[]): string {
  let parent: string | null = null;
  return lines
    .map((l, i) => {
      const uuid = `u${i}`;
      const line = { ...l, uuid, parentUuid: parent, sessionId: 's' };
      parent = uuid;
      return JSON.stringify(line);
    })
    .join('\n');
}

export const user = (content: unknown) => ({ type: 'user', message: { role: 'user', content } });
const assistant = (content: unknown[]) => ({ type: 'assistant', message: { id: `m${ids++}`, role: 'assistant', content } });
export const call = (id: string, name: string, input: object) => assistant([{ type: 'tool_use', id, name, input }]);
export const result = (id: string, content: string, isError = false) => user([{ type: 'tool_result', tool_use_id: id, content, is_error: isError }]);
export const say = (text: string) => assistant([{ type: 'text', text }]);

/** A Read result's text: each line behind Claude Code's `     n→` gutter, from line `from`. */
export function numbered(lines: string[], from = 1): string {
  return lines.map((l, i) => `${String(from + i).padStart(6)}\u2192${l}`).join('\n') + '\n';
}

/**
 * Every rule flagging, as before some were kept from flagging in agents'
 * turns by default: for tests of what a rule does there, not of defaults.
 */
export const EVERY_RULE_FLAGGING: Record<string, 'on' | 'off'> = Object.fromEntries(RULES.map((r) => [r.id, r.id === 'unattributed-values' ? 'off' : 'on']));

/** Every entity of the session's last output, by its text. */
export function lastOutput(raw: string, options: CheckOptions = {}): Map<string, Entity> {
  const t = claudeCodeFormat.parse({ raw });
  const check = checkTranscript(t, { profile: 'refined', ...options });
  const last = check.outputs[check.outputs.length - 1];
  return new Map(last.result.entities.map((e) => [e.text, e]));
}

export function statuses(raw: string, options: CheckOptions = {}): Record<string, string> {
  return Object.fromEntries([...lastOutput(raw, options)].map(([text, e]) => [text, e.status]));
}

/** A session's lines, each with its line feed, as an agent appends them to the file. */
export function sessionLines(objects: object[]): string[] {
  return session(objects)
    .split('\n')
    .map((l) => `${l}\n`);
}

/** A Read of a source file long enough that a session's head is past format detection, so appended lines take the kept path. */
export const LONG_READ = numbered(Array.from({ length: 2500 }, (_, i) => `export const LIMIT_${i} = ${1000 + i}; // owner: team ${i % 7}`));

/** A session's first exchange: the user asks, the agent reads LONG_READ and answers. */
export function longReadOpening(): object[] {
  return [user('Read the limits.'), call('r0', 'Read', { file_path: '/w/limits.ts' }), result('r0', LONG_READ), say('Read it.')];
}

/**
 * The lines of a session whose answer states v0.6.0 before anything spells
 * it, and whose next call then does ("Pull v0.6.0 from main"): a check that
 * searches the whole session answers otherwise once that call is written.
 * Line 6 (index 5) is the answer's last line.
 */
export function versionSpeltLater(): string[] {
  return sessionLines(versionSpeltLaterSteps());
}

/** The steps of versionSpeltLater, for a session that goes on after them. */
export function versionSpeltLaterSteps(): object[] {
  return [
    ...longReadOpening(),
    user('Deploy the new release.'),
    say('v0.6.0 is on main. Pulling and deploying now:'),
    call('p0', 'Bash', { command: 'git pull origin main', description: 'Pull v0.6.0 from main' }),
    result('p0', 'Already up to date.\n'),
    say('Deployed.'),
  ];
}
