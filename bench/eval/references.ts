/**
 * Published reference points from the RAGTruth data README, all measured on
 * RAGTruth's test split (our dev sample comes from its train split, so they
 * are context for our figures, not a like-for-like comparison).
 */
export interface ReferencePoint {
  name: string;
  /** Response-level F1 unless `level` says otherwise. */
  f1: number;
  level: 'response' | 'span';
  deterministic: boolean;
}

export const ALWAYS_FLAG_TEST_F1 = { all: 0.518, QA: 0.302, Summary: 0.37, Data2txt: 0.783 } as const;

export const REFERENCE_POINTS: readonly ReferencePoint[] = [
  { name: 'always flag', f1: 0.518, level: 'response', deterministic: true },
  { name: 'named-entity rule', f1: 0.533, level: 'response', deterministic: true },
  { name: 'ROUGE-overlap rule', f1: 0.621, level: 'response', deterministic: true },
  { name: 'GPT-4-turbo prompting', f1: 0.634, level: 'response', deterministic: false },
  { name: 'fine-tuned Llama-2-13B', f1: 0.787, level: 'response', deterministic: false },
  { name: 'LettuceDetect-large', f1: 0.792, level: 'response', deterministic: false },
  { name: 'GPT-4-turbo prompting', f1: 0.283, level: 'span', deterministic: false },
  { name: 'fine-tuned Llama-2-13B', f1: 0.527, level: 'span', deterministic: false },
];
