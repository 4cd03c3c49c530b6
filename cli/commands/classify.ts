/**
 * `groundcheck classify`: classify one output against one context, given as
 * text or files, and print the result as JSON or as a short report.
 */
import { FileRefused, readBounded } from '../../shared/io/boundedRead';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import type { Command } from 'commander';
import { visibleControls } from '../terminal/visibleControls';
import { classify } from '../../shared/pipeline/classify';
import { ENTITY_TYPES, type ClassifyOptions, type ClassifyResult, type EntityType } from '../../shared/classifier/types';

interface ClassifyFlags {
  output?: string;
  outputFile?: string;
  context?: string;
  contextFile?: string;
  strict?: boolean;
  minEntities?: string;
  entityTypes?: string;
  json?: boolean;
}

/** A problem with the command line or its inputs: printed as is, exit code 2. */
class UsageError extends Error {}

export function registerClassify(program: Command): void {
  program
    .command('classify')
    .description('Classify an output against a context: which entities it names are in the context, and which are not.')
    .option('--output <text>', 'the output to check')
    .option('--output-file <path>', 'read the output from a file')
    .option('--context <text>', 'the context the output was produced from')
    .option('--context-file <path>', 'read the context from a file')
    .option('--strict', 'case-sensitive, token-boundary, single-sentence lookups')
    .option('--min-entities <n>', 'fewer entities than this gives INDETERMINATE (default 1)')
    .option('--entity-types <types>', `comma-separated types to count: ${ENTITY_TYPES.join(', ')} or all`)
    .option('--json', 'print the full result as JSON')
    .action((flags: ClassifyFlags, command: Command) => {
      try {
        const result = classify({
          output: textFrom('output', flags.output, flags.outputFile),
          context: textFrom('context', flags.context, flags.contextFile),
          options: optionsFrom(flags),
        });
        process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : report(result));
      } catch (err) {
        if (err instanceof UsageError || err instanceof RangeError) command.error(`error: ${err.message}`, { exitCode: 2 });
        throw err;
      }
    });
}

function textFrom(what: string, text: string | undefined, path: string | undefined): string {
  if (text !== undefined && path !== undefined) throw new UsageError(`give either --${what} or --${what}-file, not both`);
  if (text !== undefined) return text;
  if (path === undefined) throw new UsageError(`missing the ${what}: give --${what} <text> or --${what}-file <path>`);
  try {
    return readBounded(path, DEFAULT_SETTINGS.maxFileSizeMB * 1024 * 1024).toString('utf8');
  } catch (err) {
    const reason = err instanceof FileRefused ? err.reason : (err as Error).message;
    throw new UsageError(`cannot read ${what} file ${path}: ${reason}`);
  }
}

function optionsFrom(flags: ClassifyFlags): ClassifyOptions {
  const options: ClassifyOptions = { strict: flags.strict === true };
  if (flags.minEntities !== undefined) {
    const n = Number(flags.minEntities);
    if (!/^\d+$/.test(flags.minEntities) || !Number.isSafeInteger(n)) {
      throw new UsageError(`--min-entities must be a whole number, got '${flags.minEntities}'`);
    }
    options.minEntities = n;
  }
  if (flags.entityTypes !== undefined) {
    const types = flags.entityTypes
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    const known: readonly string[] = ENTITY_TYPES;
    for (const t of types) {
      if (t !== 'all' && !known.includes(t)) {
        throw new UsageError(`unknown entity type '${t}' (known: ${ENTITY_TYPES.join(', ')}, all)`);
      }
    }
    options.entityTypes = types.includes('all') ? ['all'] : (types as EntityType[]);
  }
  return options;
}

function report(result: ClassifyResult): string {
  const lines = [
    `${result.level}  score ${formatScore(result.score)}${result.flagForReview ? '  (flagged for review)' : ''}`,
    visibleControls(result.explanation),
  ];
  if (result.entities.length > 0) lines.push('');
  const width = Math.max(0, ...result.entities.map((e) => e.type.length));
  for (const e of result.entities) {
    const mark = e.found ? '✓' : e.status === 'indeterminate' ? '?' : '✗';
    lines.push(`  ${mark} ${e.type.padEnd(width)}  ${visibleControls(e.text)}`);
  }
  return `${lines.join('\n')}\n`;
}

function formatScore(score: number): string {
  return Number.isInteger(score) ? String(score) : score.toFixed(2);
}
