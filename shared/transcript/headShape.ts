/**
 * What a file is built as, judged from its first bytes: a JSON document or
 * JSON Lines, a stream of `data:` events, a zip, or text. Formats name the
 * containers they come in, so a README that quotes a chat message in a code
 * block is not mistaken for that chat. For files that are no transcript, the
 * kind of text (Markdown, source code, YAML) says what was skipped.
 */
import { isWordChar } from '../extract/chars';
import type { HeadContainer } from './model';

export type FileKind = 'empty' | 'JSON' | 'zip' | 'table' | 'Markdown' | 'source code' | 'YAML' | 'text';

export function containerOf(head: string): HeadContainer {
  if (head.startsWith('PK\u0003\u0004')) return 'zip';
  const start = skipSpace(head, 0);
  const c = head[start];
  if (c === '{' || c === '[') return opensJson(head, start) ? 'json' : 'text';
  if (head.startsWith('data:', start) || head.startsWith('event:', start)) return 'events';
  return 'text';
}

/** `{` must open a key or close at once; `[` must open a value: `[link](…)` and `[note]` are Markdown. */
function opensJson(head: string, open: number): boolean {
  const at = skipSpace(head, open + 1);
  if (at === head.length) return true;
  const c = head[at];
  if (head[open] === '{') return c === '"' || c === '}';
  if ('{["]-'.includes(c) || (c >= '0' && c <= '9')) return true;
  return ['true', 'false', 'null'].some((w) => head.startsWith(w, at) && !isWordChar(head.charCodeAt(at + w.length)));
}

// biome-ignore format: a list of words or values reads best packed
const SOURCE_EXTENSIONS = new Set([
  'c', 'cc', 'cjs', 'cpp', 'cs', 'css', 'go', 'h', 'hpp', 'html', 'java', 'js', 'jsx', 'kt', 'lua', 'mjs', 'php',
  'pl', 'py', 'r', 'rb', 'rs', 'scala', 'scss', 'sh', 'sql', 'svelte', 'swift', 'ts', 'tsx', 'vue', 'zig',
]);
const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdx', 'mdown']);
const YAML_EXTENSIONS = new Set(['yaml', 'yml']);

/** The kind of a file that is text (not JSON, not a zip, not a table). */
export function textKindOf(head: string, path: string | undefined): FileKind {
  const ext = extensionOf(path);
  if (SOURCE_EXTENSIONS.has(ext)) return 'source code';
  if (MARKDOWN_EXTENSIONS.has(ext)) return 'Markdown';
  if (YAML_EXTENSIONS.has(ext)) return 'YAML';
  const start = skipSpace(head, 0);
  if (head.startsWith('#', start) || head.startsWith('```', start)) return 'Markdown';
  return 'text';
}

function extensionOf(path: string | undefined): string {
  if (!path) return '';
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot + 1).toLowerCase() : '';
}

export function skipSpace(s: string, from: number): number {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) break;
    i++;
  }
  return i;
}
