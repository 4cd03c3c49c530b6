/**
 * Per-type prose (kept in entityTypes.json) and the README section each
 * diagnostic code links to.
 */
import type { EntityType } from '../../shared/classifier/types';
import docs from './entityTypes.json';

export const DOCS_BASE = 'https://github.com/groundcheck/groundcheck';

export function docsUrl(type: EntityType): string {
  return `${DOCS_BASE}#${type}`;
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
