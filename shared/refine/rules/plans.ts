/**
 * Plans, proposals and instructions say what should happen, not what the
 * context says: "I'll add `@prisma/client`", "Next, run the migration",
 * "Phase 0: add the client", "Run `prisma db pull`", "You can set PORT".
 * Their values are the agent's intentions, so they are not checked.
 *
 * Each test reads a bounded opening of one sentence (see claims.ts).
 */

/** Openings that announce what the speaker will do next. */
// biome-ignore format: a list of words or values reads best packed
const OWN_PLAN_OPENINGS = [
  "i'll", 'i will', "i'm going to", 'i am going to', 'i need to', 'i should', 'i would', "i'd", 'i plan to', 'i want to',
  'let me', "let's", 'lets', "we'll", 'we will', 'we need to', 'we should', "we'd", 'we would', 'we must', 'next step',
  'the next step',
];

/**
 * Openings that tell the reader what to do. In an agent's session these are
 * advice, not claims; in an answer drawn from documents ("You can reset it
 * in Settings", "If you…") they restate the documents, so they count there.
 */
// biome-ignore format: a list of words or values reads best packed
const INSTRUCTION_OPENINGS = [
  "you'll", 'you will', 'you can', 'you could', 'you should', 'you need to', 'you may', 'you might', 'you must',
  'to fix this', 'to do this', 'to fix it', 'to do that', 'make sure', 'remember to', "don't forget", 'do not forget',
  'please', 'consider', 'optionally', 'if you want', 'if needed', 'if you',
];

/** What "you can" says when it reports rather than instructs ("you can see the port is 3000"). */
const REPORTING = /^you (?:can|could|may|might) (?:see|tell|confirm)\b/;

/**
 * Connectives that order steps; what follows them decides ("Next, run the
 * migration" is a plan, "Then I updated the config" is a report).
 */
const SEQUENCE = /^(?:next|then|now|first|second|third|finally|lastly|after that|afterwards|also|and|once (?:that|this|it) is done)[,:]?\s+/;

/**
 * `Phase 0:`, `Step 2 -`, `Option B:`, `TODO:`, `Stage 1.2)` — a numbered
 * part of a plan: the word, a short number or letter, and the mark that ends
 * the label, then a space. A dash ends it only with a space before it, since
 * a hyphen joins words; a sentence about a phase or a file named like one
 * ("Phase-5 tasks are checked off", "Step 3 is done.", "TODO.md lists 12
 * tasks") reports on it.
 */
const PLAN_LABEL = /^(?:phase|step|stage|option|todo|to-do|action item)\b\s*#?[\w.-]{0,6}?[*_]{0,2}\s*(?:[:.)]|\s[-\u2013\u2014])[*_]{0,2}(?=\s|$)/;

/**
 * Verbs whose bare form opens an instruction ("Run `npm test`", "Add the
 * index"). Common in agents' advice; as nouns they open headings or
 * statements ("Build failed", "Update: done"), which `isImperative` tells apart.
 */
// biome-ignore format: a list of words or values reads best packed
const IMPERATIVE_VERBS = new Set([
  'add', 'adjust', 'append', 'apply', 'avoid', 'bump', 'call', 'change', 'check', 'click', 'commit', 'configure', 'convert',
  'copy', 'create', 'define', 'delete', 'deploy', 'disable', 'downgrade', 'drop', 'edit', 'enable', 'ensure', 'execute',
  'export', 'extract', 'fix', 'import', 'implement', 'increase', 'decrease', 'insert', 'install', 'keep', 'launch',
  'merge', 'migrate', 'modify', 'move', 'navigate', 'open', 'pass', 'pin', 'push', 'refactor', 'register', 'remove',
  'rename', 'replace', 'restart', 'revert', 'run', 'set', 'split', 'start', 'stop', 'switch', 'try', 'update', 'upgrade',
  'use', 'verify', 'wrap', 'write', 'rerun', 're-run', 'reinstall', 'rebuild', 'regenerate', 'uncomment', 'comment',
  'point', 'go', 'grant', 'type', 'paste', 'select', 'choose', 'pick', 'save', 'reload', 'clear', 'delete', 'revoke',
]);

/** Words after which a leading verb is a noun doing something ("Build failed", "Update completed"). */
const FINITE_AFTER =
  /^(?:is|was|are|were|has|had|have|does|did|will|would|can|could|should|may|might|must|passes|passed|fails|failed|works|worked|succeeds|succeeded|completes|completed|returns|returned|runs|ran|shows|showed|takes|took|needs|needed|seems|looks|now|still|also)\b/;

/** Headings that name a plan: its items are plans too. */
const PLAN_HEADING =
  /\b(?:plan|next steps?|steps|todo|to-do|to do|proposal|proposed|recommendations?|suggestions?|options|strategy|phases|roadmap|how to|what to do|action items)\b/;

/**
 * Whether a sentence opening (lower-cased, without list marker) says what
 * should happen: the speaker's own plan always; instructions to the reader
 * (imperatives, "you can", `Step 2:`) only where `instructions` says the
 * output is an agent's, not an answer restating its documents.
 */
export function isPlanOpening(opening: string, instructions: boolean): boolean {
  const head = opening.replace(SEQUENCE, '');
  if (OWN_PLAN_OPENINGS.some((p) => opensWith(head, p))) return true;
  if (!instructions) return false;
  if (PLAN_LABEL.test(head)) return true;
  if (REPORTING.test(head)) return false;
  if (INSTRUCTION_OPENINGS.some((p) => opensWith(head, p))) return true;
  return isImperative(head);
}

/** "Run `npm test`", "Add the index to users" — but not "Build failed" or "Update: done". */
export function isImperative(head: string): boolean {
  const m = /^([a-z][a-z-]*)(\s+|$)/.exec(head);
  if (!m || !IMPERATIVE_VERBS.has(m[1])) return false;
  const rest = head.slice(m[0].length);
  if (rest === '' || /^[:=]/.test(head.slice(m[1].length))) return false;
  return !FINITE_AFTER.test(rest);
}

/**
 * The same in the other languages the rules read: French (`Prochaines
 * étapes`, `Recommandations`), Spanish and Portuguese (`Próximos pasos`,
 * `Recomendações`, `Sugerencias`), German (`Nächste Schritte`,
 * `Empfehlungen`), Turkish (`Sonraki adımlar`, `Öneriler`, `Yapılacaklar`
 * "to do"), Russian (`План`, `Следующие шаги`, `Рекомендации`), Chinese
 * (`修复方案` "fix plan", `方法 2` "method 2", `步骤`), Japanese (`手順`
 * "steps", `対応策`, `提案`) and Korean (`계획` "plan", `다음 단계` "next
 * steps", `제안`, `해결 방안` "solution"), and each one's word for
 * "options", as the English list has it (`Optionen`, `opciones`, `opções`,
 * `seçenekler`, `варианты`, `选项`, `選択肢`, `옵션`).
 */
const OTHER_PLAN_HEADING =
  /(?<!\p{L})(?:étapes?|propositions?|recommandations?|à faire|feuille de route|pasos|passos|recomendaci\p{L}*|recomenda[çc]\p{L}*|sugerencias?|sugest\p{L}*|propuestas?|propostas?|plano|opciones|op[çc][õo]es|schritte?|empfehlung\p{L}*|vorschl[äa]ge?|vorgehen|optionen|adımlar\p{L}*|öneri\p{L}*|yapılacaklar|seçenekler\p{L}*|план\p{L}*|шаг\p{L}*|рекомендаци\p{L}*|предложени\p{L}*|вариант\p{L}*|что сделать)(?!\p{L})|方案|计划|步骤|方法|建议|下一步|解决办法|选项|計画|手順|提案|対応策|推奨|次のステップ|選択肢|계획|단계|제안|권장|방안|해결책|할 일|옵션|선택지/u;

/**
 * Openings that say what the plan just announced involves ("I will build the
 * payment feature. This involves creating a service…"): the sentence
 * continues the plan before it. Only "this involves" and its kin: "it
 * requires Node 18", "that means all 42 pass" describe what exists.
 */
const PLAN_CONTINUATION = /^(?:this|doing so) (?:involves|entails|(?:will|would) involve)\b/;

/** Whether a sentence opening (as `isPlanOpening` reads it) goes on with the plan of the sentence before it, in the same paragraph. */
export function continuesPlan(opening: string): boolean {
  return PLAN_CONTINUATION.test(opening);
}

/** A heading or label line that introduces a plan ("## Migration plan", "**Next steps:**"). */
export function isPlanHeading(line: string): boolean {
  const lower = line.toLowerCase();
  return PLAN_HEADING.test(lower) || OTHER_PLAN_HEADING.test(lower);
}

function opensWith(head: string, phrase: string): boolean {
  if (!head.startsWith(phrase)) return false;
  const next = head.charCodeAt(phrase.length);
  return Number.isNaN(next) || !((next >= 0x61 && next <= 0x7a) || (next >= 0x41 && next <= 0x5a));
}
