/**
 * The gaps parsers report when a format omits what the model saw: the one
 * catalogue every format draws on, so each absence has one code and one
 * wording. Each message says what is missing and what it means for the
 * verdicts. The fixed gaps of agent and API logs come first; then those that
 * name what is missing (a file, an attachment, a truncated field), built
 * per use.
 */
import type { ContextGap } from '../../classifier/types';
import { INSTRUCTION_FILE_NAMES } from '../instructionFiles';

const FIXED = {
  /**
   * Claude Code logs neither its system prompt nor its tool schemas (nor,
   * usually, the CLAUDE.md reminder). They hold tool and parameter names, the
   * git status snapshot's file paths and commit subjects, project conventions
   * (identifiers, proper nouns), links to documentation (urls) and product
   * names. Their numbers are operational limits and their quoted strings are
   * instructions, which rarely reappear as claims; the date, the working
   * directory and the branch are recovered from line metadata. So numbers,
   * dates, quotes and citations stay checkable: marking them indeterminate too
   * would hide the most common fabrication (a wrong count) in every session.
   */
  claudeSystemPrompt: {
    code: 'system-prompt-not-logged',
    message:
      'The session log omits the system prompt and tool schemas (tool names, environment, CLAUDE.md); names, identifiers and URLs they held cannot be checked.',
    affects: ['identifier', 'url', 'proper_noun'],
  },
  /**
   * Claude Code with skills installed lists every skill in its system
   * prompt: names, descriptions, the phrases that trigger them. Agents count
   * and quote that catalogue ("You have 12 skills", "triggers like 'do
   * research'"), and the log holds none of it.
   */
  claudeSkills: {
    code: 'skills-not-logged',
    message:
      'The session uses skills, and its system prompt listed them (names, descriptions, trigger phrases); the log omits that list, so what it held cannot be checked.',
    affects: ['identifier', 'proper_noun', 'quoted_string', 'number'],
  },
  /**
   * Gemini CLI logs neither its system prompt nor its tool schemas nor the
   * GEMINI.md files it puts into that prompt, and records the project only
   * as a hash of its path. Same reasoning as Claude Code's gap: names,
   * identifiers and URLs may come from there; numbers and quotes stay
   * checkable.
   */
  geminiSystemPrompt: {
    code: 'system-prompt-not-logged',
    message:
      'The session log omits the system prompt and tool schemas (tool names, environment, GEMINI.md); names, identifiers and URLs they held cannot be checked.',
    affects: ['identifier', 'url', 'proper_noun'],
  },
  codexExecPrompt: {
    code: 'prompt-not-logged',
    message: 'A `codex exec --json` stream does not contain the prompt, the instructions or AGENTS.md; any claim could come from them.',
    affects: 'all',
  },
  streamPrompt: {
    code: 'prompt-not-logged',
    message: 'This stream-json log starts without the prompt (`claude -p` does not echo it); any claim could come from it.',
    affects: 'all',
  },
  codexInstructions: {
    code: 'instructions-not-logged',
    message: 'This rollout does not record the base instructions or tool schemas; names, identifiers and URLs they held cannot be checked.',
    affects: ['identifier', 'url', 'proper_noun'],
  },
  codexToolSchemas: {
    code: 'tool-schemas-not-logged',
    message: 'Rollouts do not record the tool schemas the model was given; tool and parameter names cannot be checked.',
    affects: ['identifier'],
  },
  requestNotInFile: {
    code: 'request-not-in-file',
    message: 'This file holds responses only; the request (messages, tools) each one answered is elsewhere.',
    affects: 'all',
  },
  inputNotInFile: {
    code: 'input-not-in-file',
    message: 'A Responses API response object does not include its input; the prompt it answered is not in this file.',
    affects: 'all',
  },
  serverSideHistory: {
    code: 'server-side-history',
    message: 'The request continues a conversation stored on the server (previous_response_id / conversation); that earlier context is not in this file.',
    affects: 'all',
  },
  encryptedSearchResults: {
    code: 'encrypted-search-results',
    message: 'Web search results reached the model encrypted; their text is not in this file.',
    affects: 'all',
  },
  unreadableDocument: {
    code: 'unreadable-document',
    message: 'A document reached the model as binary (base64 PDF), a URL or a file id; its text is not in this file.',
    affects: 'all',
  },
  image: {
    code: 'image-content',
    message: 'The model saw an image; any text in it is not in this file.',
    affects: 'all',
  },
  compactedHistory: {
    code: 'compacted-history',
    message: 'Earlier turns were replaced by a model-written summary; facts from before compaction are only echoed by that summary.',
    affects: 'all',
  },
  /**
   * Session exports (Claude Code's `/export`, Copilot CLI's) show tool
   * output shortened: folded to its first lines and `… +N lines`, files read
   * and searches made as one summary line, a sub-agent's work as
   * `Done (N tool uses …)`, long results cut at `... (truncated)`. The agent
   * saw all of it.
   */
  collapsedToolOutput: {
    code: 'tool-output-collapsed',
    message:
      'The export shows tool output shortened (`… +N lines`, `Read 2 files (ctrl+o to expand)`, `... (truncated)`); what the agent read there is not in the file.',
    affects: 'all',
  },
  searchResultsNotIncluded: {
    code: 'search-results-not-included',
    message: 'The model ran a search whose results are not in this file.',
    affects: 'all',
  },
} satisfies Record<string, ContextGap>;

const NAMED = {
  markdownChat(tool: string): ContextGap {
    return {
      code: 'markdown-chat',
      message: `${tool} Markdown history records the conversation but not the files, tool output or system prompt the model saw.`,
      affects: 'all',
    };
  },
  filesNamedOnly(): ContextGap {
    return {
      code: 'file-contents-missing',
      message: 'Tool use is shown by file name only; the file contents the model read are not in the history.',
      affects: 'all',
    };
  },
  systemPromptMissing(what = 'The system prompt'): ContextGap {
    return {
      code: 'system-prompt-missing',
      message: `${what} was not logged.`,
      affects: 'all',
    };
  },
  toolSchemasMissing(): ContextGap {
    return {
      code: 'tool-schemas-missing',
      message: 'Tools were called but their definitions were not logged.',
      affects: ['identifier', 'quoted_string'],
    };
  },
  /**
   * Session exports that keep every message and tool result but not what
   * the agent was told before the first prompt: as for the logs that omit
   * their system prompt, names, identifiers and URLs may come from there;
   * numbers and quotes stay checkable.
   */
  instructionsNotExported(what: string): ContextGap {
    return {
      code: 'instructions-not-logged',
      message: `${what}; names, identifiers and URLs they held cannot be checked.`,
      affects: ['identifier', 'url', 'proper_noun'],
    };
  },
  truncated(where: string): ContextGap {
    return {
      code: 'truncated',
      message: `${where} was truncated by the instrumentation; the rest of what the model saw is not in the file.`,
      affects: 'all',
    };
  },
  unresolvedAttachment(ref: string): ContextGap {
    return {
      code: 'unresolved-attachment',
      message: `${ref} is not among the sample's attachments, so its text is unknown.`,
      affects: 'all',
    };
  },
  unresolvedFile(ref: string): ContextGap {
    return {
      code: 'unresolved-file',
      message: `${ref} could not be read, so the context it names is unknown.`,
      affects: 'all',
    };
  },
  inputNotLogged(what: string): ContextGap {
    return {
      code: 'input-not-logged',
      message: `${what}: the model's input messages were not recorded.`,
      affects: 'all',
    };
  },
  documentContentMissing(): ContextGap {
    return {
      code: 'document-content-missing',
      message: 'Retrieved documents are listed by id only; their text is not in the trace.',
      affects: 'all',
    };
  },
};

export const ContextGaps = { ...FIXED, ...NAMED };

/** Instruction files Gemini CLI loads into its system prompt (the log records no folder to read them from). */
const GEMINI_FILES: readonly string[] = ['GEMINI.md'];

/**
 * The instruction files a missing system prompt is known to hold, by the
 * gap that says it is missing: the agent saw them, so naming one is no
 * invention, whatever else the prompt held. Claude Code and Gemini CLI share
 * the gap's code (the rules treat both prompts alike); each gap's message
 * names its own agent's files, which tells them apart.
 */
const LOADED_BY_GAP: readonly { code: string; agent: string; names: readonly string[] }[] = [
  { code: FIXED.claudeSystemPrompt.code, agent: 'Claude Code', names: INSTRUCTION_FILE_NAMES['claude-code'] },
  { code: FIXED.geminiSystemPrompt.code, agent: 'Gemini CLI', names: GEMINI_FILES },
  { code: FIXED.codexInstructions.code, agent: 'Codex', names: INSTRUCTION_FILE_NAMES.codex },
];

export function instructionFilesHidden(gap: ContextGap): { agent: string; names: readonly string[] } | undefined {
  const candidates = LOADED_BY_GAP.filter((l) => l.code === gap.code);
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((l) => l.names.some((n) => gap.message.includes(n)));
}
