/**
 * Every transcript format groundcheck reads. Detection asks each parser's
 * `sniff` about the first ~64 KB and picks the most confident, so order here
 * only breaks ties.
 */
import type { FormatParser } from '../model';
import { claudeCodeFormat } from './claudeCode';
import { claudeStreamJsonFormat } from './claudeStreamJson';
import { codexRolloutFormat } from './codexRollout';
import { codexExecFormat } from './codexExec';
import { geminiCliFormat } from './geminiCli';
import { geminiCheckpointFormat } from './geminiCheckpoint';
import { openaiChatFormat } from './openaiChat';
import { openaiResponsesFormat } from './openaiResponses';
import { anthropicMessagesFormat } from './anthropicMessages';
import { clineFormat } from './cline';
import { clineExportFormat } from './clineExport';
import { ragasFormat } from './ragas';
import { deepevalFormat } from './deepeval';
import { ragtruthFormat } from './ragtruth';
import { inspectLogFormat } from './inspectLog';
import { otlpFormat } from './otlp';
import { langsmithFormat } from './langsmith';
import { langfuseFormat } from './langfuse';
import { specstoryFormat } from './specstory';
import { claudeCodeExportFormat } from './claudeCodeExport';
import { copilotCliExportFormat } from './copilotCliExport';
import { codexExportFormat } from './codexExport';
import { aiderChatFormat } from './aider';
import { aiderLlmHistoryFormat } from './aiderLlmHistory';
import { promptfooFormat } from './promptfoo';

export const ALL_FORMATS: FormatParser[] = [
  claudeCodeFormat,
  claudeStreamJsonFormat,
  codexRolloutFormat,
  codexExecFormat,
  geminiCliFormat,
  geminiCheckpointFormat,
  openaiChatFormat,
  openaiResponsesFormat,
  anthropicMessagesFormat,
  clineFormat,
  ragasFormat,
  deepevalFormat,
  ragtruthFormat,
  inspectLogFormat,
  otlpFormat,
  langsmithFormat,
  langfuseFormat,
  specstoryFormat,
  claudeCodeExportFormat,
  copilotCliExportFormat,
  codexExportFormat,
  clineExportFormat,
  aiderChatFormat,
  aiderLlmHistoryFormat,
  promptfooFormat,
];
