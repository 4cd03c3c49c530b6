/**
 * One line per entity for a person or an agent to read, worded as the CLI's
 * reports word findings: `number '$25.00' not in context`.
 */
import type { EntityKind, EntityVerdict } from './types';

const MAX_VALUE = 80;

export function entityMessage(kind: EntityKind, value: string, verdict: EntityVerdict, contextSays?: string, detail?: string): string {
  const what = `${kind} '${shorten(value)}'`;
  const more = detail ? `: ${detail}` : '';
  switch (verdict) {
    case 'grounded':
      return `${what} is in the context`;
    case 'indeterminate':
      return `${what} not checked: the context is known to lack what could hold it${more}`;
    case 'contradicted':
      return contextSays === undefined
        ? `${what} contradicts the context${more}`
        : `${what} contradicts the context, which says '${shorten(contextSays)}'${more}`;
    case 'misattributed':
      return `${what} is in the context, but not in the source cited for it`;
    default:
      return `${what} not in context${more}`;
  }
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= MAX_VALUE ? flat : `${flat.slice(0, MAX_VALUE - 1)}…`;
}
