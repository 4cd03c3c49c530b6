/**
 * Which documents the server is given. Transcripts come in many file types,
 * so the selector is broad and the server decides by content whether a
 * document is one. Patterns cover files whose language id depends on other
 * extensions (VS Code has no built-in CSV language).
 */
import type { DocumentFilter } from 'vscode-languageclient/node';

const LANGUAGES = ['json', 'jsonl', 'jsonc', 'markdown', 'yaml', 'csv', 'plaintext'] as const;
const PATTERNS = ['**/*.jsonl', '**/*.csv', '**/*.json', '**/*.yaml', '**/*.yml'] as const;
const SCHEMES = ['file', 'untitled'] as const;

export const TRANSCRIPT_DOCUMENTS: DocumentFilter[] = [
  ...SCHEMES.flatMap((scheme) => LANGUAGES.map((language) => ({ scheme, language }))),
  ...PATTERNS.map((pattern) => ({ scheme: 'file', pattern })),
];
