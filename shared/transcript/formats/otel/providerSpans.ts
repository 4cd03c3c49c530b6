/**
 * Spans that hand material to later model calls: retrievers (OpenInference
 * `retrieval.documents.N.document.content`, reranker output, GenAI
 * `gen_ai.retrieval.documents`) and tools (`gen_ai.tool.call.result`,
 * Vercel `ai.toolCall.result`, OpenInference `output.value`).
 */
import { ContextGaps } from '../contextGaps';
import { isObject, str } from '../common/jsonText';
import { json, text } from './attributeText';
import { indexedGroups } from './indexedKeys';
import type { SpanContent } from './spanContent';
import type { SpanRef } from './spanReader';

export function readRetriever(span: SpanRef, c: SpanContent): void {
  let n = 0;
  for (const prefix of ['retrieval.documents', 'reranker.output_documents']) {
    for (const [, g] of indexedGroups(span.attrs, prefix)) {
      const t = text(span, g.get('document.content'));
      if (t) c.provides.push({ role: 'document', text: t, label: `retrieved document ${++n}` });
    }
    if (n > 0) break;
  }
  const docs = json(span, 'gen_ai.retrieval.documents', span.attrs, c.gaps);
  if (docs && Array.isArray(docs.value)) {
    let withoutContent = 0;
    docs.value.forEach((d, i) => {
      if (isObject(d) && typeof d.content === 'string') {
        c.provides.push({
          role: 'document',
          text: { text: d.content, map: docs.region.stringMap([...docs.base, i, 'content']) },
          label: `retrieved document ${++n}`,
        });
      } else withoutContent++;
    });
    if (withoutContent > 0) c.gaps.push(ContextGaps.documentContentMissing());
  }
  if (n === 0) {
    const t = text(span, span.attrs.get('output.value'));
    if (t) c.provides.push({ role: 'document', text: t, label: 'retrieval output' });
  }
}

export function readTool(span: SpanRef, c: SpanContent): void {
  const a = span.attrs;
  const name = str(a.get('gen_ai.tool.name')?.value) ?? str(a.get('tool.name')?.value) ?? str(a.get('ai.toolCall.name')?.value) ?? span.name;
  for (const key of ['gen_ai.tool.call.result', 'ai.toolCall.result', 'output.value']) {
    const t = text(span, a.get(key));
    if (t) {
      c.provides.push({ role: 'tool_result', text: t, label: `tool result ${name}` });
      return;
    }
  }
}
