/**
 * The `groundcheck` command line. Each subcommand lives in cli/commands and
 * registers itself on the program; this file only lists them.
 */
import { Command } from 'commander';
import { registerCheck } from './commands/check';
import { registerClassify } from './commands/classify';
import { registerTurns } from './commands/turns';
import { registerLsp } from './commands/lsp';
import { registerRules } from './commands/rules';
import { registerUsage } from './commands/usage';
import { registerHook } from './commands/hook';
import { registerMcp } from './commands/mcp';
import { registerMerge } from './commands/merge';
import { visibleControls, visibleLines } from './terminal/visibleControls';
import { version } from '../package.json';

// `groundcheck … | head` closes the pipe early: every command stops quietly, as other Unix tools do, instead of a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(process.exitCode ?? 0);
});

const program = new Command('groundcheck')
  .description('Show which specific claims in an LLM output its context never gave it.')
  .version(version, '-V, --version', 'print the version and exit')
  .showHelpAfterError()
  // Options belong to the command they follow: `hook install --mode block` is install's --mode, not the hook's.
  .enablePositionalOptions()
  // Usage errors quote what was typed, which may hold controls (a pasted file name); subcommands inherit this.
  .configureOutput({ writeErr: (text) => process.stderr.write(visibleLines(text)) });

const commands: Array<(program: Command) => void> = [
  registerClassify,
  registerTurns,
  registerCheck,
  registerMerge,
  registerRules,
  registerUsage,
  registerHook,
  registerMcp,
  registerLsp,
];
for (const register of commands) register(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`groundcheck: ${visibleControls(err instanceof Error ? err.message : String(err))}\n`);
  process.exit(2);
});
