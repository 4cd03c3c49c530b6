/**
 * Per-type prose (kept in entityTypes.json) and the README section each
 * diagnostic code links to.
 */
import type { EntityType } from '../classifier/types';
import docs from './entityTypes.json';

export const DOCS_BASE = 'https://github.com/groundcheck/groundcheck';

/** The README section for an entity type or a verdict (`contradicted`, `misattributed`). */
export function docsUrl(anchor: EntityType | 'contradicted' | 'misattributed' | string): string {
  return `${DOCS_BASE}#${anchor}`;
}

/** The section of docs/rules.md for a rule of the classifier. */
export function ruleDocsUrl(id: string): string {
  return `${DOCS_BASE}/blob/main/docs/rules.md#${id}`;
}

export function typeTitle(type: EntityType): string {
  return docs[type].title;
}

export function typeAbout(type: EntityType): string {
  return docs[type].about;
}

/** "quoted string" for messages. */
export function typeWords(type: EntityType): string {
  return type.replace('_', ' ');
}
