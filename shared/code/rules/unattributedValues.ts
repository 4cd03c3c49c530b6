/**
 * In an agent's turn, a value the session never showed is mostly the
 * agent's own: a button label it recommends, an example ("e.g. “Retry
 * failed”"), a phrase it stresses, a target it proposes ("coverage > 80%"),
 * a count it made by reading, a figure it knows from elsewhere. Such a quote
 * or number is a claim about what the agent saw only when the sentence says
 * so: something said, showed, printed, returned or reported it, a test run
 * passed or failed with it, or it is an error, a message or a log line.
 * Without such a word the rule cannot tell what the value refers to, so it
 * does not flag it.
 *
 * Each sentence is read once, through one alternation of literal words with
 * no nested repetition, so the cost is linear in the output.
 */
import type { Entity, ExtractedEntity, Range } from '../../classifier/types';
import { sentenceIndexAt, type OutputSentence } from '../../refine/claims';

/** Words that say a quote is taken from something the agent saw or ran. */
const ATTRIBUTION =
  /\b(?:say|says|said|show|shows|showed|shown|print|prints|printed|output|outputs|return|returns|returned|report|reports|reported|read|reads|log|logs|logged|error|errors|exception|exceptions|message|messages|warning|warnings|contain|contains|contained|state|states|stated|display|displays|displayed|throw|throws|threw|raise|raises|raised|fail|fails|failed|quote|quotes|quoted|pass|passes|passed|passing|tests)\b|报错|报|显示|提示|输出|返回|错误|日志|写着|消息|异常|erreur|affiche|renvoie/i;

/** The types whose unfound values need an attribution in an agent's turn: a date or clock time is as much the agent's own example or proposal as a number. */
const ATTRIBUTED_TYPES: ReadonlySet<string> = new Set(['quoted_string', 'number', 'date']);

/**
 * The rules that leave a value simply unfound: the plain lookup, and, for a
 * clock time, its lookup on token boundaries (a time is looked up by that
 * rule alone).
 */
const UNFOUND_RULES: ReadonlySet<string | undefined> = new Set(['not-in-context', 'clock-boundaries']);

/** Drops unfound quotes, numbers, dates and times of an agent's turn whose sentences attribute them to nothing. */
export function dropUnattributedValues(output: string, sentences: readonly OutputSentence[], extracted: ExtractedEntity[], entities: Entity[]): void {
  const attributed = new Map<number, boolean>();
  const saysWhere = (span: Range): boolean => {
    const s = sentenceIndexAt(sentences, span[0]);
    if (s === undefined) return false;
    let said = attributed.get(s);
    if (said === undefined) {
      const [from, to] = sentences[s].span;
      // The words around the quote, without the quote itself: a quoted "error" is not an attribution.
      said = ATTRIBUTION.test(output.slice(from, span[0])) || ATTRIBUTION.test(output.slice(span[1], to));
      attributed.set(s, said);
    }
    return said;
  };
  for (let i = entities.length - 1; i >= 0; i--) {
    const e = entities[i];
    if (!ATTRIBUTED_TYPES.has(e.type) || e.status !== 'unverified' || !UNFOUND_RULES.has(e.rule) || extracted[i].code) continue;
    if (e.occurrences.some(saysWhere)) continue;
    entities.splice(i, 1);
    extracted.splice(i, 1);
  }
}
