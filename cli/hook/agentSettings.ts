/**
 * Where each coding agent reads its command hooks, per scope. Both agents
 * take the same shape: `{"hooks": {"Stop": [{"hooks": [{"type":
 * "command", "command": …, "timeout": …}]}]}}`.
 *
 * - Claude Code: `.claude/settings.json` in the project, or
 *   `~/.claude/settings.json` (https://code.claude.com/docs/en/settings,
 *   https://code.claude.com/docs/en/hooks).
 * - Codex: `.codex/hooks.json` in the project, or `hooks.json` in
 *   `$CODEX_HOME` (default `~/.codex`)
 *   (https://developers.openai.com/codex/hooks,
 *   https://developers.openai.com/codex/environment-variables).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export type Agent = 'claude-code' | 'codex';
export type Scope = 'project' | 'user';

export const AGENTS: readonly Agent[] = ['claude-code', 'codex'];
export const SCOPES: readonly Scope[] = ['project', 'user'];

/** The events groundcheck hooks: the end of the agent's turn and of a sub-agent's. */
export const HOOK_EVENTS = ['Stop', 'SubagentStop'] as const;

/** Seconds the agent gives the hook before it gives up on it. */
export const HOOK_TIMEOUT = 60;

export function settingsPath(agent: Agent, scope: Scope, cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  if (agent === 'claude-code') return scope === 'project' ? join(resolve(cwd), '.claude', 'settings.json') : join(homedir(), '.claude', 'settings.json');
  if (scope === 'project') return join(resolve(cwd), '.codex', 'hooks.json');
  const codexHome = env.CODEX_HOME ? resolve(cwd, env.CODEX_HOME) : join(homedir(), '.codex');
  return join(codexHome, 'hooks.json');
}

/** What the user still has to do before the agent runs the hook. */
export function afterInstall(agent: Agent): string | undefined {
  if (agent === 'codex')
    return "Codex runs a new hook only once you trust it: open /hooks in Codex to review it (a project's hooks load only in a trusted project).";
  return undefined;
}
