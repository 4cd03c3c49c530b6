/**
 * `groundcheck hook [--mode report|block] [--max-blocks N]`: a command hook
 * for the Stop and SubagentStop events of Claude Code and Codex. It reads
 * the event's JSON on standard input, checks the turn that just ended in
 * the session file it names, and prints the agent's hook JSON: in report
 * mode a `systemMessage` for the user, in block mode `{"decision":
 * "block"}` with a reason that sends the agent back to fix its answer.
 *
 * It fails open: whatever goes wrong on groundcheck's side (bad input, an
 * unreadable or unknown session, a bad flag, its own bug) ends with exit 0,
 * nothing on standard output and one line on standard error, so a hook can
 * never hold an agent up for groundcheck's sake.
 */
import { isRuleId } from '../../shared/classifier/rules';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { defaultSettings } from '../check/checkSettings';
import { ConfigError, loadConfig } from '../check/config';
import { parseCount } from '../check/flags';
import { GuardStore, guardFolder } from '../hook/guardStore';
import { DEFAULT_SHADOW_MAX_MB, defaultShadowLog, type ShadowAction, type ShadowEntry, ShadowLog, ShadowLogError, shadowFindings } from '../hook/shadowLog';
import { type TurnFindings, turnFindings } from '../hook/turnFindings';
import { warmSocket, warmTurnFindings } from '../hook/warmClient';
import { serveWarm } from '../hook/warmServer';
import { parseStopHookInput, type StopHookInput } from '../../shared/hook/hookInput';
import { blockReason, type HookFinding, type HookReply, userMessage } from '../../shared/hook/hookReply';
import { decide } from '../../shared/hook/loopGuard';
import { visibleControls } from '../terminal/visibleControls';
import { registerHookInstall } from './hookInstall';
import { registerHookSummary } from './hookSummary';

export interface HookOptions {
  mode: 'report' | 'block';
  maxBlocks: number;
  /** In block mode, only findings of these rules or verdicts send the agent back; the rest are reported. Empty or absent: every finding. */
  blockOn?: readonly string[];
  /** How long to wait for the session file to hold the turn's last answer. */
  waitMs: number;
  /** Never answer the agent; log what the answer would have been. */
  shadow?: boolean;
  shadowLog?: string;
  shadowMaxMb: number;
  /** Ask the process that keeps sessions indexed between stops (started when none runs). */
  warm?: boolean;
  /** Be that process, on this socket. */
  serveWarm?: string;
  /** The request of the stop that started it, as JSON. */
  serveWarmFirst?: string;
}

/** Hook input is a small JSON object; anything longer is not one. */
const MAX_INPUT_BYTES = 1024 * 1024;

/**
 * The reply for one stop, or undefined to let it through silently. Throws on
 * what the hook cannot check. With a shadow log the reply is logged instead
 * of returned, and the loop guard keeps its shadow state apart from a real
 * hook's on the same session.
 */
export async function replyTo(inputText: string, options: HookOptions, store: GuardStore, shadow?: ShadowLog): Promise<HookReply | undefined> {
  const input = parseStopHookInput(inputText);
  if ('error' in input) throw new Error(input.error);
  const logged = (action: ShadowAction, turn: TurnFindings | undefined, rest: Pick<ShadowEntry, 'findings' | 'more' | 'error'>) =>
    shadow?.append({
      time: new Date().toISOString(),
      session: input.sessionId,
      ...(input.agentId !== undefined ? { agent: input.agentId } : {}),
      event: input.event,
      transcript: input.sessionPath,
      ...(turn ? { turn: turn.turn } : {}),
      ...(turn?.promptLine !== undefined ? { turnLine: turn.promptLine } : {}),
      mode: options.mode,
      action,
      ...rest,
    });
  let turn: TurnFindings;
  try {
    const setup = setupFor(input.cwd);
    const subAgent = input.event === 'SubagentStop';
    const wait = { ...(input.lastAssistantMessage !== undefined ? { lastMessage: input.lastAssistantMessage } : {}), waitMs: options.waitMs };
    const socket = options.warm ? warmSocket(warmFolder()) : undefined;
    turn = socket
      ? await warmTurnFindings(socket, { sessionPath: input.sessionPath, subAgent, setup }, wait)
      : turnFindings(input.sessionPath, subAgent, setup, wait);
  } catch (err) {
    try {
      logged('unchecked', undefined, { findings: [], error: err instanceof Error ? err.message : String(err) });
    } catch {
      // Why the stop went unchecked is the line worth saying on stderr.
    }
    throw err;
  }
  const { action, reply, named } = decideReply(input, turn, options, store, shadow !== undefined);
  if (!shadow) return reply;
  logged(action, turn, shadowFindings(named));
  return undefined;
}

/** What the hook answers, and the findings the answer names. */
interface Decided {
  action: ShadowAction;
  reply?: HookReply;
  named: HookFinding[];
}

function decideReply(input: StopHookInput, turn: TurnFindings, options: HookOptions, store: GuardStore, shadow: boolean): Decided {
  const all = turn.findings;
  const report = (shown: HookFinding[]): Decided =>
    shown.length === 0 ? { action: 'clean', named: [] } : { action: 'report', reply: { systemMessage: userMessage(shown) }, named: shown };
  if (options.mode === 'report') return report(all);
  // Findings outside --block-on are told to the user, never sent back to the agent.
  const findings = all.filter((f) => blocksOn(f, options.blockOn));
  const session = `${shadow ? 'shadow\u0000' : ''}${input.sessionId}\u0000${input.agentId ?? ''}`;
  const { decision, next } = decide(store.load(session), {
    turn: turn.turn,
    findings: findings.map((f) => f.key),
    stopHookActive: input.stopHookActive,
    maxBlocks: options.maxBlocks,
  });
  store.save(session, next);
  switch (decision.kind) {
    case 'clean':
      // Nothing that may block: what remains is told to the user.
      return report(all);
    case 'block': {
      const keys = new Set(decision.keys);
      const blocked = findings.filter((f: HookFinding) => keys.has(f.key));
      return { action: 'block', reply: { decision: 'block', reason: blockReason(blocked) }, named: blocked };
    }
    case 'repeated':
      return { action: 'repeated', reply: { systemMessage: userMessage(findings, 'already sent back once for these; not blocking again') }, named: findings };
    case 'capped':
      return { action: 'capped', reply: { systemMessage: userMessage(findings, cappedWhy(options.maxBlocks)) }, named: findings };
  }
}

/** Whether `--block-on` lets this finding send the agent back: its rule or its verdict is listed, or nothing is. */
function blocksOn(f: HookFinding, blockOn: readonly string[] | undefined): boolean {
  if (!blockOn || blockOn.length === 0) return true;
  return blockOn.includes(f.status) || (f.rule !== undefined && blockOn.includes(f.rule));
}

/** Next to the loop guard's folder, in the user's cache folder. */
function warmFolder(): string {
  return join(dirname(guardFolder()), 'warm');
}

/** Rule ids and verdicts, checked so a typo does not silently block nothing. */
function parseBlockOn(value: string): string[] {
  const names = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const n of names) {
    if (!isRuleId(n) && !VERDICTS.includes(n))
      throw new InvalidArgumentError(`'${n}' is neither a rule (groundcheck rules lists them) nor a verdict (${VERDICTS.join(', ')})`);
  }
  return names;
}

const VERDICTS = ['contradicted', 'unverified', 'misattributed'];

function parsePositive(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number above 0');
  return n;
}

function cappedWhy(maxBlocks: number): string {
  if (maxBlocks === 0) return 'blocking is off: --max-blocks 0';
  return `this turn was already sent back ${maxBlocks === 1 ? 'once' : `${maxBlocks} times`}; not blocking again`;
}

/**
 * The project's settings (groundcheck.config.json above the session's
 * working directory, else the defaults) and its `.groundcheck/ignore.json`,
 * so a finding the user ignored in the editor does not send the agent back.
 */
function setupFor(cwd: string | undefined) {
  const defaults = defaultSettings();
  let config;
  try {
    config = loadConfig(undefined, cwd ?? process.cwd());
  } catch (err) {
    if (err instanceof ConfigError) throw new Error(err.lines[0] ?? 'bad config');
    throw err;
  }
  const settings = { ...defaults, ...config.settings, severity: { ...defaults.severity, ...config.settings.severity } };
  return { settings, ...(config.ignore !== false ? { ignoreRoot: config.root } : {}) };
}

/** Commander wiring; every way out is exit 0. */
export function registerHook(program: Command): void {
  const hook = program
    .command('hook')
    .description('Check the turn an agent just ended (Claude Code or Codex Stop/SubagentStop hook; event JSON on stdin).')
    .addOption(
      new Option('--mode <mode>', 'report: tell the user; block: send the agent back with the findings').choices(['report', 'block']).default('report'),
    )
    .option('--max-blocks <n>', 'blocks per turn at most', parseCount(0), 1)
    .option(
      '--block-on <list>',
      'in block mode, only findings of these rules or verdicts (comma-separated: contradicted, test-counts, …) send the agent back; the rest are reported',
      parseBlockOn,
    )
    .option('--wait-ms <n>', "how long to wait for the session file to hold the agent's last answer", parseCount(0), 2000)
    .option('--shadow', 'never answer the agent: log what the hook would have blocked or reported (see `hook summary`)')
    .option('--shadow-log <path>', `the shadow log (default ${defaultShadowLog().replace(homedir(), '~')})`)
    .option('--shadow-max-mb <n>', 'size at which the shadow log is renamed to <log>.1 and a new one begun', parsePositive, DEFAULT_SHADOW_MAX_MB)
    .option('--warm', 'keep the session indexed in a background process between stops, so a stop reads only the new lines')
    .addOption(new Option('--serve-warm <socket>').hideHelp())
    .addOption(new Option('--serve-warm-first <request>').hideHelp())
    .showHelpAfterError(false)
    .enablePositionalOptions()
    .exitOverride((err) => {
      // A bad flag in a settings file must not stop an agent: commander has said what was wrong on stderr.
      process.exit(0);
      throw err;
    })
    .action(async (options: HookOptions) => {
      if (options.serveWarm !== undefined) {
        await serveWarm(options.serveWarm, undefined, options.serveWarmFirst).catch(() => undefined);
        return;
      }
      try {
        const text = await readInput();
        const shadow = options.shadow ? new ShadowLog(resolve(options.shadowLog ?? defaultShadowLog()), options.shadowMaxMb * 1024 * 1024) : undefined;
        const reply = await replyTo(text, options, new GuardStore(guardFolder()), shadow);
        if (reply) process.stdout.write(`${JSON.stringify(reply)}\n`);
      } catch (err) {
        if (err instanceof ShadowLogError) process.stderr.write(`groundcheck hook: ${visibleControls(err.message)}; the stop goes through\n`);
        else process.stderr.write(`groundcheck hook: ${visibleControls(err instanceof Error ? err.message : String(err))}; the stop goes through unchecked\n`);
      }
      process.exitCode = 0;
    });
  registerHookInstall(hook, program);
  registerHookSummary(hook, program);
}

function readInput(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    process.stdin.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_INPUT_BYTES) {
        process.stdin.destroy();
        reject(new Error('standard input is larger than 1 MB; a hook event is a small JSON object'));
        return;
      }
      chunks.push(chunk);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}
