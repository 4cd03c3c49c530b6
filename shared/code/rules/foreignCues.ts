/**
 * Words by which a sentence in French, Spanish, Portuguese, German, Turkish,
 * Russian, Chinese, Japanese or Korean proposes, supposes, asks or denies
 * rather than reports: the counterparts of the English words absent-names
 * reads, so a turn in those languages can be judged too. They come from each
 * language's grammar: its modal verbs ("should", "can", "need"), its future
 * and conditional, its words of proposing and of example, its negation and
 * its words for "missing" and "none".
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
 * a noun is left alone too. Spanish and Portuguese are read the same way
 * (infinitives in -ar/-er/-ir, imperatives in -a/-e, future in -rá/-ré,
 * conditional in -ría); German by its modals, `werden` and `würde`, and the
 * polite imperative (`Führen Sie`); Russian by its modals (`должен`,
 * `нужно`, `можно`), the conditional `бы`, `будет`, and an opening
 * infinitive, imperative or first-person verb (`Создать`, `Добавьте`,
 * `Проверю`), since a report opens on a past form (`Добавил`); Turkish,
 * which writes mood in suffixes, by its suffixes of necessity (-meli), ability
 * (-ebil), future (-ecek) and negation (-miyor, -medi); Korean by its endings
 * of intention (-겠-), necessity (-야), possibility (수 있), request (-세요)
 * and question (-까), and its words of negation (없, 않, 못). Each
 * expression is a set of literal alternatives, or a word's letters and a
 * fixed ending after a word start, or a fixed run of letters anywhere: linear.
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

const SPANISH =
  /(?<!\p{L})(?:deb(?:e|es|en|emos|ería|erías|erían|eríamos|ía|ían)|hay que|tien(?:e|es|en) que|tenemos que|necesit\p{L}*|pued\p{L}*|pod(?:er|emos|éis|ría|rías|rían|ríamos|rá|rán)|voy a|vamos a|va a|van a|sugier\p{L}*|suger\p{L}*|recomiend\p{L}*|recomend\p{L}*|propon\p{L}*|propuest\p{L}*|si|en caso|por ejemplo|ej|quizás?|tal vez|próxim\p{L}*|pasos?|plan|quier\p{L}*|quisiera|no|ningun\p{L}*|ningún|sin|ni|nada|falt\p{L}*|ausente\p{L}*|inexistente\p{L}*|\p{L}{2,}(?:aría|ería|iría|arían|erían|irían|ará|erá|irá|arán|erán|irán|aré|eré|iré|aremos|eremos|iremos))(?!\p{L})|[?¿]/iu;

const PORTUGUESE =
  /(?<!\p{L})(?:dev(?:e|es|em|emos|eria|eriam|eríamos|ia|iam)|precis\p{L}*|pod(?:e|es|em|emos|eria|eriam|eríamos|erá|erão)|vou|vamos|vai|vão|sugir\p{L}*|suger\p{L}*|sugest\p{L}*|recomend\p{L}*|propo\p{L}*|se|caso|por exemplo|ex|talvez|próxim\p{L}*|passos?|plano|quer\p{L}*|gostaria|não|nenhum\p{L}*|nem|sem|nada|falt\p{L}*|ausente\p{L}*|inexistente\p{L}*|\p{L}{2,}(?:aria|eria|iria|ariam|eriam|iriam|ará|erá|irá|arão|erão|irão|arei|erei|irei|aremos|eremos|iremos))(?!\p{L})|\?/iu;

/** An infinitive or an imperative opening a sentence or list item in Spanish or Portuguese (`Crear`, `Adicione`): an instruction. */
const IBERIAN_INSTRUCTION = /^[\s\-*+•>#]*(?:\d{1,3}[.)][\s*]*)?\p{L}{2,}(?:ar|er|ir|a|e|em)(?!\p{L})/u;

const GERMAN =
  /(?<!\p{L})(?:soll\p{L}*|müss\p{L}*|muss|musst|könn\p{L}*|kann|kannst|würd\p{L}*|wär\p{L}*|werde|werden|wirst|empfehl\p{L}*|empfiehlt|empfohlen|vorschl\p{L}*|vorgeschlagen|schlage|wenn|falls|ob|z\. ?b|zum beispiel|beispielsweise|etwa|vielleicht|eventuell|nächst\p{L}*|schritt\p{L}*|plan|möcht\p{L}*|will|wollen|bitte|nicht|kein\p{L}*|ohne|fehl\p{L}*|nirgends|weder)(?!\p{L})|\?/iu;

/** The polite imperative opening a sentence or list item (`Führen Sie`, `Erstellen Sie`): an instruction. */
const GERMAN_INSTRUCTION = /^[\s\-*+•>#]*(?:\d{1,3}[.)][\s*]*)?\p{L}{2,}en\s+Sie(?!\p{L})/u;

const TURKISH =
  /(?<!\p{L})(?:eğer|ise|durumunda|öner\p{L}*|tavsiye\p{L}*|gerek\p{L}*|lazım|örneğin|mesela|belki|muhtemelen|plan\p{L}*|adım\p{L}*|sonraki|iste\p{L}*|yok|değil\p{L}*|eksik\p{L}*|hiç\p{L}*)(?!\p{L})|m[ae]l[ıi]|[ae]bil|[ae]c[ae][kğ]|[ae]l[ıi]m(?!\p{L})|m[ıiuü]yor|m[ae]d[ıiuü]|m[ae]z(?!\p{L})|m[ae]y[ae]n|\?/iu;

/** An imperative or an infinitive opening a sentence or list item (`Ekleyin`, `Kullanın`, `Eklemek`): an instruction. */
const TURKISH_INSTRUCTION = /^[\s\-*+•>#]*(?:\d{1,3}[.)][\s*]*)?\p{L}{2,}(?:[yn]?[ıiuü]n|m[ae]k)(?!\p{L})/u;

const RUSSIAN =
  /(?<!\p{L})(?:долж\p{L}*|нуж\p{L}*|надо|необходим\p{L}*|следует|стоит|можно|мож(?:ет|ете|ем|ешь|ут)|мог\p{L}*|бы|б|буд\p{L}*|предлаг\p{L}*|предлож\p{L}*|рекоменд\p{L}*|совет\p{L}*|лучше|если|например|напр|план\p{L}*|следующ\p{L}*|шаг\p{L}*|хоч\p{L}*|хотите|хотим|давай\p{L}*|возможно|вероятно|видимо|наверн\p{L}*|похоже|кажется|предполаг\p{L}*|допуст\p{L}*|ли|не|нет|ни|нигде|никак\p{L}*|без|отсутств\p{L}*|недоста\p{L}*|нельзя)(?!\p{L})|\?/iu;

/**
 * An infinitive, an imperative or a first-person present or future verb
 * opening a sentence or list item, maybe after a word of sequence or a
 * pronoun (`Создать`, `Добавьте`, `Сейчас обновлю`, `Я проверю`): an
 * instruction or the speaker's plan. A report opens on a past form
 * (`Добавил`, `Создан`), which these endings leave out.
 */
const RUSSIAN_INSTRUCTION =
  /^[\s\-*+•>#]*(?:\d{1,3}[.)][\s*]*)?(?:(?:сейчас|теперь|затем|далее|потом|сначала|также|дальше|ещё|еще|я|мы)\s+)?\p{L}{2,}(?:ть|ти|чь|ться|йте|ите|ьте|й|и|ь|ю|у|ем|им|ём)(?!\p{L})/iu;

const KOREAN =
  /해야|야 합|야 해|겠|수 있|수도|제안|추천|권장|권고|필요|만약|만일|경우|예를 들|예시|예:|계획|다음 단계|다음으로|세요|십시오|주세요|시다|까요|습니까|나요|는지|을지|(?:하|되|다|으|이|라|있|없)면(?!\p{L})|없|않|못|누락|부족|아니|아닌|미구현|미정의|미존재|(?<!\p{L})안(?!\p{L})|\?/u;

/**
 * Whether `text`, written in `language`, proposes, supposes, asks or denies
 * in that language's words. `opens` says the text starts a sentence or list
 * item, where an instruction's opening verb is read too; the rest of a
 * clause after a name opens nothing.
 */
export function foreignCue(text: string, language: ProseLanguage, opens = true): boolean {
  switch (language) {
    case 'fr':
      return FRENCH.test(text) || (opens && FRENCH_INSTRUCTION.test(text));
    case 'es':
      return SPANISH.test(text) || (opens && IBERIAN_INSTRUCTION.test(text));
    case 'pt':
      return PORTUGUESE.test(text) || (opens && IBERIAN_INSTRUCTION.test(text));
    case 'de':
      return GERMAN.test(text) || (opens && GERMAN_INSTRUCTION.test(text));
    case 'tr':
      return TURKISH.test(text) || (opens && TURKISH_INSTRUCTION.test(text));
    case 'ru':
      return RUSSIAN.test(text) || (opens && RUSSIAN_INSTRUCTION.test(text));
    case 'zh':
      return CHINESE.test(text);
    case 'ja':
      return JAPANESE.test(text);
    case 'ko':
      return KOREAN.test(text);
    default:
      return false;
  }
}
