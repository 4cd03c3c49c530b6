/**
 * The kinds of missing context parsers report, in one place so their codes
 * and wording stay consistent across formats.
 */
import type { ContextGap } from '../../../classifier/types';

export const ContextGaps = {
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
