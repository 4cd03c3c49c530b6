/**
 * Words by which a French, Chinese or Japanese sentence proposes, supposes,
 * asks or denies rather than reports: the counterparts of the English words
 * absent-names reads, so a turn in those languages can be judged too.
 *
 * The lists lean wide on purpose. A word taken for a cue that is not one
 * (Chinese 要 inside 重要 "important", a French word that only looks like a
 * future tense) keeps a report from being judged, which costs a finding; a
 * cue missed would flag a proposal, which costs the user's trust.
 *
 * French spells its instructions as infinitives or imperatives opening the
 * sentence ("Retirer `x`", "Vérifie `y`") or with -ez ("Lancez"), and its
 * future and conditional with endings (-era, -erait): those forms are cues,
 * an opening one only where an instruction opens (mid-sentence too many
 * nouns end in -er or -e: `fichier`, `autre`), so a report opening on such
 * a noun is left alone too. Each
 * expression is a set of literal alternatives, or a word's letters and a
 * fixed ending after a word start: linear.
 */
import type { ProseLanguage } from '../../text/proseLanguage';

const FRENCH =
  /(?<!\p{L})(?:devr\p{L}*|doi[st]|doivent|pourr\p{L}*|peu[xt]|pouvez|pouvons|faut|faudr\p{L}*|sugg[èé]r\p{L}*|recommand\p{L}*|propos\p{L}*|si|s'il|par exemple|comme|à faire|prochaines?|étapes?|veux|voulez|veut|souhait\p{L}*|envisag\p{L}*|plan|manqu\p{L}*|absent\p{L}*|aucun\p{L}*|pas|sans|ni|inexistant\p{L}*|introuvable\p{L}*|\p{L}{2,}(?:ez|era|eras|erai|erons|erez|eront|erait|eraient|ira|iront|irait))(?!\p{L})|\?/iu;

/** An infinitive or a familiar imperative (`Vérifie`, `Lance`) opening a sentence or list item, after its marker and any emphasis: an instruction. */
const FRENCH_INSTRUCTION = /^[\s\-*+•>#]*(?:\d{1,3}[.)][\s*]*)?\p{L}{2,}(?:er|ir|e|es)(?!\p{L})/u;

const CHINESE =
  /建议|应该|应当|可以|可能|需要|必须|要|将|会|如果|若|假如|例如|比如|新建|创建|添加|新增|增加|加|实现|定义|引入|编写|改进|改成|改为|替换|删除|更新|或者|方案|计划|下一步|待办|打算|想|请|考虑|推荐|是否|吗|吧|步骤|没有|没|缺少|缺失|不存在|未|无|不|非|别|？|\?/;

const JAPANESE =
  /べき|できます|できる|可能|必要|追加|作成|新規|新しく|提案|推奨|おすすめ|場合|なら|たら|予定|しましょう|ましょう|します|ください|例えば|検討|次に|つもり|ない|なし|無し|無い|ません|見つから|欠け|不足|未|か？|？|\?/;

/** Whether `text`, written in `language`, proposes, supposes, asks or denies in that language's words. */
export function foreignCue(text: string, language: ProseLanguage): boolean {
  if (language === 'fr') return FRENCH.test(text) || FRENCH_INSTRUCTION.test(text);
  if (language === 'zh') return CHINESE.test(text);
  if (language === 'ja') return JAPANESE.test(text);
  return false;
}
