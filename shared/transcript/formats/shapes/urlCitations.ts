/**
 * OpenAI `url_citation` annotations (Responses `output_text`, and search
 * models in Chat Completions): the API attaches the URL and title of a page
 * the model read during a web search whose text the file never holds. They
 * ground the link and the page name in the text they annotate, so they go
 * before that text on its branch, though the file lists them after it.
 */
import type { JsonPath } from '../../json/jsonRegion';
import { arr, obj, str } from './jsonValues';
import type { JsonSource, FileOrderTranscriptBuilder } from './fileOrderTranscriptBuilder';

/**
 * `annotations` at `path`; `nested` names the key holding the citation's
 * fields (Chat Completions nests them under `url_citation`, Responses does not).
 */
export function emitUrlCitations(
  b: FileOrderTranscriptBuilder,
  src: JsonSource,
  annotations: unknown,
  path: JsonPath,
  parent: number,
  nested: boolean,
): number {
  let tail = parent;
  const list = arr(annotations);
  for (let i = 0; i < list.length; i++) {
    const a = obj(list[i]);
    if (!a || a.type !== 'url_citation') continue;
    const fields = nested ? obj(a.url_citation) : a;
    const at: JsonPath = nested ? [...path, i, 'url_citation'] : [...path, i];
    if (!fields) continue;
    for (const key of ['url', 'title'] as const) {
      const value = str(fields[key]);
      if (value !== undefined) tail = b.addString(src, [...at, key], value, { role: 'tool_result', parent: tail, label: `web search citation (${key})` });
    }
  }
  return tail;
}
