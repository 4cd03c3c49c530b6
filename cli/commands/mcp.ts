/**
 * `groundcheck mcp`: an MCP server over stdio with the tools `check_grounding`
 * and `check_session`, so an agent can check its own answers as it works.
 * The project config (groundcheck.config.json from the working directory up,
 * or --config) sets the rules and limits, as for `groundcheck check`.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { defaultSettings } from '../check/checkSettings';
import { ConfigError, loadConfig } from '../check/config';
import { ENTITY_TYPES } from '../../shared/classifier/types';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { ToolSetup } from '../mcp/groundingTools';
import { visibleMessage } from '../terminal/visibleControls';

interface McpFlags {
  root?: string[];
  allowOutsideRefs?: boolean;
  config?: string;
}

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve check_grounding and check_session to an agent over MCP (stdio)')
    .option('--root <folder>', 'a folder check_session may read sessions in, besides the working directory (repeatable)', collect, [])
    .option('--allow-outside-refs', 'read sessions, and the files they refer to, in any folder')
    .option('--config <file>', 'project config to use instead of searching for groundcheck.config.json')
    .action(async (flags: McpFlags) => {
      let settings: GroundcheckSettings;
      try {
        const config = loadConfig(flags.config);
        const defaults = defaultSettings();
        settings = { ...defaults, ...config.settings, severity: { ...defaults.severity, ...config.settings.severity } };
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        for (const line of err.lines) process.stderr.write(visibleMessage(`${line}\n`));
        process.exitCode = 2;
        return;
      }
      const cwd = process.cwd();
      const setup: ToolSetup = {
        options: optionsOf(settings),
        access: { cwd, roots: flags.allowOutsideRefs ? 'anywhere' : [cwd, ...(flags.root ?? []).map((r) => resolve(cwd, r))] },
      };
      // Loaded here, not at start: the MCP SDK and its schema library are half the CLI's code, and every other command starts without them.
      const { serveStdio } = await import('../mcp/server');
      await serveStdio(setup);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The settings as the library takes them; a type whose severity is `off` is not checked, as the CLI hides it. */
function optionsOf(settings: GroundcheckSettings): ToolSetup['options'] {
  const wanted = settings.entityTypes.length === 0 ? ENTITY_TYPES : settings.entityTypes;
  const entityTypes = wanted.filter((t) => settings.severity[t] !== 'off');
  return {
    profile: settings.profile,
    strict: settings.strict,
    minEntities: settings.minEntities,
    entityTypes,
    ...(settings.stopwords ? { stopwords: settings.stopwords } : {}),
    rules: settings.rules,
    modelOutputsAsContext: settings.modelOutputsAsContext,
    maxFileSizeMB: settings.maxFileSizeMB,
    maxSegments: settings.maxSegments,
  };
}
