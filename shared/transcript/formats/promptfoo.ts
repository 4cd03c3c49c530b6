/**
 * promptfoo: the `promptfooconfig.yaml` test suite (context only) and the
 * JSON results `promptfoo eval -o` writes (outputs with their rendered
 * prompts).
 */
import type { FormatParser, ParseInput, Transcript } from '../model';
import { countMarkers } from './common/jsonText';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { parseConfig } from './promptfoo/configTests';
import { parseResults } from './promptfoo/evalResults';

export const promptfooFormat: FormatParser = {
  id: 'promptfoo',
  label: 'promptfoo suite or results',
  containers: ['json', 'text'],
  sniff(head, path) {
    const trimmed = head.trimStart();
    if (trimmed.startsWith('{')) {
      if (head.includes('"evalId"') && head.includes('"results"')) return 0.9;
      return countMarkers(head, ['"testCase"', '"gradingResult"', '"promptId"']) >= 2 && head.includes('"response"') ? 0.85 : 0;
    }
    if (/promptfooconfig\.ya?ml$/.test(path ?? '')) return 0.9;
    const lines = ['\ntests:', '\nprompts:', '\nproviders:'];
    return (head.startsWith('tests:') || head.includes('\ntests:')) && countMarkers('\n' + head, lines) >= 2 && head.includes('vars:') ? 0.8 : 0;
  },
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('promptfoo', input.raw);
    if (input.raw.trimStart().startsWith('{')) parseResults(b, input);
    else parseConfig(b, input);
    return b.finish();
  },
};
