/**
 * The MCP server's two tools: `check_grounding` (an output against passages
 * the caller gives) and `check_session` (a turn of a session file). Inputs
 * are zod schemas the SDK checks before a handler runs; a value the schema
 * cannot express (a passage count or size over the CLI's limits, a session
 * outside the server's roots, an unknown rule) is a tool error whose text
 * says what was wrong, never a thrown protocol error.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { checkOutput } from '../../lib/checkOutput';
import { checkTranscript } from '../../lib/checkTranscript';
import type { CheckOptions, ContextEvidence, Finding, TranscriptEvidence, TranscriptFinding, TranscriptOptions } from '../../lib/types';
import { ENTITY_TYPES } from '../../shared/classifier/types';
import { type SessionAccess, sessionPath } from './sessionAccess';

/** At most this many findings are listed in one answer; the count says how many there were. */
export const MAX_FINDINGS = 100;

export interface ToolSetup {
  /** The project's settings as the library takes them (config file, then flags). */
  options: TranscriptOptions & { maxFileSizeMB: number; maxSegments: number };
  access: SessionAccess;
}

const passage = z.union([z.string(), z.object({ text: z.string(), id: z.string().optional().describe('your name for it, echoed in evidence') })]);

const checkOptions = {
  profile: z
    .enum(['refined', 'spec'])
    .optional()
    .describe('refined (default): claims only, equivalent spellings, contradictions named; spec: the plain SHOR rules'),
  packs: z
    .array(z.enum(['prose', 'code', 'records']))
    .optional()
    .describe('refined profile: the packs of rules that run (core always does); default every pack, each where it applies'),
  strict: z.boolean().optional().describe('case-sensitive, whole-token, single-sentence lookups'),
  entityTypes: z.array(z.enum(ENTITY_TYPES)).optional().describe('kinds of value to check; default all'),
  rules: z
    .record(z.string(), z.enum(['on', 'off']))
    .optional()
    .describe('rules turned on or off by id, e.g. {"cited-sources": "off"}'),
};

export function registerGroundingTools(server: McpServer, setup: ToolSetup): void {
  server.registerTool(
    'check_grounding',
    {
      title: 'Check an answer against its sources',
      description:
        'Checks which specific values in an answer (numbers, dates, identifiers, quoted strings, URLs, citations, names) the given context does not back. Deterministic, no model. Returns the level (GROUNDED, PARTIAL, UNGROUNDED, INDETERMINATE), a score, and each finding with its span in the answer, its verdict (unverified, contradicted, misattributed), its rule, and evidence spans in the context passages.',
      inputSchema: {
        output: z.string().describe('the answer to check'),
        context: z.union([z.string(), z.array(passage)]).describe('what the answer was written from: one text, or passages (strings or {text, id})'),
        ...checkOptions,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args): CallToolResult => {
      const passages = typeof args.context === 'string' ? [args.context] : args.context;
      const limits = setup.options;
      if (passages.length > limits.maxSegments)
        return toolError(`context has ${passages.length} passages; at most ${limits.maxSegments} are checked (maxSegments)`);
      const bytes = passages.reduce((n, p) => n + Buffer.byteLength(typeof p === 'string' ? p : p.text, 'utf8'), Buffer.byteLength(args.output, 'utf8'));
      if (bytes > limits.maxFileSizeMB * 1024 * 1024)
        return toolError(`output and context are ${megabytes(bytes)}, over maxFileSizeMB (${limits.maxFileSizeMB} MB)`);
      const result = guarded(() => checkOutput(args.output, args.context, optionsOf(setup, args)));
      if ('error' in result) return toolError(result.error);
      const findings = result.findings.slice(0, MAX_FINDINGS);
      const answer = {
        level: result.level,
        score: result.score,
        explanation: result.explanation,
        checked: result.entities.length,
        findingCount: result.findings.length,
        findings,
      };
      const lines = [
        `${result.level}, score ${round(result.score)}: ${result.explanation}`,
        ...findings.map((f) => `- ${f.message}${passageEvidence(f)}`),
        ...more(result.findings.length),
      ];
      return reply(lines, answer);
    },
  );

  server.registerTool(
    'check_session',
    {
      title: 'Check a turn of an agent session',
      description:
        "Checks one turn of a session file (Claude Code, Codex, Cline, OpenAI or Anthropic API logs, traces, RAG fixtures) the way `groundcheck check` does: each answer in the turn against what the session showed before it. Returns each output's level and findings with raw-file places (offset, line, column) and the evidence (which tool result, which line). The path must be inside the folders the server was started with.",
      inputSchema: {
        path: z.string().min(1).describe('the session file (absolute, or relative to the server working directory)'),
        turn: z
          .union([z.literal('last'), z.number().int().min(0)])
          .default('last')
          .describe("'last' (default): the turn the session ends in; N: the N-th prompt a person wrote (0: outputs before any prompt)"),
        format: z.string().optional().describe('read as this format (claude-code, codex, openai-chat, ...) instead of detecting it'),
        ...checkOptions,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args): CallToolResult => {
      const where = sessionPath(args.path, setup.access);
      if ('refused' in where) return toolError(where.refused);
      const options: TranscriptOptions = {
        ...optionsOf(setup, args),
        turn: args.turn,
        ...(args.format !== undefined ? { format: args.format } : {}),
        ...(setup.access.roots === 'anywhere' ? { referenceRoots: 'anywhere' as const } : {}),
      };
      const result = guarded(() => checkTranscript({ path: where.path }, options));
      if ('error' in result) return toolError(result.error.replace(where.path, args.path));
      let budget = MAX_FINDINGS;
      const outputs = result.outputs.map((o) => {
        const findings = o.findings.slice(0, Math.max(0, budget));
        budget -= findings.length;
        return {
          segment: o.segment,
          line: o.place.line,
          ...(o.label ? { label: o.label } : {}),
          level: o.level,
          score: o.score,
          explanation: o.explanation,
          findingCount: o.findings.length,
          findings,
        };
      });
      const total = result.outputs.reduce((n, o) => n + o.findings.length, 0);
      const answer = {
        file: args.path,
        format: result.format,
        turns: result.turns,
        turn: result.turn,
        findingCount: total,
        outputs,
        parseErrors: result.parseErrors,
      };
      const head = `turn ${result.turn} of ${result.turns} in ${args.path} (${result.format}): ${plural(outputs.length, 'output')}, ${plural(total, 'finding')}`;
      const lines = [head, ...outputs.flatMap((o) => o.findings.map((f) => `- line ${f.span.line}: ${f.message}${sessionEvidence(f)}`)), ...more(total)];
      return reply(lines, answer);
    },
  );
}

/** The project's options, with what the call asks for on top. */
function optionsOf(setup: ToolSetup, args: CheckOptions): TranscriptOptions {
  const out: TranscriptOptions = { ...setup.options };
  if (args.profile !== undefined) out.profile = args.profile;
  if (args.packs !== undefined) out.packs = args.packs;
  if (args.strict !== undefined) out.strict = args.strict;
  if (args.entityTypes !== undefined) out.entityTypes = args.entityTypes;
  if (args.rules !== undefined) out.rules = { ...setup.options.rules, ...args.rules };
  return out;
}

/** The library's refusals (an unknown rule or format, a turn past the end, a file it cannot read) are the caller's to fix. */
function guarded<T>(run: () => T): T | { error: string } {
  try {
    return run();
  } catch (err) {
    if (err instanceof Error && (err instanceof RangeError || err instanceof TypeError || err.name === 'TranscriptError')) return { error: err.message };
    throw err;
  }
}

function passageEvidence(f: Finding): string {
  const e: ContextEvidence | undefined = f.evidence[0];
  if (!e) return '';
  const what = f.verdict === 'unverified' ? 'closest' : 'evidence';
  return ` (${what}: '${e.text}' in passage ${e.id !== undefined ? `'${e.id}'` : e.passage}, at ${e.span.start})`;
}

function sessionEvidence(f: TranscriptFinding): string {
  const e: TranscriptEvidence | undefined = f.evidence[0];
  if (!e) return '';
  const what = f.verdict === 'unverified' ? 'closest' : 'evidence';
  return ` (${what}: ${e.label ?? 'the session'}, line ${e.line}${e.file ? ` of ${e.file}` : ''})`;
}

function more(total: number): string[] {
  return total > MAX_FINDINGS ? [`(${total - MAX_FINDINGS} more findings not listed)`] : [];
}

/** A summary to read, then the same answer as JSON: structured content for clients that take it, text for those that do not. */
function reply(lines: string[], answer: Record<string, unknown>): CallToolResult {
  return {
    content: [
      { type: 'text', text: lines.join('\n') },
      { type: 'text', text: JSON.stringify(answer) },
    ],
    structuredContent: answer,
  };
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
