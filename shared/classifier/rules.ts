/**
 * The rules of the classifier, by id: what each one checks, at which stage,
 * for which kind of text, with examples that run as tests. A finding names
 * the rule that decided it (`Entity.rule`), so a user can see why it is
 * there, measure each rule, and turn one off (`rules: { id: 'off' }`), like
 * a linter's rules.
 *
 * This is the catalogue, not the code: the passes that carry each id out are
 * run in order in shared/pipeline/classify.ts.
 */

/** When a rule runs. */
export type RuleStage =
  /** Which sentences of an output make claims at all. */
  | 'sentences'
  /** Adds claims the plain extraction does not see. */
  | 'extract'
  /** Drops occurrences that are not claims. */
  | 'not-a-claim'
  /** The plain lookup of every form in the context. */
  | 'lookup'
  /** Grounds a claim the context gives in another form. */
  | 'equivalence'
  /** Decides a claim's verdict beyond found / not found. */
  | 'verdict'
  /** What the context is known to lack. */
  | 'context';

/**
 * What a rule understands. `core` holds for any text; `prose` for answers in
 * sentences; `code` for coding-agent sessions (files, lines, code); `records`
 * for contexts of structured records (fields, opening hours). A pack's rules
 * run only where what they understand is there (PACKS says where), and a
 * profile is a list of packs.
 */
export type RulePack = 'core' | 'prose' | 'code' | 'records';

export interface PackDoc {
  id: RulePack;
  /** What its rules understand. */
  summary: string;
  /** Where its rules run. */
  runs: string;
}

export const PACKS: readonly PackDoc[] = [
  {
    id: 'core',
    summary: "Rules for any text: the lookup itself, whole numbers, the output's own labels, what the context lacks.",
    runs: 'On every output; every profile has it.',
  },
  {
    id: 'prose',
    summary: 'Rules for answers written in sentences: which sentences claim, spellings of the same value, slots the context fills otherwise, cited sources.',
    runs: 'On every output.',
  },
  {
    id: 'code',
    summary: 'Rules for what a coding agent says about files, lines, code, commands and test runs.',
    runs: "On an agent's turn: every output of a coding agent's format (Claude Code, Codex, Copilot CLI, Cline, Aider, SpecStory, and their session exports), and every output of a log that records tool calls. Not on an answer checked against passages or a plain chat.",
  },
  {
    id: 'records',
    summary: 'Rules for contexts of structured records: fields, keys named by a unit, opening hours, address abbreviations.',
    runs: 'Where a part of the context the output could see is a structured record: it opens an object, or an array of objects, whose first member is a quoted key and a colon (`{"name": …`, `[{\'city\': …`), as JSON and Python or JavaScript literals do. Not on prose, code listings or command output.',
  },
];

/** A coding session in a few words, for examples: built into a Claude Code session by the tests. */
export type SessionStep =
  | { user: string }
  | { read: { path: string; lines: string[] } }
  | { bash: { command: string; output: string } }
  | { edit: { path: string; old: string; new: string } }
  | { say: string };

/**
 * An example of the rule at work: an output with its context (a string, or a
 * coding session whose last `say` is the output). `flags` are texts the rule
 * makes findings of (for a rule that keeps things from being checked: texts
 * it leaves to be flagged); `grounds` texts it grounds; `skips` texts it
 * keeps from being checked at all. Each runs as a test with the rule on and off.
 */
export interface RuleExample {
  output?: string;
  context?: string;
  session?: SessionStep[];
  flags?: string[];
  grounds?: string[];
  skips?: string[];
  /** Texts the rule checks and does not flag: what it knows to leave alone. */
  passes?: string[];
}

export interface RuleDoc {
  id: string;
  stage: RuleStage;
  pack: RulePack;
  /** One line, for lists and hovers. */
  summary: string;
  /** A paragraph: what it checks, why, and what it does not. */
  doc: string;
  examples: RuleExample[];
  /**
   * `off`: the rule does not flag in an agent's turn unless turned on,
   * because what it finds there is rarely about the context; `measured`
   * says on what evidence.
   */
  agentTurns?: 'off';
  measured?: string;
}

/** The session the file rules' examples start from: the agent read one file. */
const UPLOAD_READ: SessionStep[] = [{ user: 'Fix the failing upload test.' }, { read: { path: 'src/upload.ts', lines: ['export const TIMEOUT = 30;'] } }];

export const RULES = [
  {
    id: 'claim-sentences',
    stage: 'sentences',
    pack: 'prose',
    summary: 'Only sentences that state something are checked.',
    doc: 'Questions, hedged sentences ("I think", "maybe"), talk about the answer itself ("Here is a summary:"), greetings, the speaker\'s plans ("I\'ll add…"), fenced code and, in an agent\'s turn, instructions to the reader ("Run `npm test`") and sections under a heading that names a plan ("Next steps", "Prochaines étapes", "Próximos pasos", "Nächste Schritte", "План", "修复方案", "手順", "다음 단계") state nothing about the context. Their entities are not checked.',
    examples: [{ output: 'Maybe the launch was in 2019? The launch was in 2021.', context: 'The launch was in 2020.', skips: ['2019'], flags: [] }],
  },
  {
    id: 'list-markers',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: 'List numbers ("1.", "2)") are not claims.',
    doc: "A number that numbers an item of a list, a step or a Markdown heading (`### **3. Sending**`) is the answer's own numbering, not a value taken from the context.",
    examples: [
      {
        output: '### **3. How mail is sent**\nThe mailer retries 5 times.',
        context: 'The mailer retries 5 times before it gives up.',
        skips: ['3'],
      },
    ],
  },
  {
    id: 'own-numbering',
    stage: 'not-a-claim',
    pack: 'core',
    summary: 'Labels the output gives its own items ("#0.3", "Method 3:") are not claims.',
    doc: "A number at the head of a line marked as a label (after `#`, or after a word and before a colon, bracket or dash) numbers the output's own items; it and its later references (`depends on #0.3`, `see Method 3`) claim nothing about the context. A bare number in a sentence stays a claim.",
    examples: [
      {
        output: '- #4.1 Add the login page.\n- #4.2 Add the session store; depends on #4.1.\nThe store keeps 30 days of sessions.',
        context: 'Sessions are kept for 30 days.',
        skips: ['4.1', '4.2'],
      },
    ],
  },
  {
    id: 'generic-attributions',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: '"according to the document" names no source worth checking.',
    doc: 'A citation of the context itself in general words (the document, the passage, the text, the sources) is not a claim about a particular source.',
    examples: [{ output: 'According to the document, revenue was $4.2M.', context: 'Revenue was $4.2M.', skips: ['the document'] }],
  },
  {
    id: 'sentence-initial-words',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: 'A capitalized word that only opens sentences is no name.',
    doc: 'A word capitalized because it starts a sentence ("However", "Overall") would otherwise count as a proper noun when it opens two sentences.',
    examples: [{ output: 'Overall the team shipped 3 releases. Overall it went well.', context: 'The team shipped 3 releases.', skips: ['Overall'] }],
  },
  {
    id: 'meridiem',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: '"AM" and "PM" are part of a time, not names.',
    doc: 'The letters after a clock time are read with the time; alone they are not a proper noun to look up.',
    examples: [],
  },
  {
    id: 'rating-scale',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: 'The 5 of "4 out of 5" is the scale, not a claim.',
    doc: 'The maximum of a rating scale ("out of 5", "/10") is how the rating is written; only the rating itself is a claim.',
    examples: [{ output: 'Reviewers gave it 4 out of 5 stars.', context: 'Average rating: 4 stars.', skips: ['5 stars'] }],
  },
  {
    id: 'source-references',
    stage: 'not-a-claim',
    pack: 'prose',
    summary: '"[2]" and "passage 3" cite a numbered source; they are checked as citations.',
    doc: 'A bracketed number or a "passage N" reference names a numbered source of the context: it is a citation of that source, not a number to find in the text.',
    examples: [],
  },
  {
    id: 'clock-times',
    stage: 'extract',
    pack: 'prose',
    summary: 'Clock times ("9am", "17:30") are read as times.',
    doc: 'A time is looked up in every usual spelling (`9am`, `9:00 AM`, `09:00`), on token boundaries, so `4:00` is not found inside `14:00`.',
    examples: [],
  },
  {
    id: 'number-words',
    stage: 'extract',
    pack: 'prose',
    summary: 'Numbers in words ("twelve", "third") are claims too.',
    doc: 'A number written in words is read as its value and looked up in digits and in words.',
    examples: [{ output: 'The company has twelve offices.', context: 'The company runs 14 offices.', flags: ['twelve offices'] }],
  },
  {
    id: 'numeric-ranges',
    stage: 'extract',
    pack: 'prose',
    summary: 'A range ("10–20") is one claim.',
    doc: 'Two numbers joined by a dash or "to" form a range, looked up as the context may write it.',
    examples: [{ output: 'The trial enrolled 10-20 patients.', context: 'The trial enrolled between 10 and 20 patients.', grounds: ['10-20 patients'] }],
  },
  {
    id: 'code-entities',
    stage: 'extract',
    pack: 'code',
    summary: 'File references and inline code are read as code.',
    doc: '`src/app.ts:42` is a reference to a file and its lines; backticked code is looked up as code, on identifier boundaries and in its own case. Code the turn writes itself is its own and makes no such claims: a fenced block, or commands between a `<bash>` line and a `</bash>` line (`sh`, `zsh`, `shell`, `powershell`, `pwsh`, `cmd` too), as a model with no shell tool writes the calls it means to make. A bare "line 12" is the line of the file its own line names, unless its list item names that file while the line introducing the list names another: which of the two it cites cannot be told, and it gets no verdict.',
    examples: [],
  },
  {
    id: 'not-in-context',
    stage: 'lookup',
    pack: 'core',
    summary: 'The value occurs nowhere in what the output could see.',
    doc: 'The plain rule: every form of the entity (its normalized spellings) is looked up in the context before the output on its branch. Not found is a finding; found grounds it.',
    agentTurns: 'off',
    measured:
      "In agent turns of real coding sessions (the dev split of the session benchmark), none of 51 such findings left by the other rules was right: a value the log never showed is mostly the agent's own (a proposal, an example, a count it made, general knowledge) or came through a gap in the log.",
    examples: [{ output: 'Revenue grew to $4.9M in 2023.', context: 'The report covers 2023.', flags: ['$4.9M'] }],
  },
  {
    id: 'whole-numbers',
    stage: 'verdict',
    pack: 'core',
    summary: 'A number is not found inside a longer one.',
    doc: '`8` is not grounded by `80`, nor `58.58` by `158.58`: a number counts as found only where no digit runs on either side.',
    agentTurns: 'off',
    measured: 'In agent turns of the dev sessions, none of its 12 findings was right.',
    examples: [{ output: 'There are 8 open tickets.', context: 'Ticket 80 is closed.', flags: ['8'] }],
  },
  {
    id: 'number-places',
    stage: 'verdict',
    pack: 'code',
    summary: "In an agent's turn, a number is grounded only where the session writes it as a number.",
    doc: "A number the lookup found only inside something else is not grounded by it: not by the tail of a longer number, version or identifier (`1834`, `v0.2.0`, `a60dc8c`, `L475`), a part of a clock time, date or path (`17:50:56`, `2025-11-04`, `sha512/17/b8`), or the head of a decimal or hex run (`17.5mb`, `4f09`). `4` in `4.0` and `100` in `100ms` are the number. With no such place the number gets no verdict of its own, as any number an agent's turn states without saying where it comes from; another spelling may still ground it, and the rules that know what it counts or versions (test-counts, version-slots) judge it, but a prose slot filled otherwise does not (slot-contradictions cannot tell what such digits refer to). In an agent's turn this takes the place of whole-numbers, which would flag it.",
    examples: [
      {
        session: [
          { user: 'Which Python does CI use?' },
          { bash: { command: 'gh run view 42 --json createdAt', output: '{"createdAt": "2025-10-28T16:27:54.000Z"}' } },
          { bash: { command: 'cat .python-version', output: 'Python 3.12' } },
          { say: 'CI runs on Python 3.12, released 2023-10-02.' },
        ],
        passes: ['3.12'],
      },
      {
        session: [
          { user: 'How many tests are there?' },
          { bash: { command: 'pytest --collect-only -q | tail -1', output: '48 tests collected in 0.21s' } },
          { say: 'The suite has 48 tests.' },
        ],
        passes: ['48 tests'],
      },
    ],
  },
  {
    id: 'clock-boundaries',
    stage: 'verdict',
    pack: 'prose',
    summary: 'A time is found only as a whole time.',
    doc: 'Each spelling of a clock time must match on token boundaries: `4:00` is not in `14:00`.',
    examples: [{ output: 'The meeting starts at 4:00.', context: 'The meeting starts at 14:00.', flags: ['4:00'] }],
  },
  {
    id: 'record-clock-forms',
    stage: 'equivalence',
    pack: 'records',
    summary: 'A time on the hour is found as schedule records write it (`16:0` for 4 PM).',
    doc: "Records of opening hours write a time on the hour with a single zero (`'Tuesday': '16:0-21:0'`); a clock time is also looked up in that spelling, on token boundaries.",
    examples: [{ output: 'It opens at 4 PM on Tuesdays.', context: "{'name': 'Cafe Luna', 'hours': {'Tuesday': '16:0-21:0'}}", grounds: ['4 PM'] }],
  },
  {
    id: 'equivalent-forms',
    stage: 'equivalence',
    pack: 'prose',
    summary: 'Another spelling of the same value grounds it.',
    doc: 'Number words, ordinals, "per cent", continental separators (when on) and quarter names (when on) are looked up on token boundaries.',
    examples: [],
  },
  {
    id: 'place-abbreviations',
    stage: 'equivalence',
    pack: 'records',
    summary: 'A US state or street type is grounded by its postal abbreviation (`California` by `CA`).',
    doc: 'Records of places write addresses the postal way: states as their two-letter codes and street types abbreviated (`State Street` ⇄ `State St`). A name is looked up in those standard spellings, on token boundaries. These are the postal tables, not learned from any data.',
    examples: [
      {
        output: 'The shop is at 12 Linden Avenue.',
        context: "{'name': 'Apna Kitchen', 'address': '12 Linden Ave', 'city': 'Tampa'}",
        grounds: ['Linden Avenue'],
      },
    ],
  },
  {
    id: 'defined-acronyms',
    stage: 'equivalence',
    pack: 'prose',
    summary: "An acronym the output defines from the context's words is grounded.",
    doc: '"the World Health Organization (WHO)": the letters come from words the context has.',
    examples: [],
  },
  {
    id: 'split-names',
    stage: 'equivalence',
    pack: 'prose',
    summary: 'A name whose parts the context gives close together is grounded.',
    doc: '"Ada Lovelace" is grounded by "Ada, Countess of Lovelace" when the parts sit close together in the context.',
    examples: [{ output: 'The novel was written by Mary Shelley.', context: 'Mary Wollstonecraft Shelley wrote the novel.', grounds: ['Mary Shelley'] }],
  },
  {
    id: 'nearby-units',
    stage: 'equivalence',
    pack: 'prose',
    summary: 'A number with a unit is grounded where the unit sits next to it in the context.',
    doc: '"40 employees" is grounded by "40 employee", by the label "Employees: 40" and by a name ending in the unit (`MAX_UPLOAD_MB = 25` for "25 MB"). A record\'s quoted key is record-key-units\'.',
    examples: [{ output: 'The firm has 40 employees.', context: 'Employees: 40', grounds: ['40 employees'] }],
  },
  {
    id: 'record-key-units',
    stage: 'equivalence',
    pack: 'records',
    summary: "A number with a unit is grounded by a record's quoted key ending in the unit (`4.5 stars` by `'hotel_stars': 4.5`).",
    doc: "A record names a figure's slot by its key: a number written with a unit is grounded where the context gives the same number as the value of a quoted key ending in that unit (`'hotel_stars': 4.5`, `\"review_count\": 12`). An unquoted label or name (`Stars: 4.5`, `MAX_UPLOAD_MB = 25`) is any text's, and nearby-units reads it.",
    examples: [{ output: 'The hotel is rated 4.5 stars.', context: "{'name': 'Sea View', 'city': 'Nice', 'hotel_stars': 4.5}", grounds: ['4.5 stars'] }],
  },
  {
    id: 'slot-contradictions',
    stage: 'verdict',
    pack: 'prose',
    summary: 'The context gives another value for the same slot.',
    doc: "A number not found, whose key words and unit the context gives with another number, is contradicted by it (`revenue … $4.2M` against `revenue … $4.3M`). Numbers on a line of code are the code's own and are not compared.",
    agentTurns: 'off',
    measured:
      "In agents' turns of the 60 dev sessions added in the fifth corpus round it made 42 findings and none was right (task numbers of a TODO list read as measurements, counts worked out from a printed object, `5.3M` for `5390189`), against 13 of the 1,617 fabrications generated in all dev sessions and 1 of the 21 placed by hand: a session holds many values for the same words and unit (every file, every run), so the words before a number seldom name one slot the context fills once.",
    examples: [{ output: 'Quarterly revenue was $4.9M.', context: 'Quarterly revenue was $4.2M.', flags: ['$4.9M'] }],
  },
  {
    id: 'record-slot-contradictions',
    stage: 'verdict',
    pack: 'records',
    summary: "A record's quoted key ending in the number's unit holds another value.",
    doc: "A number with a unit not found, where the context gives a quoted record key ending in that unit (`'business_stars': 4.0` for `4.5 stars`) another value of the same kind, is contradicted by it. A key holding the output's own value cancels any contradiction of the number. An unquoted label or name (`Stars: 4.0`) is read by slot-contradictions.",
    agentTurns: 'off',
    measured:
      "It made no finding in agents' turns until the 17 test sessions of the ninth corpus round, where its 4 were all wrong: counts of test cases and formulas that the session's command output printed, contradicted by a record's key holding another count. A session prints many records with the same keys (every run), so a key seldom names one value the context fills once, as with slot-contradictions.",
    examples: [{ output: 'Le Cafe has 4.5 stars.', context: "{'name': 'Le Cafe', 'city': 'Tampa', 'business_stars': 4.0}", flags: ['4.5 stars'] }],
  },
  {
    id: 'named-slot-contradictions',
    stage: 'verdict',
    pack: 'prose',
    summary: 'The context names someone else in the same role.',
    doc: 'A date or name not found, where the context fills the same labelled slot ("CEO: …", "founded in …") with another, is contradicted.',
    agentTurns: 'off',
    measured:
      'In agent turns of the dev sessions its one finding was wrong ("Missing Axis Coverage" against "Add Missing Axis Questions"), and it caught none of the fabrications planted there: a coding session speaks of many things of one kind, so the words before a name seldom name one role the context fills once.',
    examples: [],
  },
  {
    id: 'inline-code',
    stage: 'verdict',
    pack: 'code',
    summary: 'Backticked code is found as code, whole or link by link.',
    doc: 'Inline code is looked up on identifier boundaries in its own case; a chain (`.from().select()`) link by link.',
    agentTurns: 'off',
    measured:
      "In agent turns of the dev sessions, 2 of 48 findings on backticked commands and expressions were right: the rest were the agent's own commands and edits, equivalent forms, plans and proposed code. A name in them that the session never spelt is still flagged, by absent-names.",
    examples: [],
  },
  {
    id: 'absent-names',
    stage: 'verdict',
    pack: 'code',
    summary: 'A function, method or variable name nothing in the session ever spelt.',
    agentTurns: 'off',
    measured:
      "On the sessions of the blind split's test side, 1 of its 5 findings was right (a function renamed from one the code showed); the others were a CSS function explaining a class the agent read, a placeholder in a method the turn proposed, a variable of an illustrative snippet, and a variable name a workflow's naming pattern gives. On the dev side 8 of 9, 6 of them in one session. A name that nothing in the session spelt may be a library's, the language's or the turn's own; the rule cannot tell which.",
    doc: 'In an agent\'s turn, a name shaped like code (`reconcileAll`, `parse_config`, `Ledger.settle()`) that no earlier text of the session holds, in any case and on any branch (prompts, tool inputs and outputs, the agent\'s own edits and turns), is unverified even though the log omits the system prompt: that prompt holds the agent\'s tool names (known, and excused) and environment lines, not the project\'s code. Gaps that hide the files themselves (a Markdown chat that never recorded them, a stream without its prompt) still excuse it. Plain words in backticks are not judged by this rule. In a fenced block that otherwise quotes code the session showed, a name that differs from the passage and that nothing spelt is judged too; a block the turn proposes ("Change it to:") is not. A list item is read with the line that introduces its list, and a cell of a Markdown table under its column\'s heading: a heading that proposes ("Suggested path", "Proposed name") proposes what its cells name. A denial counts against what follows it ("no `toCents()`", "missing: `toCents()`") or what its own clause says is missing ("`toCents()` does not exist"); one in a later clause ("`toCents()` writes whole cents, so no drift") denies something else. A turn naming more than one unknown name or file (this rule\'s and absent-files\' together) is laying out new work and is not judged, except for an unknown that extends by one word a name shaped like code the session spells (`sendInviteData` where the session spells `sendInvite` as a whole token and in the name\'s case, `math_utils_v2.py` where it names `math_utils.py`): that one names a thing the session showed, misnamed, and the hover names the known one. Nor is a turn written in a language the rule cannot read: a report is told from a proposal by its words, which it reads in English, French, Spanish, Portuguese, German, Turkish, Russian, Chinese, Japanese and Korean (modals, conditionals, future and instruction forms, words of proposing, asking and denying: `pourrait`, `Créer`, `debería`, `Vou`, `sollte`, `eklemeliyiz`, `нужно`, `Создать`, `нет`, `建议`, `新建`, `没有`, `べき`, `追加`, `ない`, `겠`, `없`; wide lists, since a cue read where there is none only costs a finding), and in any other language (Italian, Dutch, Ukrainian, Vietnamese...) it gives no verdict. In every language a cue counts as in English: before the name in its sentence, or after it in its own clause, which ends at a comma, a stop, a colon or a table\'s cell border (a parenthesis right after the name is about it, and does not end it), so a later clause (`, et aucune autre modification`, `，所有需求均已实现`) or the next cell says nothing about the name. Korean, Japanese and Turkish end a sentence on its verb, whose mood every clause before it shares (`… `x`로 렌더하고, … 넣겠습니다`, render with `x` and will add …): there the cue after a name is read to the sentence\'s end or the cell border. Sentences are split by English punctuation, so a Chinese or Japanese sentence runs from the last full stop (`。`, `！`, `？`) before the name on its line. The language is told by its script (Cyrillic with Russian\'s own `ы` and `э`, Hangul, kana, Chinese characters) or, in Latin letters, by the function words only that language has (`los`, `não`, `und`, `için`); a short sentence with no English function word is read by one such word. A terse English report (headings, tables, lists of files) is English when its few function words still outnumber those of French, Spanish, German and the other languages most often written in Latin letters.',
    examples: [
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'The ledger is settled by `reconcileAll()` in src/ledger.ts.' },
        ],
        flags: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'The ledger is settled by `settleLedger()`, and I read it with the `Read` tool.' },
        ],
        passes: ['`settleLedger()`', '`Read`'],
      },
      {
        session: [
          { user: 'Which functions send notifications?' },
          { read: { path: 'src/notify.ts', lines: ['export function sendInvite(user) {', '  mailer.send(user.email);', '}'] } },
          { say: 'Notifications go out through `sendInviteData()`, `sendWelcome()` and `sendReminder()` in src/notify.ts.' },
        ],
        flags: ['`sendInviteData()`'],
        passes: ['`sendWelcome()`', '`sendReminder()`'],
      },
      {
        session: [
          { user: 'How do the tests call git?' },
          { read: { path: 'src/git.py', lines: ['def run_git(args):', '    return subprocess.run(["git", *args])'] } },
          { say: 'Patch `run_git` in the tests (or add a thin `run_git_text` wrapper) so every call goes through one place.' },
        ],
        passes: ['`run_git_text`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'Le grand livre est réglé par `reconcileAll()` dans src/ledger.ts, après chaque import de relevés bancaires du mois.' },
        ],
        flags: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'On pourrait ajouter `reconcileAll()` dans src/ledger.ts, après chaque import de relevés bancaires du mois.' },
        ],
        passes: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'Das Hauptbuch wird von `reconcileAll()` in src/ledger.ts abgeglichen, nach jedem Import der Kontoauszüge des Monats.' },
        ],
        flags: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'Нужно добавить `reconcileAll()` в src/ledger.ts, чтобы сверять книгу после каждого импорта выписок.' },
        ],
        passes: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'Il libro mastro è riconciliato da `reconcileAll()` in src/ledger.ts, dopo ogni importazione degli estratti del mese.' },
        ],
        passes: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: 'The ledger is settled by `reconcileAll()`, which lives in src/reconcile.ts.' },
        ],
        passes: ['`reconcileAll()`'],
      },
      {
        session: [
          { user: 'How is the ledger settled?' },
          { read: { path: 'src/ledger.ts', lines: ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}'] } },
          { say: '`toCents()` in the ledger writes whole cents, so no float drift is possible.' },
        ],
        flags: ['`toCents()`'],
      },
    ],
  },
  {
    id: 'absent-files',
    stage: 'verdict',
    pack: 'code',
    summary: 'A file the agent reports on that nothing in the session ever named.',
    doc: 'In an agent\'s turn, a file path whose file name occurs nowhere earlier in the session (no read, listing, search, edit, command or prompt named it, in any folder) is unverified, although the log omits the system prompt. That prompt is known to hold only the agent\'s tools, its environment and the project\'s instruction files: a file the agent loads into it (`CLAUDE.md` and `CLAUDE.local.md` for Claude Code, `AGENTS.md` for a Codex rollout without its instructions) is left unchecked, and the detail says so. So is a reported command run as a script (`manage.sh start`) whose script nothing named: the log holds every command the agent ran. Folders a web router names with brackets (`app/(admin)/[...slug]/`) are read as literal folder names. A Markdown link whose label is a path to another file than its target (`[src/old.ts](src/new.ts:12)`) names that file too, as the reader sees it; a label naming the target\'s own file says nothing more. A path written right before Chinese or Japanese full-width punctuation (`a.ts，然后`) ends at it. A denial (\"missing from `config.json`\", \"not listed in `README.md`\") presupposes the file it names as the place it looked in, and does not keep that file from being judged. A path the turn proposes ("I\'ll create `src/retry.ts`", "could live in …") or shows in its own code block is not judged; whether it does is read from the turn\'s words in the languages absent-names reads, and a turn in another language gets no verdict.',
    agentTurns: 'off',
    measured:
      "On the sessions of the blind split's test side, none of its 5 findings was right (a file named as an example, files an unlogged instruction file names, files of the part of a session its log does not hold); on the dev side 1 of 1. Sessions it was not tuned on say it cannot tell a file the agent reports on from one its unlogged context named.",
    examples: [
      {
        session: [...UPLOAD_READ, { say: 'I fixed the timeout in `src/upload_retry.ts`.' }],
        flags: ['`src/upload_retry.ts`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'Changes made:\n- `src/upload_retry.ts` - raised the timeout to 60 seconds' }],
        flags: ['`src/upload_retry.ts`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'I raised the timeout in `src/upload_retry.ts:12`.' }],
        flags: ['`src/upload_retry.ts:12`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'Next, I could move the retry loop into `src/upload_retry.ts`.' }],
        passes: ['`src/upload_retry.ts`'],
      },
      {
        session: [
          { user: 'Write a checklist for the login feature.' },
          { read: { path: 'specs/login/spec.md', lines: ['# Login', 'Users sign in with email.'] } },
          { say: "I'm creating a new checklist file (`login-checklist.md`) beside the spec." },
        ],
        passes: ['`login-checklist.md`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'As your `CLAUDE.md` asks, I raised the timeout in `src/upload.ts`.' }],
        passes: ['`CLAUDE.md`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'The timeout is missing from `src/upload_config.json`, so I set it in src/upload.ts.' }],
        flags: ['`src/upload_config.json`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'I raised the timeout and checked it with `upload_check.sh --dry-run`.' }],
        flags: ['`upload_check.sh --dry-run`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'Changes made:\n1. [src/upload_retry.ts](src/upload.ts:1): raised the timeout to 60 seconds' }],
        flags: ['src/upload_retry.ts'],
      },
      {
        session: [...UPLOAD_READ, { say: 'Changes made:\n1. [upload.ts](src/upload.ts:1): raised the timeout to 60 seconds' }],
        passes: ['upload.ts'],
      },
    ],
  },
  {
    id: 'misnamed-files',
    stage: 'verdict',
    pack: 'code',
    summary: 'A file the agent reports on that nothing in the session named, beside one it names (`upload_retry.ts` where the session reads `upload.ts`).',
    doc: "In an agent's turn, a file path whose file name occurs nowhere earlier in the session, and which is the name of a file the session does name with one word added at either end (`upload_retry.ts`, `old_upload.ts` where it reads or lists `upload.ts`; `math_utils_v2.py` beside `math_utils.py`), is unverified. Unlike a file name nothing resembles (absent-files, off in an agent's turn), it tells which file it means: one the session showed, under another name. The same judgement of the turn's words as absent-files applies: a path the turn proposes (\"I'll create `src/upload_retry.ts`\"), shows in its own code block or gives as an argument is not judged, a file the agent loads into its unlogged system prompt is left unchecked, and a turn in a language absent-names cannot read gets no verdict. With absent-files turned on, that rule judges these files too.",
    examples: [
      {
        session: [...UPLOAD_READ, { say: 'I fixed the timeout in `src/upload_retry.ts`.' }],
        flags: ['`src/upload_retry.ts`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'I fixed the timeout in `src/retry_policy.ts`.' }],
        passes: ['`src/retry_policy.ts`'],
      },
      {
        session: [...UPLOAD_READ, { say: 'Next, I could move the retry loop into `src/upload_retry.ts`.' }],
        passes: ['`src/upload_retry.ts`'],
      },
    ],
  },
  {
    id: 'misnamed-names',
    stage: 'verdict',
    pack: 'code',
    summary:
      'A function or method name nothing in the session spelt, one word off a name it does spell (`sendInviteData` where the session shows `sendInvite`).',
    doc: 'In an agent\'s turn, a name shaped like code that occurs nowhere earlier in the session, and which is a name of at least two words the session does spell with one word added at either end (`sendInviteData` or `trySendInvite` where the session shows `sendInvite`; `parse_config_file` beside `parse_config`), is unverified. Unlike a name nothing resembles (absent-names), it tells what it refers to: a thing the session showed, under another name. The same judgement of the turn\'s words as absent-names applies: a name the turn proposes ("add a `sendInviteData()` helper"), denies, asks about or defines in its own code block is not judged, and a turn in a language absent-names cannot read gets no verdict. A base of one word (`reconcile` for `reconcileAll`) is a plain word, which names nothing in particular, so an extension of it is left to absent-names. With absent-names turned on, that rule judges these names too.',
    agentTurns: 'off',
    measured:
      'On the real sessions of the corpus it made 3 findings: on dev 1 of 1 right (a method a summary listed from the first 60 lines of a hook it had read, beside the setters it did see), on test 0 of 2 (a library class that extends a library class the plan named, a workflow variable its naming pattern gives). It catches 280 of 970 generated plants that rename a name the answer quotes on test (60% where the log records the sources names come from, 36% where the original name was grounded), which a user who turns it on gets with its noise.',
    examples: [
      {
        session: [
          { user: 'Which functions send notifications?' },
          { read: { path: 'src/notify.ts', lines: ['export function sendInvite(user) {', '  mailer.send(user.email);', '}'] } },
          { say: 'Invitations go out through `sendInviteData()` in src/notify.ts.' },
        ],
        flags: ['`sendInviteData()`'],
      },
      {
        session: [
          { user: 'Which functions send notifications?' },
          { read: { path: 'src/notify.ts', lines: ['export function sendInvite(user) {', '  mailer.send(user.email);', '}'] } },
          { say: 'Invitations go out through `notifyMembers()` in src/notify.ts.' },
        ],
        passes: ['`notifyMembers()`'],
      },
      {
        session: [
          { user: 'Which functions send notifications?' },
          { read: { path: 'src/notify.ts', lines: ['export function sendInvite(user) {', '  mailer.send(user.email);', '}'] } },
          { say: 'We could wrap it in a `sendInviteData()` helper that builds the payload first.' },
        ],
        passes: ['`sendInviteData()`'],
      },
    ],
  },
  {
    id: 'code-case',
    stage: 'verdict',
    pack: 'code',
    summary: 'Code the context spells in another case is misspelt.',
    doc: "When backticked code is not found but the same name is in another case, the context's spelling is offered as the fix.",
    agentTurns: 'off',
    measured: 'In agent turns of the dev sessions, none of its 6 findings was right: a class `Client` is not misspelt by a variable `client`.',
    examples: [],
  },
  {
    id: 'near-quotes',
    stage: 'verdict',
    pack: 'code',
    summary: 'A quoted line of code that differs from the line read in one token.',
    doc: 'A line of inline code that matches a line the agent read except for a token is contradicted at that token.',
    agentTurns: 'off',
    measured:
      'In agent turns of the dev sessions, 2 of its 26 findings were right: a multi-word span in backticks there is mostly a command or a commit message the agent proposes, compared with a line of a prompt or a document.',
    examples: [],
  },
  {
    id: 'file-lines',
    stage: 'verdict',
    pack: 'code',
    summary: 'A cited file or line the agent never saw.',
    doc: "A file reference is grounded when the agent could know the file (read, listed, searched, edited or named before), and each line it cites when a listing it saw showed that line. `path:1` alone is a link to the file, not a claim about its first line. A list of lines and ranges after one path (`notes.md:12-14,40-41, 88`) cites each of them. A path is named wherever the context writes it, in brackets (`(c:/app)`) or as the folder of a longer path, with forward or Windows backslashes. Code that holds a path (`background-image: url('/img/a.gif');`, `load(\"conf/app.yaml\")`) is code, not a file reference. A path no file matches gets no verdict when it may mean a file the session knows: the end of that file's name (`entity.ts:9` for `user.entity.ts`), or the same path with its separators typed otherwise (`src/git_alias.core.py` for `src/git_alias/core.py`). A range from a line the agent saw to one it never saw (`core.py:1046-1050` after a search showed line 1046) gives the extent of what starts there, worked out rather than read: it gets no verdict, unless the file was edited after that line was shown (what started there may have moved) or the range runs past the file's known end.",
    agentTurns: 'off',
    measured:
      "On the 429 real sessions of the corpus, split by repository, its findings held on the sessions it was written against and not elsewhere: 15 of 25 right on dev, 24 of those 25 from two sessions, and none of 9 on test. A line the log never showed says nothing about what is on it, and agents learn line numbers in ways a log keeps in other forms, so a citation of one cannot be told right or wrong; a cited line the agent's own edit moved is moved-lines' to flag. It catches 78% of generated plants that move a `file:line` to a line never shown, which a user who turns it on gets with its noise.",
    examples: [
      {
        session: [
          { user: 'Where is the port set?' },
          { bash: { command: "sed -n '1,3p' src/server.ts", output: 'import http from "http";\nconst port = 8080;\nhttp.createServer().listen(port);' } },
          { say: 'The port is set in `src/server.ts:40`.' },
        ],
        flags: ['`src/server.ts:40`'],
      },
      {
        session: [
          { user: 'Where is the port set?' },
          { bash: { command: "sed -n '1,3p' src/server.ts", output: 'import http from "http";\nconst port = 8080;\nhttp.createServer().listen(port);' } },
          { say: 'The port is read and used in `src/server.ts:2-3,40-41`.' },
        ],
        flags: ['`src/server.ts:2-3,40-41`'],
      },
    ],
  },
  {
    id: 'past-file-end',
    stage: 'verdict',
    pack: 'code',
    summary: 'A line past the end of a file whose length the session shows.',
    doc: "A cited line beyond the most lines the file can have is a line that does not exist: the file's length as the session last showed it (a whole read, `wc -l`, a listing that reached its end), plus every line the edits since could have added. An edit whose growth the log does not give (a shell command that may rewrite the file) leaves the length unknown, and the line gets no verdict. Unlike a line never shown (file-lines), this is evidence about the line itself.",
    examples: [
      {
        session: [
          { user: 'Where is the port set?' },
          { read: { path: 'src/server.ts', lines: ['import http from "http";', 'const port = 8080;', 'http.createServer().listen(port);'] } },
          { say: 'The port is set in `src/server.ts:40`.' },
        ],
        flags: ['`src/server.ts:40`'],
      },
    ],
  },
  {
    id: 'repeated-lines',
    stage: 'verdict',
    pack: 'code',
    summary: "A line reference written again after the agent's own edits moved what it pointed at.",
    doc: "A line or range of a file (`src/app.py:380`) that the session wrote before the agent edited the file, and that a turn writes again, the same text, after those edits: the first time, it pointed at what the listing it came from showed on that line (`def upgrade_self():`), and written again unchanged it points there still. When the agent's edits since have moved that text to another line, the reference is stale: it is contradicted, with the line the text is on now as the fix for a single line (unverified for a range, which the edits may have stretched). The line's text must have been printed by a listing (a read, a numbered search), the reference written after that listing and before the first edit of the file since, every edit followed through the lines known (see moved-lines; a shell command that may have rewritten the file leaves nothing to follow), and the file as known after the newest edit must hold that text on exactly one other line while the cited line holds something else. A line too plain to tell apart (under 12 characters, or without a letter: a brace, a blank, `return x`) says nothing, and a range the edits shifted by less than a quarter of its length (a 70-line function cited 5 lines early) still covers most of what it was cited for. Unlike moved-lines, it need not tell which name a sentence cites the line for: the earlier reference says what it pointed at.",
    examples: [
      {
        session: [
          { user: 'Where is the handler?' },
          { read: { path: 'src/app.py', lines: ['import os', 'def handle(request):', '    return request'] } },
          { say: 'The handler is at `src/app.py:2`.' },
          { edit: { path: 'src/app.py', old: 'import os', new: 'import os\nimport sys\n\nTIMEOUT = 5' } },
          { say: 'Added the timeout; the handler is still at `src/app.py:2`.' },
        ],
        flags: ['`src/app.py:2`'],
      },
      {
        session: [
          { user: 'Where is the handler?' },
          { read: { path: 'src/app.py', lines: ['import os', 'def handle(request):', '    return request'] } },
          { say: 'The handler is at `src/app.py:2`.' },
          { edit: { path: 'src/app.py', old: '    return request', new: '    log(request)\n    return request' } },
          { say: 'Logged each request; the handler is still at `src/app.py:2`.' },
        ],
        passes: ['`src/app.py:2`'],
      },
    ],
  },
  {
    id: 'moved-lines',
    stage: 'verdict',
    pack: 'code',
    summary: "A line cited for a name that the agent's own edit has moved.",
    doc: "A line or range cited in a sentence that names an identifier (\"`upgrade_self` calls uv (app.py:380-395)\") says the name is on those lines now. When the agent edited the file after the listing those lines came from, the file as the session knows it after its newest edit decides: a read or numbered search since, and every line shown before, even of a part of the file, followed through the agent's own edits (patch hunks, edit tools' replacements, a file written whole) to where they put it. An edit is followed only when what it replaces is found exactly once in the lines known; a patch hunk, which its tool applies at the first match after the line its `@@` text names, only where no line never shown comes before that match or at least two of its lines occur once each in what is known; one that cannot be placed so leaves every line from the first place it could be unknown. Only the edits on the claim's own branch count: after the user rewinds, what is known is rebuilt from the listings before the rewind. A shell command that may have changed the file without showing how (`sed -i`, a script naming it, a formatter run over the project) leaves nothing to follow, and a name found on a line an edit changed partway is unverified, not contradicted: no text shown holds that line whole to point at. The reference is contradicted when the file so known defines every name it gives once, on other lines (`def upgrade_self` at line 615), the line it is defined on offered for a single line, and unverified when it shows the cited lines without any of the names that a listing before the edit showed there. A use of the name elsewhere (a call) is no evidence of where it is defined; a name defined twice offers no line, and names defined further apart than the cited lines span are not all on them, so the sentence sums up. Beside other line references in the sentence, which name each is for is not told: only a reference whose first line (or the next) showed a name before the edit, and whose lines hold none of the sentence's names now, short ones too, is judged. Where nothing known after the edit holds the cited lines or the name's definition, where the name now is cannot be told and nothing is said.",
    agentTurns: 'off',
    measured:
      "On the 429 real sessions of the corpus, split by repository, all 18 of its dev findings were right, but 17 came from one repository's sessions, and 1 of its 4 on test was right; on the 37 dev sessions added next, its one finding was wrong (the line cited held a field of the class the sentence named). Which name a citation is for is read from the sentence, and a sentence names several.",
    examples: [
      {
        session: [
          { user: 'Where is the handler?' },
          { read: { path: 'src/app.py', lines: ['import os', 'def handle(req):', '    return req'] } },
          { edit: { path: 'src/app.py', old: 'import os', new: 'import os\nimport sys\n\nTIMEOUT = 5' } },
          { say: 'The request is answered by `handle` (src/app.py:2).' },
        ],
        flags: ['src/app.py:2'],
      },
      {
        session: [
          { user: 'Where is the handler?' },
          { read: { path: 'src/app.py', lines: ['import os', 'def handle(req):', '    return req'] } },
          { edit: { path: 'src/app.py', old: 'import os', new: 'import os\nimport sys\n\nTIMEOUT = 5' } },
          { say: 'The request is answered by `handle` (src/app.py:5).' },
        ],
        passes: ['src/app.py:5'],
      },
      {
        session: [
          { user: 'Where is the handler?' },
          { bash: { command: 'nl -ba src/app.py | sed -n 20,22p', output: '    20\tTIMEOUT = 5\n    21\tdef handle(req):\n    22\t    return req' } },
          { edit: { path: 'src/app.py', old: 'TIMEOUT = 5', new: 'TIMEOUT = 5\nRETRIES = 3\nDELAY = 1\nBACKOFF = 2\nJITTER = 0' } },
          { say: 'The request is answered by `handle` (src/app.py:21).' },
        ],
        flags: ['src/app.py:21'],
      },
    ],
  },
  {
    id: 'line-identifiers',
    stage: 'verdict',
    pack: 'code',
    summary: 'The name the sentence gives is on another line of the file.',
    doc: 'When a sentence cites a line and names an identifier that the file shows on another line and not near the cited one, the line is contradicted and the right one offered.',
    agentTurns: 'off',
    measured:
      'In agent turns of the dev sessions, none of its 13 findings was right: a name the sentence gives is often on the cited lines of another file, or the reference is a link to the file.',
    examples: [],
  },
  {
    id: 'schedule-slots',
    stage: 'verdict',
    pack: 'records',
    summary: "A time outside that day's opening hours.",
    doc: "A clock time stated for the days its clause names (`on Tuesdays`, `Monday through Friday`, `weekends`) is contradicted when a schedule record (`'Tuesday': '17:0-20:0'`) gives another opening or closing time for one of them, even when the time is found elsewhere in the context; the day's time is offered as the fix. Days the record does not list, or lists as `0:0-0:0`, are left alone.",
    examples: [
      {
        output: 'On Tuesdays it opens at 8am.',
        context: "{'name': 'Cafe Luna', 'hours': {'Monday': '8:0-14:0', 'Tuesday': '17:0-20:0'}}",
        flags: ['8am'],
      },
    ],
  },
  {
    id: 'version-slots',
    stage: 'verdict',
    pack: 'code',
    summary: 'A version the session shows otherwise (`Next.js 14` against `next@15.5.2`).',
    doc: 'A version number given for a named package or tool ("Next.js 14", "React Router DOM 6.26.3", "tinybmp 0.5.0") is compared with the version the session shows for it (`next@15.5.2`, `"react-router-dom": "6.26.0"`, `tinybmp = "0.5.0"`, what `node -v` printed, or a dotted version right after the name in prose or output: `Ubuntu 22.04`, `▲ Next.js 16.0.0`). One that agrees is grounded, one that differs contradicted, unless the session gives several versions of that product (a span or list such as `Python 3.10–3.14`, two interpreters): then which one the claim means cannot be told, and none contradicts it. A claim no version agrees with is unverified when the session writes that product\'s name with other versions after it in any form (`Vue 3`, `python3.12`, `Python/3.11.14`, `postgres:15`, `pydantic_v1`) and never the claimed one, in no span that holds it, and a dotted claim\'s digits stand as a version nowhere in the session (`3.14` in a list of supported versions may be the one meant); a whole number only when the session writes the name with one whole number again and again and the turn numbers nothing else with that name (`Priority 1`, `Priority 2` rank items), never after `HTTP` (a status as often as a version), and a `v`-marked one (`Pydantic v5`) not beside another (`v1/v2`). A port claimed where the session gives the local machine several ports and writes the claimed one nowhere as a number is unverified the same way. A range (`^5.4.8`, `~5.4`, `>=3.11`, `>=3.2,<4`, Cargo\'s `"0.7.3"`) is not a version: a claim outside it is contradicted, one inside it gets no verdict (the installed version may be shown in a form this rule does not read). A claim written as a floor ("Next.js 13+", "3.11 or later") is met by any version at or above it. Versions of three or four parts, and `v`-marked ones after a capitalised or package name (`Pydantic v2`), which number extraction leaves alone, are judged only in a claim sentence of a coding session, or on a line of text in a plain fenced block that reports (untagged, `text` or `log`; not one the sentence before proposes, nor code, nor a pinned `==2.0.25`), after a name the session gives a version for. The name and the number must be on one line, only spaces apart; a whole number before a plural noun ("Next.js 12 pages", "26 files") counts what follows it and is no version.',
    agentTurns: 'off',
    measured:
      'On the 429 real sessions of the corpus, split by repository, it made no finding on dev and 7 on test, none of them right. It catches about a sixth of the versions changed in generated plants (144 of 241 caught with it, 105 without).',
    examples: [
      {
        session: [
          { user: 'Which Vite do we use?' },
          { read: { path: 'package.json', lines: ['{', '  "devDependencies": {', '    "vite": "^5.4.8"', '  }', '}'] } },
          { say: 'The project builds with Vite 6.0.1.' },
        ],
        flags: ['6.0.1'],
      },
      {
        session: [
          { user: 'Which Vite do we use?' },
          { bash: { command: 'npm ls vite', output: 'app@1.0.0 /p\n└── vite@5.4.8' } },
          { say: 'The project builds with Vite 5.4.8.' },
        ],
        grounds: ['5.4.8'],
      },
      {
        session: [
          { user: 'Build it.' },
          { read: { path: 'package.json', lines: ['{', '  "devDependencies": {', '    "vite": "^5.4.8"', '  }', '}'] } },
          { bash: { command: 'npx vite build', output: 'transforming...\n42 modules transformed.' } },
          { say: 'The build runs on Vite\n42 modules were transformed.' },
        ],
        passes: ['42 modules'],
      },
      {
        session: [
          { user: 'Why does the GUI not start?' },
          { bash: { command: 'lsb_release -d', output: 'Description:\tUbuntu 22.04.4 LTS' } },
          { say: 'The GUI now starts cleanly on Ubuntu 22.5.' },
        ],
        flags: ['22.5'],
      },
      {
        session: [
          { user: 'Why does CI fail?' },
          { bash: { command: 'cat ci.log', output: 'venv: Python 3.11.4\nsystem: Python 3.12.1' } },
          { say: 'The failure is on Python 3.9.' },
        ],
        flags: ['3.9'],
      },
      {
        session: [
          { user: 'Why does CI fail?' },
          { bash: { command: 'cat ci.log', output: 'venv: Python 3.11.4\nsystem: Python 3.12.1\nsupported: 3.10, 3.11, 3.12, 3.13' } },
          { say: 'The failure is on Python 3.13.' },
        ],
        passes: ['3.13'],
      },
      {
        session: [
          { user: 'Check the tools.' },
          { bash: { command: 'pytest --version', output: 'pytest 9.0.2' } },
          { say: '```\nTOOLS  OK  — pytest 9.0.1\n```' },
        ],
        flags: ['9.0.1'],
      },
    ],
  },
  {
    id: 'unseen-versions',
    stage: 'verdict',
    pack: 'code',
    summary: 'A version of three parts the turn states that no part of the session spells (`published v1.0.3` after writing `Version: 1.0.0`).',
    doc: 'A version is copied, not worked out: from a manifest, a lockfile, a command\'s output, a file the agent wrote. So a three-part version (`1.0.3`) that a claim of an agent\'s turn states, and that no other part of the session writes as a version of its own (before the turn on any branch, or later in what the agent wrote; `11.0.3`, `1.0.30` and `1.0.3.4` are other versions), is unverified. Only digits marked as a version are read: after a `v`, a pin (`@`, `^`, `~`, `>=`, `==`), the word "version" or "release" (also with a verb of change: "version bumped from 1.0.1"), or a product\'s name ("Vite 5.4.10", "rand 0.8.7"), or across an arrow from another three-part version (`1.0.2 → 1.0.3`), not after a word that numbers a document\'s parts or steps ("Step 1.2.3", "Requirement 2.1.1"). A version that version-slots judged against the one the session gives for its product is left to it; one inside a range the session gives (`^5.4.8`) that nothing writes is unseen, as the installed version was never shown. Questions, plans, instructions, code blocks and lines of code are not read, though a line of text in a plain fenced block that reports (untagged, `text` or `log`: a status table, a copied log) is, unless the version is pinned there (`==2.0.25`, `@1.2.3`); a version inside a longer inline code or command is that code\'s. Gaps that hide what the agent read (a Markdown chat, file contents not logged, images, tool output not recorded) leave it unchecked.',
    examples: [
      {
        session: [
          { user: 'Bump the constitution for the new principle.' },
          { read: { path: 'docs/constitution.md', lines: ['# Constitution', '**Version**: 1.0.0 | **Ratified**: 2025-10-01'] } },
          { edit: { path: 'docs/constitution.md', old: '**Version**: 1.0.0', new: '**Version**: 1.1.0' } },
          { say: 'Published v1.2.0 of the constitution with the new principle.' },
        ],
        flags: ['1.2.0'],
      },
      {
        session: [
          { user: 'What does the firmware depend on?' },
          { bash: { command: 'cargo tree --depth 1', output: 'app v0.1.0\n├── heapless v0.8.0\n└── rand v0.8.5' } },
          { say: 'The firmware depends on heapless 0.8.0 and fugit 0.3.7.' },
        ],
        flags: ['0.3.7'],
      },
    ],
  },
  {
    id: 'host-ports',
    stage: 'verdict',
    pack: 'code',
    summary: 'A port in an address the session gives otherwise (`localhost:8082` against `localhost:8080`).',
    doc: "A port written after a host in a claim (`http://localhost:8082`, `127.0.0.1:3001`, `http://31.97.103.71:3003/api`) is the port of that host: the local machine's, which the session sets with `localhost:`, `127.0.0.1:`, `0.0.0.0:`, `PORT=` or `--port`, or another host's, written after that host. It is contradicted, with the session's port as the fix, only when the session gives exactly one port for that host in addresses of the claim's kind (a web address is not judged by a database's `postgres://…:5432`), and nowhere writes the claimed number as a number of its own (another service's port, a table of them): otherwise the rule cannot tell which service the claim names. Where the session gives several ports for that host and the claimed one is none of them, nor written anywhere as a number, the claim is unverified, unless the address is the value of a setting the turn writes (`devUrl=http://localhost:4200`), which may be one it proposes. Addresses in code blocks, lines of code, questions and plans are not judged; a bare `name.ts:120` is a line, not a port.",
    agentTurns: 'off',
    measured:
      'On the 429 real sessions of the corpus, split by repository, it made no finding on dev and 2 on test, neither right. It is what catches a changed port in generated plants (82 of 147).',
    examples: [
      {
        session: [
          { user: 'Start the API.' },
          { bash: { command: 'docker compose up -d api', output: 'api  | Listening on http://0.0.0.0:8080' } },
          { say: 'The API is now running at http://localhost:8082/healthz.' },
        ],
        flags: ['http://localhost:8082/healthz'],
      },
      {
        session: [
          { user: 'Start the API.' },
          { bash: { command: 'cat .env', output: 'DATABASE_URL=postgres://app@localhost:5432/app' } },
          { say: 'The API is now running at http://localhost:8082/healthz.' },
        ],
        passes: ['http://localhost:8082/healthz'],
      },
      {
        session: [
          { user: 'Start the API and the docs server.' },
          { bash: { command: 'docker compose up -d api', output: 'api  | Listening on http://0.0.0.0:8080' } },
          { bash: { command: 'npm run docs', output: 'docs ready on port 8082' } },
          { say: 'The docs are served at http://localhost:8082.' },
        ],
        passes: ['http://localhost:8082'],
      },
      {
        session: [
          { user: 'Start the dashboard.' },
          { bash: { command: 'npm run dev', output: 'client ready on http://localhost:5172\nserver listening on http://localhost:4000' } },
          { say: 'The dashboard is available at http://localhost:9090.' },
        ],
        flags: ['http://localhost:9090'],
      },
    ],
  },
  {
    id: 'unknown-flags',
    stage: 'verdict',
    pack: 'code',
    summary: 'A flag the program does not take, where the session shows its options (`--no-push-all` where `update` defines `--no-push`).',
    doc: "A long flag in a command the turn gives as code (in backticks or a shell block, a command it ran or tells the reader to run) is unverified when the session shows which options that command takes and the flag is not one of them, and nothing before the turn spells it. A command's options are shown by the project's own source the session read or wrote (commander's `.option('--branch <b>')`, argparse's `add_argument('--branch')`, click's and typer's options, clap's `#[arg(long)]`, cobra's and Go's flags, yargs' `.option('branch', {…})`), for a program the project declares (a manifest's `bin` or `[project.scripts]`, `prog=`, `.name()`) or runs as a file (`./bin/tool`, `node dist/cli.js`) and for a subcommand the same text defines, and for the command that runs the very file the session showed whole (`python -m src.cli` runs `src/cli.py`, `python main.py` runs `main.py`; a partial read may leave options out, so it gives no verdict); or by a help output a tool printed (`Usage:` line, or a command run with `--help`), for the command it describes. A flag written alone, outside a command (\"Options: --parent, --src\", \"takes `--dry-run`\"), is judged by the whole source of the one file its line, or else the heading above it, names (`#### links.py`, or a bold label line such as `**Colors (from tailwind.config.js):**`); with no file named, or several, it gets no verdict. Listed in prose (a plain fence's bulleted list counts), a `--name` of a file that has no option list but uses CSS custom properties (`var(--accent)`) is one of those properties: it is unverified when the session showed that file whole, unedited since, and nothing before the turn spells it, since a custom property is the project's own name, never a tool's. The program is read from the command's first words through launchers (`npx tool`, `python -m pkg`, `uv run tool`); flags after `--` belong to another program, and `npm run x -- --flag` names no program. Accepted without a listing: `--help`, `--version`, the positive form of a listed `--no-` one, the `--no-` form of a listed option where the parser derives it (yargs, argparse's `BooleanOptionalAction`, typer, or a help that does not say which parser printed it; commander, click, clap, cobra and Go's flag take only what the source spells), and an abbreviation of a listed option (argparse expands them). A third-party tool's flags are world knowledge, so a program whose options the session does not show gets no verdict.",
    examples: [
      {
        session: [
          { user: 'How do I update a session without pushing?' },
          {
            read: {
              path: 'src/commands/session.ts',
              lines: [
                'export const session = new Command("session");',
                'session',
                '  .command("update")',
                '  .option("--no-stash", "Do not stash changes")',
                '  .option("--no-push", "Do not push after updating")',
                '  .option("--branch <branch>", "Branch to merge from");',
              ],
            },
          },
          { read: { path: 'package.json', lines: ['{', '  "name": "minsky",', '  "bin": { "minsky": "./src/cli.ts" }', '}'] } },
          { say: 'Run `minsky session update --no-push-all` to update without pushing.' },
        ],
        flags: ['--no-push-all'],
      },
      {
        session: [
          { user: 'How do I update a session without pushing?' },
          {
            bash: {
              command: 'minsky session update --help',
              output:
                'Usage: minsky session update [options] [session]\n\nOptions:\n  --no-stash         Do not stash changes\n  --no-push          Do not push after updating\n  --branch <branch>  Branch to merge from\n  -h, --help         display help for command',
            },
          },
          { say: 'Run `minsky session update --no-push --branch develop`, then `git log --reverse` to see what it merged.' },
        ],
        passes: ['--no-push', '--branch'],
      },
      {
        session: [
          { user: 'How do I run the server on another port?' },
          {
            read: {
              path: 'main.py',
              lines: [
                'import argparse',
                'parser = argparse.ArgumentParser()',
                'parser.add_argument("--port", type=int, default=8000)',
                'args = parser.parse_args()',
              ],
            },
          },
          { say: 'Start it with `python main.py --port-only 9000`.' },
        ],
        flags: ['--port-only'],
      },
      {
        session: [
          { user: 'What does links.py do?' },
          {
            read: {
              path: 'src/links.py',
              lines: [
                'import click',
                '@click.command()',
                '@click.option("--parent", default=".")',
                '@click.option("--src")',
                'def relink(parent, src):',
                '    pass',
              ],
            },
          },
          { say: '#### `links.py`: the relink command\n\n- Options: --parent-only (default parent directory), --src (source template dir)' },
        ],
        flags: ['--parent-only'],
      },
    ],
  },
  {
    id: 'test-counts',
    stage: 'verdict',
    pack: 'code',
    summary: "A count the latest command or test run gave otherwise, or a file's length its line count gave otherwise.",
    doc: 'Counts of tests, files or lines are compared with the latest run that counted them; a count of tests that is the sum of each suite\'s latest run, for suites the session ran apart (`npm test --workspace api` and `--workspace web`, told by their commands without what reads their output), is their total. A count of tests on a line that speaks, before it, of a run before the latest ("My first mutation run was wrong. It reported 2 tests red", "Initially 3 tests failed", "before the fix") may count that run, and is left alone; "the last run" is the latest. A figure followed by a test runner\'s state word ("48 passed", "3 passed; 0 failed", "70 passing", "6 skipped"), or in brackets after one ("suite passing (48 tests)"), counts tests in that state, as the runner\'s own summary does. Chinese, Japanese and Korean state words (`成功`, `通过`, `通過`, `失败`, `失敗`, `통과`, `실패`) count as well, since those turns write the runner\'s English tally beside them ("`npm test` 成功（16 tests）", "30 tests 全件通過"). A count of tests whose clause names no state is how many tests there are ("29 unit tests across all modules", "5 doctests", "13 tests total"): grounded by any figure a run printed, by the sum of one run\'s figures of a state or of all its figures, and otherwise contradicted by the latest run (a count named for a section, "unit" or "doc", by its figure nearest the claim; a bare one by the run\'s whole count). A clause that narrows the count to some of the tests or to a change says nothing a run could contradict, and is left alone: another word between figure and noun ("56 RED tests", "2 evaluate tests", "12 network tests"), a file or code named before it on its line ("`test_a.py` (12 tests)"), a verb or a word of change or part before it ("added 5 tests", "the remaining 4 tests"), or one after its noun ("9 tests for the lexer", "2 tests still to write"). Test figures are read from what commands ran, not from a file a command or tool printed or a write echoed (`sed -n 1,200p README.md` showing an example run). A figure of lines after a file\'s name on its line ("`contest.py` (689 lines)") is that file\'s length, compared with what the session knows of it: a `wc -l` (of it alone, or one line of a `wc -l` over several files) or a read of the whole file, whose empty last lines may be counted or not. Every count the session showed since the file\'s last edit stands, not only the newest: `wc -l` counts newlines, so a file without a final newline is one line shorter by it than by a reader. A figure of lines that counts a change ("added 30 lines"), a part of the file ("the `rank()` method (120 lines)") or a rough one ("~700 lines") is no length, and is left alone, as is a file whose length the session never showed. A count of files is compared with a search that listed the files holding a text (`grep -l`, a Grep of files) only when the count names what was searched for ("`useAuth` is used in 4 files"): "all 5 files are in place" counts other files. Files changed and lines inserted or deleted ("9 files changed", "7 files (588 additions, 24 deletions)") are compared with git\'s diffstat (` 9 files changed, 1152 insertions(+)`) in the latest output that printed exactly one. A count whose sentence names a command the session ran ("`npm run lint`: 27 warnings") is compared with the figures of the same noun that command\'s latest run printed; a command another sentence of its paragraph names says nothing of it. A rough figure or a bound ("over 1,100", "~40", "up to 5") is never contradicted. Test counts on a line of a plain fenced block that reports (untagged, `text` or `log`; not one the sentence before proposes, a diff, or code) are judged as in prose when the line names tests ("TESTS   669 passed"); only a contradicted one is added to the turn\'s findings. A block in which three or more lines name tests with figures that differ lays out several runs (mutations, branches, commits), which no one run\'s summary judges, and is not read. A line naming no tests ("Filtered : 180 passed / 20 failed") lays out what some program prints, whose figures count other things.',
    examples: [
      {
        session: [
          { user: 'Give me an overview of the models.' },
          { bash: { command: 'wc -l judge/models/*.py', output: '   405 judge/models/profile.py\n   689 judge/models/contest.py\n  1094 total\n' } },
          { say: '- `contest.py` (690 lines) - contests\n- `profile.py` (405 lines) - user profiles' },
        ],
        flags: ['690 lines'],
        grounds: ['405 lines'],
      },
      {
        session: [
          { user: 'Lint and commit.' },
          { bash: { command: 'npm run lint', output: '✖ 27 problems (0 errors, 27 warnings)\n' } },
          { bash: { command: 'git commit -am "Fix lint"', output: '[main 1a2b3c4] Fix lint\n 9 files changed, 152 insertions(+), 78 deletions(-)\n' } },
          { say: '`npm run lint` reports 30 warnings. The commit has 19 files changed.' },
        ],
        flags: ['30 warnings', '19 files'],
      },
      {
        session: [
          { user: 'Add the slicer tests.' },
          { bash: { command: 'pytest -q', output: '........\n48 passed in 0.41s\n' } },
          { say: 'All tests pass: 50 passed.' },
        ],
        flags: ['50'],
      },
      {
        session: [
          { user: 'Add the slicer tests.' },
          { bash: { command: 'pytest -q', output: '........\n48 passed in 0.41s\n' } },
          { say: 'All tests pass: 48 passed.' },
        ],
        passes: ['48'],
      },
      {
        session: [
          { user: 'Write the failing slicer tests first.' },
          { bash: { command: 'pytest -q', output: '........\n48 passed in 0.41s\n' } },
          { say: 'Wrote 12 RED tests in `test_slicer.py`; committing them before the fix.' },
        ],
        passes: ['12'],
      },
      {
        session: [
          { user: 'Port it to Rust and run the tests.' },
          { bash: { command: 'cargo test', output: 'test result: ok. 29 passed; 0 failed\n   Doc-tests utils\ntest result: ok. 5 passed; 0 failed\n' } },
          { say: '- **31 unit tests** across all modules\n- **5 doctests** (one per function)' },
        ],
        flags: ['31'],
        grounds: ['5 doctests'],
      },
      {
        session: [
          { user: 'Where is the auth hook used?' },
          { bash: { command: 'grep -rl useAuth src | wc -l', output: '3\n' } },
          { say: '`useAuth` is used in 4 files.' },
        ],
        flags: ['4 files'],
      },
    ],
  },
  {
    id: 'listed-counts',
    stage: 'verdict',
    pack: 'code',
    summary: 'A count followed by a list or range of what it counts that numbers otherwise.',
    doc: 'In an agent\'s turn, a count followed by the things it counts, in a bracket or after a colon ("4 tasks (T013–T016)", "2 question types (single_select, multi_select)", "5 data tables: Provider Summary, Model Utilization, …", on its line), says what it counts; a figure that does not number that list is wrong one way or the other, and is flagged with the list\'s own number. Only a plain list of names is read: items separated by commas (an "and" or "or" before the last), each a name (a code span, a token such as `single_select`, `C1` or `a.ts`, or a few capitalised words such as "Provider Summary"), none a figure of its own ("3 files (2 new, 1 changed)"), none saying the list is partial ("e.g.", "including", "etc."). Phrases ("structure build, JS behavior") and lists after a count of tests ("30 tests: parser, CLI") may name groups of what is counted, and a figure after a label ("Phase 5 (recalc, UI)") counts nothing. A list on the lines below is read only when the count heads it ("#### Components (33 files):") and the agent numbered it, from 1 without a gap, one name per item (a description after a dash or colon may follow): its own numbering says how many it wrote out. A list more than 3 items away from its count is a selection, and so is one whose heading or next line says so ("Key files (12 files):", "… and 9 more"): neither is read. A range counts ids with a prefix (`T013–T016`) or named as ids ("IDs 8-18"), never plain numbers ("lines 10-20"). A count a tool printed beside its noun is left grounded: the list may name only some of them. Questions and plans are no claims, and are not read.',
    examples: [
      {
        session: [
          { user: 'Summarise the task plan.' },
          { bash: { command: 'grep -c "^- \\[ \\]" specs/tasks.md', output: '28' } },
          { say: 'Per user story:\n- US1: 6 tasks (T013–T016)\n- US2: 4 tasks (T020–T023)\n\nThe plan covers 3 stores: Postgres, Redis and S3.' },
        ],
        flags: ['6 tasks'],
      },
      {
        session: [
          { user: 'What does the enrichment flow support?' },
          { bash: { command: 'ls src/questions', output: 'single_select.ts\nmulti_select.ts\nranking.ts\n' } },
          { say: 'The flow is functional with 5 question types (single_select, multi_select), and 3 files (2 new, 1 changed) hold them.' },
        ],
        flags: ['5'],
      },
      {
        session: [
          { user: 'List the components.' },
          { bash: { command: 'ls -1 src/components', output: 'Card.jsx\nHeader.jsx\nLogin.jsx\n' } },
          { say: '#### Components (4 files):\n1. Card.jsx\n2. Header.jsx\n3. Login.jsx' },
        ],
        flags: ['4 files'],
      },
    ],
  },
  {
    id: 'listing-counts',
    stage: 'verdict',
    pack: 'code',
    summary: 'A count of the files of one kind that the list of their folder numbers otherwise (`33 React components` after `ls src/components` listed 32).',
    doc: 'In an agent\'s turn, a count of files of one kind ("33 React components", "54 shadcn/ui components", "12 files") is compared with a list of one folder\'s files the session printed, one per line: a Glob, `ls` or `ls -1` of one folder, or a `find` that only names, types and depths. The list is read only when every line is a file of the same kind (one extension), so it says how many of that kind there are; a list mixing sources and styles, or holding folders, a blank line or a note (`(Results are truncated…)`), says nothing. The count must be about that list: its noun is "files" or a word of the folder or the pattern (`components` for `src/components`), and no other folder or file is named before the figure on its line; the noun is read in the figure\'s own clause, which a table\'s cell border ends, so a row\'s number (`| 2 | Models/*.stl |`) counts nothing. And the folder must still be as listed: after a write, an edit, or a command not known to only read (a package manager or generator may add files where it names nothing), the list is not compared, nor when it lies more than 200 tool calls back. Test counts and line counts are test-counts\' and past-file-end\'s; a count the session printed beside its noun is left grounded.',
    examples: [
      {
        session: [
          { user: 'What does the dashboard hold?' },
          { bash: { command: 'ls src/components', output: 'Card.jsx\nHeader.jsx\nLogin.jsx\n' } },
          { say: 'The dashboard has 4 components.' },
        ],
        flags: ['4 components'],
      },
      {
        session: [
          { user: 'What does the dashboard hold?' },
          { bash: { command: 'ls src/components', output: 'Card.jsx\nHeader.jsx\nLogin.jsx\n' } },
          { say: 'The dashboard has 3 components.' },
        ],
        grounds: ['3 components'],
      },
      {
        session: [
          { user: 'Add a footer and summarise.' },
          { bash: { command: 'ls src/components', output: 'Card.jsx\nHeader.jsx\nLogin.jsx\n' } },
          { bash: { command: 'npx generate-component Footer', output: 'done' } },
          { say: 'The listing shows 4 components.' },
        ],
        passes: ['4 components'],
      },
    ],
  },
  {
    id: 'checklist-counts',
    stage: 'verdict',
    pack: 'code',
    summary: 'A count of tasks named for a tag ("US1 (10 tasks)") that the task list gives otherwise.',
    doc: 'In an agent\'s turn, a count of tasks written after a tag ("US1 (10 tasks)", "US2: 8 tasks", a short capitalised word with a number, on the figure\'s line) counts the checkbox lines of a task list that carry that tag in brackets (`- [ ] T006 [P] [US1] Write the tests`). It is compared with the latest list before the turn that the session showed whole (a file written whole, or read whole) and that holds the tag: a figure that differs is contradicted, with the list\'s own number, one that agrees is grounded. Left alone: a tag no whole list carries (a list shown in part may cut a group short), a list some tool call after it names (an edit, a script that rewrites it, a partial read: which version the turn counts cannot be told), and rough figures and bounds ("~10 tasks", "up to 5 tasks").',
    examples: [
      {
        session: [
          { user: 'Generate the tasks.' },
          {
            bash: {
              command:
                "cat <<'EOF' > specs/tasks.md\n# Tasks\n- [ ] T001 Set up the module\n- [ ] T002 [P] [US1] Write the plan tests\n- [ ] T003 [US1] Build the planner\n- [ ] T004 [US2] Add the timer\nEOF",
              output: '(no output)',
            },
          },
          { say: 'Generated `specs/tasks.md`.\n- Story breakdown: US1 (3 tasks), US2 (1 task).' },
        ],
        flags: ['3 tasks'],
        grounds: ['1 task'],
      },
    ],
  },
  {
    id: 'copied-counts',
    stage: 'verdict',
    pack: 'code',
    summary: 'A count on a line that copies a line a tool printed, with another figure there.',
    doc: 'In an agent\'s turn, a count on a line that repeats a line a tool printed, word for word up to the figure and with the same noun after it ("Git repo: .git with 43 files", "38 failed, 669 passed", a tree\'s "6 directories, 4 files"), in prose or in a fenced block, refers to the figure that line printed: one that differs is contradicted by it, one that agrees grounds it. The words before the figure, from the line\'s start or an opening quote and without list, quote or status marks, must run to ten characters or more: a short label ("Tests: ", "- ✅ ") is printed by many outputs and tells no line. A printed line the session shows with several figures there (a summary printed run after run) does not say which run the turn repeats, and gives no verdict; nor does the agent\'s own earlier text, or a figure a tool printed beside the same noun elsewhere.',
    agentTurns: 'off',
    measured:
      'On the held-out test split of real coding sessions, none of its 3 findings was right, and on the dev split it made none: it stays off in agent turns until it holds on sessions it was not built on. Turn it on to check copied tool lines.',
    examples: [
      {
        session: [
          { user: 'Check the repository.' },
          { bash: { command: 'aider --version', output: 'Aider v0.86.2\nGit repo: .git with 41 files\nRepo-map: using 1024 tokens\n' } },
          { say: 'Startup said:\n\nGit repo: .git with 43 files' },
        ],
        flags: ['43 files'],
      },
      {
        session: [
          { user: 'Check the repository.' },
          { bash: { command: 'aider --version', output: 'Aider v0.86.2\nGit repo: .git with 41 files\nRepo-map: using 1024 tokens\n' } },
          { say: 'Startup said:\n\nGit repo: .git with 41 files' },
        ],
        passes: ['41 files'],
      },
    ],
  },
  {
    id: 'status-claims',
    stage: 'verdict',
    pack: 'code',
    summary: '"All tests pass", "the build succeeds", "lint is clean", "created `x.ts`" against the latest run after the last edit.',
    doc: 'In an agent\'s turn, a sentence that opens by saying the tests pass, the build or type check succeeds, or lint is clean is judged by the latest command of that kind on the answer\'s branch (for tests, also any command whose output counts tests or reports them passed, such as a script printing "All tests passed!"). If that run came after the last edit (an edit to a prose document, `.md`, `.rst` or `.adoc`, the agent\'s Markdown memory among them, cannot change a test\'s result and does not count), output no passing run prints (a non-zero exit, `3 failed`, `FAILED`, `error TS2322`, `5 problems`) contradicts the claim, and a run without it grounds it; if there is no such run since the last edit, the claim is unverified. "Created `x.ts`" is unverified when no tool call before the answer names the file (a command or patch that names it may have made it, so that is left alone). Only unqualified claims count: a question, a plan, a condition ("once the tests pass") or a qualified claim ("all tests pass except…") is not checked.',
    agentTurns: 'off',
    measured: 'On the 429 real sessions of the corpus, split by repository, 1 of its 1 dev findings was right and none of its 3 on test.',
    examples: [
      {
        session: [
          { user: 'Fix the date parser.' },
          { edit: { path: 'src/parse.ts', old: 'return null;', new: 'return parseIso(s);' } },
          { bash: { command: 'npm test', output: '  11 passing (40ms)\n  1 failing\n' } },
          { say: 'All tests pass.' },
        ],
        flags: ['All tests pass'],
      },
      {
        session: [
          { user: 'Fix the date parser.' },
          { bash: { command: 'npm test', output: '  12 passing (40ms)\n' } },
          { edit: { path: 'src/parse.ts', old: 'return null;', new: 'return parseIso(s);' } },
          { say: 'The tests pass now.' },
        ],
        flags: ['The tests pass'],
      },
      {
        session: [
          { user: 'Fix the date parser.' },
          { edit: { path: 'src/parse.ts', old: 'return null;', new: 'return parseIso(s);' } },
          { bash: { command: 'npm test', output: '  12 passing (40ms)\n' } },
          { say: 'All tests pass.' },
        ],
        grounds: ['All tests pass'],
      },
      {
        session: [
          { user: 'Add a config module.' },
          { bash: { command: 'ls src', output: 'index.ts\nparse.ts\n' } },
          { say: 'Created `src/config.ts` with the defaults.' },
        ],
        flags: ['Created `src/config.ts`'],
      },
    ],
  },
  {
    id: 'reading-counts',
    stage: 'not-a-claim',
    pack: 'code',
    summary: 'Counts an agent made by reading ("the two places") are not claims.',
    doc: "In an agent's turn, a spelled-out count not found in the context is the agent's own count of what it read.",
    examples: [],
  },
  {
    id: 'unattributed-values',
    stage: 'not-a-claim',
    pack: 'code',
    summary: "A quote, number, date or time in an agent's turn that nothing is said to have shown is its own.",
    doc: 'In an agent\'s turn, a value the session never showed is mostly the agent\'s own: a label it recommends, an example, a phrase it stresses, a target it proposes ("coverage > 80%"), a time it suggests ("e.g. 07:00"), a count it made by reading. An unfound quote, number, date or clock time is checked only when its sentence attributes it (something said, showed, printed, returned or reported it, a test run passed or failed with it, or it is an error, message or log line); otherwise the rule cannot tell what it refers to, and it is not flagged. Code, file references and identifiers are judged by their own rules.',
    examples: [
      {
        session: [
          { user: 'Add a way to retry failed uploads.' },
          { bash: { command: 'npm test', output: 'Error: upload timed out after 30s' } },
          { say: 'I added a button labelled "Retry upload". The test run said "upload timed out after 45s".' },
        ],
        skips: ['"Retry upload"'],
      },
      {
        session: [
          { user: 'Schedule the daily summary.' },
          { bash: { command: 'crontab -l', output: '30 6 * * * /usr/local/bin/summary.sh' } },
          { say: 'The summary now runs every morning. A default run time (e.g. 07:00 local) goes in the config. The cron log showed a run at 09:15.' },
        ],
        skips: ['07:00'],
        flags: ['09:15'],
      },
    ],
  },
  {
    id: 'record-fields',
    stage: 'verdict',
    pack: 'records',
    summary: 'A record field the output states otherwise.',
    doc: "A yes/no field of a record (`'OutdoorSeating': False`, `\"WiFi\": 'free'`; CamelCase keys, and the flags of one such key's own record) is read with the phrases a writer uses for it (`outdoor seating`, `wi-fi`). A claim sentence naming the phrase says yes, or no when a negation shares its clause; it is grounded when the field agrees, contradicted when it does not, and unverified when one side leaves the field open.",
    examples: [
      {
        output: 'Cafe Luna offers outdoor seating and free Wi-Fi.',
        context: "{'name': 'Cafe Luna', 'attributes': {'OutdoorSeating': False, 'WiFi': 'free'}}",
        flags: ['outdoor seating'],
      },
    ],
  },
  {
    id: 'cited-sources',
    stage: 'verdict',
    pack: 'prose',
    summary: 'The value is in the context, but not in the source cited for it.',
    doc: 'A sentence citing `[2]` or "passage 3" whose values occur only in other sources is misattributed. Sources are the sections the context heads with their numbers (`Passage 2:`, `[2]` opening a line), or else, where the context is a list of passages, the passage of that number. The messages and tool results of an agent\'s session are numbered by nothing the agent sees, so in its turn `[503]` (an HTTP status in brackets) cites only a section headed 503.',
    examples: [{ output: 'Revenue was $4.2M [1].', context: '[1] The office is in Boston.\n[2] Revenue was $4.2M.', flags: ['$4.2M'] }],
  },
  {
    id: 'quoted-lines',
    stage: 'verdict',
    pack: 'code',
    summary: 'A line of a code or log block that copies a line the session showed, with one name or number changed to one nothing spelt.',
    doc: "In an agent's turn, a line of a fenced block that is the copy of a line the session showed (a file read, a command's output, a log, an edit the agent made, which a Markdown chat logs as a search-and-replace edit's replacement or a diff's added line in the agent's own earlier reply, closed, and copied with at least three other names or numbers), token for token but for one name or number (a dotted version or decimal, `3.4.2`, is one number; the quote may leave off the comma or semicolon ending the line), quotes that line; when nothing in the session spells the token it changed, the token is contradicted by the line's own, which is the evidence. A line too short to tell by its own tokens (`uint256 collateralRatio;`), or whose shape the context fills with other values at that place (`await git.pull(dir);`, `await git.push(dir);`), is placed by its neighbours instead: in a block most of whose lines are lines of the context, two lines next to it (before and after it, or two on one side at the block's edge), each a whole line of the context, stand around one line there that agrees with it but for that token. An edit quotes the file it changes: the search side of a search-and-replace edit (which must match the file to apply) and the removed and unchanged lines of a diff are judged whatever the turn says around them, their replacement and added lines never. A block introduced by a reference to the lines it shows (\"From `src/a.py` lines 117-151:\", a link to `a.tsx#L110-L111`, `第138行`) says where it is from: what the sentence after it proposes does not make it new code, and its lines are placed by their neighbours as in a block that mostly quotes. Left alone, because it may be new code: a block the turn proposes (a block the sentence before or after proposes: \"Change it to:\", \"Here are the changes needed:\", \"you could\", \"should\", where a heading or a line ending in a colon after the block opens what follows rather than speaking of it; in the other languages whose words of proposing the rules read, French, Spanish, Portuguese, German, Turkish, Russian, Chinese, Japanese and Korean, the line before or after read for that language's cues, `建议`, `べき`), a block titled with a file name alone, on the line before it or after its language (```` ```py:app/x.py ````: the file the turn writes), a token the session spells anywhere (before the turn, or later in what the agent wrote), a line that differs in more than one token, a line no neighbours place that is too short to tell which line it copies (fewer than two other names or numbers, or none but the language's own words: `export * from './x.js';`) or whose shape the context fills with more than one value, a listing's line numbers, and a turn written in any other language. A Markdown chat, which names the files it read without their contents, a turn whose prompt attached a file the log left out, and a session that holds an image are judged by the lines they do show; a log whose prompt or input is not in the file excuses it.",
    agentTurns: 'off',
    measured:
      'On the 429 real sessions of the corpus, split by repository, it made no finding on dev and 4 on test, none of them right. It catches about a third of the tokens changed inside quoted blocks in generated plants (182 of 353 caught with it, 67 without).',
    examples: [
      {
        session: [
          { user: 'Why does the total drift?' },
          {
            read: {
              path: 'src/ledger.ts',
              lines: ['export function settleLedger(entries) {', '  const total = entries.reduce(sumCents, 0);', '  return Math.round(total);', '}'],
            },
          },
          { say: 'The total is computed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```' },
        ],
        flags: ['sumAmounts'],
      },
      {
        session: [
          { user: 'Why does the total drift?' },
          {
            read: {
              path: 'src/ledger.ts',
              lines: ['export function settleLedger(entries) {', '  const total = entries.reduce(sumCents, 0);', '  return Math.round(total);', '}'],
            },
          },
          { bash: { command: 'npm run start', output: 'Listening on port 8080\nconnected to db at postgres://localhost:5432/ledger' } },
          { say: 'The server started:\n\n```\nListening on port 8080\nconnected to db at postgres://localhost:5433/ledger\n```' },
        ],
        flags: ['5433'],
      },
    ],
  },
  {
    id: 'error-quotes',
    stage: 'verdict',
    pack: 'code',
    summary: 'An error the turn quotes as printed, which the session printed with one word or name otherwise.',
    doc: "In an agent's turn, an error quoted as what a run printed (in backticks, in double quotes, or a line of a fenced block, starting with an error's head such as `TypeError:`, `Error:`, `error[E0425]:` or `Uncaught ReferenceError:`, with a message of at least three words) that nothing before the turn holds, where the session shows a line that reads the same token for token but for one word, name or number, is a misquote of that line: the word is contradicted by the line's own, which is the evidence. The word itself may be spelt elsewhere (`missing`, `TypeError`): what counts is the quote as a whole. The head may be the turn\'s own label (`Error: Export x doesn\'t exist` for a build that printed `Export x doesn\'t exist`): when the whole quote copies no printed line, its message alone (six tokens or more) is compared the same way, and a message printed as it stands is a right quote. Left alone: an error the log never shows (it may come from a run the log omits), a quote that differs from the printed line in more than one place (a paraphrase), a change of case or punctuation only, a message the session prints filled in more than one way at that place, and quotes in a question, a hedge, a plan or a proposal, a diff, an edit block or a block the turn proposes.",
    examples: [
      {
        session: [
          { user: 'The viewer crashes on load.' },
          { bash: { command: 'npm run e2e', output: 'Console: Uncaught TypeError: t.forEach is not a function\n  at render (viewer.js:12)' } },
          { say: 'The error `Uncaught TypeError: t.map is not a function` means the features are not an array.' },
        ],
        flags: ['`Uncaught TypeError: t.map is not a function`'],
      },
      {
        session: [
          { user: 'Why does the import fail?' },
          { bash: { command: 'python -m app.load', output: 'Traceback (most recent call last):\nKeyError: missing column amount in row 3' } },
          { say: 'It fails with:\n\n```\nValueError: missing column amount in row 3\n```\n\nThe CSV header has `Amount`, not `amount`.' },
        ],
        flags: ['ValueError'],
      },
      {
        session: [
          { user: 'Why does the import fail?' },
          { bash: { command: 'python -m app.load', output: 'Traceback (most recent call last):\nKeyError: missing column amount in row 3' } },
          { say: 'It fails with `KeyError: missing column amount`. If the header is renamed you may see `KeyError: missing column total in row 3`.' },
        ],
        passes: ['`KeyError: missing column amount`'],
      },
    ],
  },
  {
    id: 'quoted-code-blocks',
    stage: 'verdict',
    pack: 'code',
    summary: 'A quoted code block that differs from what was read.',
    doc: 'A fenced block quoting code the agent read is compared line by line; a changed token is contradicted, a line that matches nothing read is unverified.',
    agentTurns: 'off',
    measured: 'In agent turns of the dev sessions, none of its 12 findings was right: the blocks were mostly code the agent proposed.',
    examples: [],
  },
  {
    id: 'context-gaps',
    stage: 'context',
    pack: 'core',
    summary: 'The context is known to lack what could hold the value.',
    doc: 'When a format omits what the model saw (an unlogged system prompt, an unresolved attachment), values of the types that material could hold get no verdict: indeterminate, not a finding.',
    examples: [],
  },
] as const satisfies readonly RuleDoc[];

export type RuleId = (typeof RULES)[number]['id'];

const BY_ID: ReadonlyMap<string, RuleDoc> = new Map(RULES.map((r) => [r.id, r]));

export function ruleDoc(id: string): RuleDoc | undefined {
  return BY_ID.get(id);
}

export function isRuleId(id: string): id is RuleId {
  return BY_ID.has(id);
}

/** Whether a rule runs, given the `rules` option: every rule is on unless turned off. */
export type RuleSwitch = (id: RuleId) => boolean;

export const ALL_RULES_ON: RuleSwitch = () => true;
