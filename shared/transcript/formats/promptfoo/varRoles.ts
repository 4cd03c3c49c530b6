/**
 * What a promptfoo test variable is to the model, judged by its name:
 * reference answers are the grader's, retrieved passages are documents,
 * everything else is substituted into the prompt the model reads.
 */
import type { Role } from '../../model';

const GRADER_HINTS = ['expected', 'reference', 'ground_truth', 'groundtruth', 'golden', 'ideal'];
const DOCUMENT_HINTS = ['context', 'document', 'retriev', 'passage', 'chunk', 'source'];

export function varRole(name: string): Role {
  const n = name.toLowerCase();
  if (GRADER_HINTS.some((h) => n.includes(h))) return 'grader';
  if (DOCUMENT_HINTS.some((h) => n.includes(h))) return 'document';
  return 'user';
}
