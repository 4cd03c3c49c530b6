import { strict as assert } from 'node:assert';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { parseTranscript } from '../../../shared/transcript/detect';
import { call, lastOutput as lastOutputWith, numbered, result, say, session, user } from './claudeSession';

/**
 * absent-names and absent-files do not flag in an agent's turn unless turned on (they did not hold on sessions they were
 * not tuned on); these tests say what they do when they are.
 */
const FILES_ON = { rules: { 'absent-names': 'on' as const, 'absent-files': 'on' as const } };
const lastOutput = (raw: string) => lastOutputWith(raw, FILES_ON);

// biome-ignore format: a list of words or values reads best packed
const ledger = ['export function settleLedger(entries) {', '  return entries.reduce(sum, 0);', '}', '', 'export function add_numbers(a, b) {', '  return a + b;', '}'];

const readLedger = [user('How is the ledger settled?'), call('r1', 'Read', { file_path: '/w/app/src/ledger.ts' }), result('r1', numbered(ledger))];

/** The verdict and rule of the entity written `text` in the last turn, with the rules as they are by default and absent-files on. */
function judged(text: string, answer: string): string {
  const e = lastOutput(session([...readLedger, say(answer)])).get(text);
  return e ? `${e.status} ${e.rule}` : 'no entity';
}

describe('names and files nothing in the session spelt', () => {
  it('flags a function the turn reports on that no earlier text holds, in any case, and grounds one it read', () => {
    assert.equal(judged('`reconcileAll()`', 'The ledger is settled by `reconcileAll()`.'), 'unverified absent-names');
    assert.equal(judged('`settleLedger()`', 'The ledger is settled by `settleLedger()`.'), 'grounded inline-code');
    // Found in another case is not absent: a misspelling is another rule's question.
    assert.notEqual(judged('`SettleLedger`', 'The ledger is settled by `SettleLedger`.').split(' ')[1], 'absent-names');
  });

  it('by default flags neither, saying why, but counts unknowns of either kind among those of a turn laying out new work', () => {
    const withRules = (answer: string, rules = {}) => lastOutputWith(session([...readLedger, say(answer)]), { rules });
    assert.notEqual(withRules('Updated `ledger_notes.md` with the totals.').get('`ledger_notes.md`')?.rule, 'absent-files');
    const name = withRules('The ledger is settled by `reconcileAll()`.').get('`reconcileAll()`');
    assert.equal(name?.status, 'indeterminate');
    assert.match(name?.detail ?? '', /does not flag in an agent's turn unless turned on/);
    // Two unknowns, one of them a file: new work, so the name is not judged either.
    const namesOn = { 'absent-names': 'on' };
    assert.equal(withRules('The ledger is settled by `reconcileAll()`.', namesOn).get('`reconcileAll()`')?.rule, 'absent-names');
    assert.notEqual(withRules('Added `reconcileAll()` to `ledger_notes.md`.', namesOn).get('`reconcileAll()`')?.rule, 'absent-names');
    // And the other way: with names off, an unknown name still makes the unknown file one of two.
    const filesOn = { 'absent-files': 'on' };
    assert.equal(withRules('Updated `ledger_notes.md` with the totals.', filesOn).get('`ledger_notes.md`')?.rule, 'absent-files');
    assert.notEqual(withRules('Added `reconcileAll()` to `ledger_notes.md`.', filesOn).get('`ledger_notes.md`')?.rule, 'absent-files');
  });

  it('leaves alone a name given as an example (e.g.), which says nothing exists', () => {
    assert.equal(
      judged('`tests/test_ledger_sync.py`', 'Extend or add tests (e.g. a new `tests/test_ledger_sync.py`).').split(' ')[1] === 'absent-files',
      false,
    );
    assert.notEqual(judged('`reconcileAll()`', 'Settle through a helper, e.g. `reconcileAll()`.').split(' ')[1], 'absent-names');
  });

  it('still flags a name in a negated report, which presupposes it exists', () => {
    assert.equal(judged('`add_numbers_safe`', "The test wasn't calling `add_numbers_safe`; it asserted True."), 'unverified absent-names');
  });

  it('flags a name whose sentence denies something else in a later clause, not one the denial is about', () => {
    assert.equal(judged('`toCents()`', '`toCents()` in the ledger writes whole cents, so no float drift is possible.'), 'unverified absent-names');
    assert.equal(
      judged('`SettlementState`', 'I aligned `SettlementState` with the real types, and noted the current lack of retries.'),
      'unverified absent-names',
    );
    assert.notEqual(judged('`toCents()`', 'The ledger has no `toCents()` helper.').split(' ')[1], 'absent-names');
    assert.notEqual(judged('`toCents()`', 'Checked the ledger: `toCents()` does not exist yet.').split(' ')[1], 'absent-names');
  });

  it('flags a name a turn reports on though a later clause of the sentence proposes something else', () => {
    assert.equal(
      judged('`scripts/ledger_sync.sh`', 'Introduced `scripts/ledger_sync.sh`, a launcher, so Linux users can run the workflow.'),
      'unverified absent-files',
    );
    assert.equal(judged('`reconcileAll()`', 'The ledger is settled by `reconcileAll()`, so nothing else should change.'), 'unverified absent-names');
    assert.notEqual(judged('`reconcileAll()`', '`reconcileAll()` would settle it, and the totals match.').split(' ')[1], 'absent-names');
  });

  it('leaves a name in an instruction to the reader, in the sentence or in its own clause', () => {
    assert.notEqual(judged('`ledger_notes.md`', 'Do the same for the notes: copy `ledger_notes.md` into the docs.').split(' ')[1], 'absent-files');
    assert.notEqual(judged('`ledger_notes.md`', '- **Keep** `ledger_notes.md` as the source.').split(' ')[1], 'absent-files');
    assert.equal(judged('`ledger_notes.md`', 'Updated `ledger_notes.md` with the totals.'), 'unverified absent-files');
    // A clause after "and" shares the subject before it: a description, not an instruction.
    assert.equal(judged('`reconcileAll`', 'You install the ledger package and then use its `reconcileAll` helper.'), 'unverified absent-names');
    // A noun opening a label is no instruction, nor is a reference to look at.
    assert.equal(judged('`reconcileAll`', '- State management for: `reconcileAll`, `settleLedger`.'), 'unverified absent-names');
    assert.equal(judged('`ledger_notes.md`', 'The totals are kept (see `ledger_notes.md`).'), 'unverified absent-files');
    // The name may be the instruction's object itself, in a clause after a colon.
    assert.equal(
      judged('`reconcileAll()`', '- Rework the helpers: implement `reconcileAll()`, adapt `settleLedger` to run per entry.'),
      'indeterminate inline-code',
    );
    assert.equal(judged('`reconcileAll()`', '- Reworked the helpers: `reconcileAll()` runs per entry.'), 'unverified absent-names');
  });

  it('leaves names the turn proposes, asks about, lists as missing, or defines in its own code block', () => {
    assert.equal(judged('`retryAll()`', 'You could add a `retryAll()` helper.'), 'no entity');
    // An imperative in bold is still an instruction to the reader.
    assert.equal(judged('`docs/ledger_index.md`', 'Next:\n- **Add** a `docs/ledger_index.md` page.'), 'no entity');
    assert.notEqual(judged('`get_adsets`', 'Missing endpoints:\n- `get_adsets` for ad sets').split(' ')[1], 'absent-names');
    assert.notEqual(judged('`NtQuerySystemInformation`', '这个 DLL 主要 hook 哪些 API（例如 `NtQuerySystemInformation`）？').split(' ')[1], 'absent-names');
    assert.notEqual(judged('`retryAll()`', 'The ledger now retries with `retryAll()`:\n\n```ts\nfunction retryAll() {}\n```').split(' ')[1], 'absent-names');
  });

  it('flags a name nothing spelt in a block that otherwise quotes code the session showed, but not in a block it proposes', () => {
    const block = '```ts\nexport function settleLedger(entries) {\n  return entries.reduce(sumAll, 0);\n}\n\nexport function add_numbers(a, b) {\n```';
    const quote = `The sum is done here:\n\n${block}`;
    const e = lastOutput(session([...readLedger, say(quote)])).get('sumAll');
    assert.equal(`${e?.status} ${e?.rule}`, 'unverified absent-names');
    const proposal = `Change it to:\n\n${block}`;
    assert.equal(lastOutput(session([...readLedger, say(proposal)])).get('sumAll'), undefined);
  });

  it('reads no name in the comment of a line a quoted block adds: a comment is prose', () => {
    const block = '```ts\nexport function settleLedger(entries) {\n  return entries.reduce(sum, 0);\n}\nconst CONFIG = {}; // LedgerTeX style mappings\n```';
    assert.equal(lastOutput(session([...readLedger, say(`The sum is done here:\n\n${block}`)])).get('LedgerTeX'), undefined);
  });

  it('leaves a turn naming several unknown names alone: it is laying out new work', () => {
    const e = lastOutput(session([...readLedger, say('The service has `createInvoice()`, `voidInvoice()` and `refundInvoice()`.')]));
    for (const name of ['`createInvoice()`', '`voidInvoice()`', '`refundInvoice()`']) assert.notEqual(e.get(name)?.rule, 'absent-names', name);
  });

  it('does not read the name of a naming convention as a name the project defines', () => {
    assert.notEqual(judged('`snake_case`', 'The event types use `snake_case` throughout.').split(' ')[1], 'absent-names');
    assert.notEqual(judged('`camelCase`', 'The fields are `camelCase` in the payload.').split(' ')[1], 'absent-names');
    assert.equal(judged('`to_snake_case`', 'The keys go through `to_snake_case` first.'), 'unverified absent-names');
  });

  it('does not take a path from the home folder or an environment variable for a project file', () => {
    assert.notEqual(
      judged('`~/.config/Ledger/ledger_config.json`', 'On Linux the settings live in `~/.config/Ledger/ledger_config.json`.').split(' ')[1],
      'absent-files',
    );
    assert.notEqual(
      judged('`$HOME/.ledger/ledger_config.json`', 'On Linux the settings live in `$HOME/.ledger/ledger_config.json`.').split(' ')[1],
      'absent-files',
    );
    assert.equal(judged('`config/ledger_config.json`', 'The settings live in `config/ledger_config.json`.'), 'unverified absent-files');
    // A folder there the session does name is one it could have shown.
    const listedHome = [user('Which ledger settings apply?'), call('l1', 'Bash', { command: 'ls ~/.ledger' }), result('l1', 'ledger.json\n')];
    const home = lastOutput(session([...listedHome, say('The settings live in `~/.ledger/ledger_config.json`.')])).get('`~/.ledger/ledger_config.json`');
    assert.equal(`${home?.status} ${home?.rule}`, 'unverified absent-files');
  });

  it('does not read a product spelt in camel case in prose as code, nor a known tool of the agent', () => {
    assert.notEqual(judged('PowerShell', 'It fails in PowerShell on Windows.').split(' ')[1], 'absent-names');
    assert.notEqual(judged('`WebFetch`', 'I did not need `WebFetch` for this.').split(' ')[1], 'absent-names');
  });

  it('flags a file the turn reports on that nothing named, but not the file a block it writes is titled with', () => {
    assert.equal(judged('`src/ledger_sync.ts`', 'I fixed the rounding in `src/ledger_sync.ts`.'), 'unverified absent-files');
    const titled = lastOutput(session([...readLedger, say('Here is the new file:\n\nsrc/ledger_sync.ts\n```ts\nexport const x = 1;\n```')]));
    assert.equal(titled.get('src/ledger_sync.ts')?.status ?? 'none', titled.has('src/ledger_sync.ts') ? 'indeterminate' : 'none');
    assert.notEqual(titled.get('src/ledger_sync.ts')?.rule, 'absent-files');
  });
});

describe('a file a denial names as the place it looked in', () => {
  it('flags it, since "missing from" presupposes the file; not a file the denial is about, nor one a proposal names', () => {
    assert.equal(judged('`src/ledger_sync.ts`', 'The rounding mode is missing from `src/ledger_sync.ts`.'), 'unverified absent-files');
    assert.notEqual(judged('`src/ledger_sync.ts`', 'There is no `src/ledger_sync.ts` in the repository.').split(' ')[1], 'absent-files');
    assert.notEqual(judged('`src/ledger_sync.ts`', 'The rounding mode is missing; it should live in `src/ledger_sync.ts`.').split(' ')[1], 'absent-files');
  });
});

describe('the script a reported command runs', () => {
  it('flags a command whose script nothing named, and not one the agent ran or one it only suggests', () => {
    const report = 'I checked the totals with `ledger_sync.sh --all`.';
    assert.equal(judged('`ledger_sync.sh --all`', report), 'unverified absent-files');
    const ran = session([...readLedger, call('b1', 'Bash', { command: './scripts/ledger_sync.sh --all' }), result('b1', 'totals ok'), say(report)]);
    assert.notEqual(lastOutput(ran).get('`ledger_sync.sh --all`')?.rule, 'absent-files');
    assert.notEqual(judged('`ledger_sync.sh --all`', 'You could check the totals with `ledger_sync.sh --all`.').split(' ')[1], 'absent-files');
  });
});

describe('files under folders a web router names with brackets', () => {
  it('flags a file nothing named under `(group)` and `[...slug]` folders, and not a file name that is itself a placeholder', () => {
    assert.equal(
      judged('`src/app/(admin)/[...slug]/ledger_view.tsx`', 'I fixed the rounding in `src/app/(admin)/[...slug]/ledger_view.tsx`.'),
      'unverified absent-files',
    );
    assert.notEqual(judged('`src/app/(admin)/[slug].tsx`', 'I fixed the rounding in `src/app/(admin)/[slug].tsx`.').split(' ')[1], 'absent-files');
  });
});

describe('names nothing spelt in terse reports', () => {
  it('flags a file a terse English report of tables and lists names, and the same report in French', () => {
    const report = [
      '## Summary',
      '**STATUS:** PASS',
      '| Step | Result |',
      '|------|--------|',
      '| Type check | PASS |',
      '| Unit tests | PASS |',
      '| Lint | PASS |',
      '### Files Changed',
      '- `src/ledger_sync.ts` - rounding fix',
      '- `src/ledger.ts` - settle totals',
      '### Notes',
      '- Totals now exact',
    ].join('\n');
    assert.equal(judged('`src/ledger_sync.ts`', report), 'unverified absent-files');
    const french = [
      '### Fichiers modifiés',
      "- `src/ledger_sync.ts` - correction de l'arrondi dans le calcul des totaux pour les écritures",
      '- `src/ledger.ts` - totaux exacts pour la clôture et les rapports du mois',
    ].join('\n');
    assert.equal(judged('`src/ledger_sync.ts`', french), 'unverified absent-files');
  });
});

describe('names nothing spelt in turns written in French, Chinese or Japanese', () => {
  it('flags a name or file the turn reports on', () => {
    assert.equal(
      judged('`reconcileAll()`', 'Le grand livre est réglé par `reconcileAll()` dans src/ledger.ts, après chaque import des relevés du mois.'),
      'unverified absent-names',
    );
    assert.equal(judged('`reconcileAll()`', '账本由 `reconcileAll()` 函数结算，每次导入银行流水后运行。'), 'unverified absent-names');
    assert.equal(judged('`src/ledger_sync.ts`', '丸めの修正は `src/ledger_sync.ts` に入れて、合計を正確にしました。'), 'unverified absent-files');
  });

  it("leaves what the turn proposes, asks about or denies in the language's own words", () => {
    const left = (text: string, answer: string) =>
      assert.notEqual(judged(text, answer).split(' ')[1], text.includes('/') ? 'absent-files' : 'absent-names', answer);
    left('`src/ledger_sync.ts`', "- Créer `src/ledger_sync.ts` pour isoler l'arrondi des totaux dans les écritures du mois.");
    left('`reconcileAll()`', 'On pourrait ajouter `reconcileAll()` dans le module pour les rapports du mois et les écritures.');
    left('`reconcileAll()`', '- Vérifie que `reconcileAll()` renvoie les totaux du mois pour les écritures et les rapports.');
    left('`reconcileAll()`', "Il n'y a pas de `reconcileAll()` dans le module, ni dans les tests des écritures du mois.");
    left('`src/ledger_sync.ts`', '新建文件：`src/ledger_sync.ts`，把取整逻辑放进去。');
    left('`reconcileAll()`', '建议把结算逻辑移到 `reconcileAll()` 函数里。');
    left('`reconcileAll()`', '项目里没有 `reconcileAll()` 这个函数。');
    left('`reconcileAll()`', '`reconcileAll()` を追加して、合計を計算するべきです。');
  });

  it('reads a cue by the clause the name is in: not one in a later clause, a later table cell or a finished sentence', () => {
    const flagged = (text: string, answer: string) => assert.equal(judged(text, answer), 'unverified absent-files', answer);
    flagged('`src/ledger_sync.ts:1`', 'Constitution remplie dans `src/ledger_sync.ts:1` avec la version 1.0.0, et aucune autre modification des écritures.');
    flagged('`src/ledger_sync.ts`', 'Проблема в том, что последняя миграция (`src/ledger_sync.ts`) меняет значения, но старые записи могут остаться.');
    flagged('`src/ledger_sync.ts`', '已修改 `src/ledger_sync.ts` 的结算函数，所有需求均已实现。');
    flagged('`src/ledger_sync.ts:1`', '- 開発用サーバ: 依存なしの静的サーバで配信。`src/ledger_sync.ts:1`');
    flagged('`src/ledger_sync.ts`', '| 項目 | ファイル | 変更 |\n|---|---|---|\n| **総計** | `src/ledger_sync.ts` | 丸めのマッピングを追加 |');
    // A parenthesis right after the name is about it.
    assert.notEqual(judged('`src/ledger_sync.ts`', '本功能的结算规则详见 `src/ledger_sync.ts`（若不存在则列出）。').split(' ')[1], 'absent-files');
  });

  it('leaves a turn in a language it cannot read', () => {
    const italian = 'Il libro mastro è riconciliato da `reconcileAll()` in src/ledger.ts, dopo ogni importazione degli estratti del mese, e non prima.';
    assert.notEqual(judged('`reconcileAll()`', italian).split(' ')[1], 'absent-names');
    // Ukrainian writes Cyrillic too, but with letters Russian has not (`і`, `є`): not read as Russian.
    const ukrainian = 'Книга звіряється функцією `reconcileAll()` після кожного імпорту виписок із банку за місяць.';
    assert.notEqual(judged('`reconcileAll()`', ukrainian).split(' ')[1], 'absent-names');
  });

  it('reads a French report by its sentence, not by a proposal in the next sentence of the same line', () => {
    const answer =
      'Le grand livre est réglé par `reconcileAll()` dans src/ledger.ts, après chaque import. On pourrait ajouter un cache pour les totaux du mois.';
    assert.equal(judged('`reconcileAll()`', answer), 'unverified absent-names');
  });

  it("excuses the instruction files the agent's unlogged system prompt loads, and says why, but not another agent's", () => {
    const e = lastOutput(session([...readLedger, say("I've gone through your CLAUDE.md rules and the ledger code.")])).get('CLAUDE.md');
    // Left unchecked, by the gap or because file-lines does not flag a bare file in an agent's turn; the detail says why.
    assert.equal(e?.status, 'indeterminate');
    assert.match(e?.detail ?? '', /Claude Code loads it into the system prompt the log leaves out/);
    // Claude Code does not load a Codex file: naming one nothing showed is still a finding.
    assert.equal(judged('AGENTS.md', "I've gone through your AGENTS.md rules and the ledger code."), 'unverified absent-files');
  });

  it("excuses Gemini CLI's own instruction file and tool names in its sessions, not Claude Code's file", () => {
    const line = (o: object) => JSON.stringify(o);
    const gemini = (answer: string) =>
      [
        line({ sessionId: 's1', projectHash: 'p1', startTime: '2026-01-05T09:00:00.000Z', lastUpdated: '2026-01-05T09:00:00.000Z', kind: 'main' }),
        line({ id: 'u1', timestamp: '2026-01-05T09:00:01.000Z', type: 'user', content: [{ text: 'How is the ledger settled?' }] }),
        line({
          id: 'g1',
          timestamp: '2026-01-05T09:00:02.000Z',
          type: 'gemini',
          content: '',
          toolCalls: [
            {
              id: 'r1',
              name: 'read_file',
              args: { file_path: 'src/ledger.ts' },
              result: [{ functionResponse: { id: 'r1', name: 'read_file', response: { output: ledger.join('\n') } } }],
              status: 'success',
            },
          ],
        }),
        line({ id: 'g2', timestamp: '2026-01-05T09:00:03.000Z', type: 'gemini', content: answer }),
      ].join('\n');
    const judge = (text: string, answer: string) => {
      const parsed = parseTranscript({ raw: `${gemini(answer)}\n`, path: 'session.jsonl' });
      if (!('segments' in parsed)) throw new Error('not read as a transcript');
      const check = checkTranscript(parsed, { profile: 'refined', ...FILES_ON });
      const last = check.outputs[check.outputs.length - 1];
      const e = last.result.entities.find((x) => x.text === text);
      return e ? `${e.status} ${e.rule}` : 'no entity';
    };
    assert.equal((parseTranscript({ raw: gemini('ok'), path: 'session.jsonl' }) as { format?: string }).format, 'gemini-cli');
    assert.equal(judge('GEMINI.md', "I've gone through your GEMINI.md rules and the ledger code.").split(' ')[0], 'indeterminate');
    assert.equal(judge('CLAUDE.md', "I've gone through your CLAUDE.md rules and the ledger code."), 'unverified absent-files');
    // Its own tools are named in the prompt the log leaves out, as Claude Code's and Codex's are.
    assert.notEqual(judge('`list_directory`', 'I used `list_directory` on the project and read the ledger.').split(' ')[1], 'absent-names');
    assert.equal(judge('`list_ledgers`', 'I used `list_ledgers` on the project and read the ledger.'), 'unverified absent-names');
  });

  it("excuses Cline's own tool names, which its system prompt defines and its history leaves out", () => {
    const cline = (answer: string) =>
      JSON.stringify([
        { role: 'user', content: [{ type: 'text', text: '<task>\nHow is the ledger settled?\n</task>' }] },
        { role: 'assistant', content: [{ type: 'text', text: '<read_file>\n<path>src/ledger.ts</path>\n</read_file>' }] },
        { role: 'user', content: [{ type: 'text', text: `[read_file for 'src/ledger.ts'] Result:\n${ledger.join('\n')}` }] },
        { role: 'assistant', content: [{ type: 'text', text: `<attempt_completion>\n<result>\n${answer}\n</result>\n</attempt_completion>` }] },
      ]);
    const judge = (text: string, answer: string) => {
      const parsed = parseTranscript({ raw: cline(answer), path: 'api_conversation_history.json' });
      if (!('segments' in parsed)) throw new Error('not read as a transcript');
      assert.equal((parsed as { format?: string }).format, 'cline');
      const check = checkTranscript(parsed, { profile: 'refined', ...FILES_ON });
      const last = check.outputs[check.outputs.length - 1];
      const e = last.result.entities.find((x) => x.text === text);
      return e ? `${e.status} ${e.rule}` : 'no entity';
    };
    assert.notEqual(judge('`replace_in_file`', 'I used `replace_in_file` on the ledger and `settleLedger` now rounds.').split(' ')[1], 'absent-names');
    assert.equal(judge('`rewrite_ledger`', 'I used `rewrite_ledger` on the ledger and `settleLedger` now rounds.'), 'unverified absent-names');
  });
});

/**
 * Per language: a sentence that reports a name or file nothing showed is
 * flagged; one that proposes it, and one that says it is missing, are not.
 */
const LANGUAGES: { language: string; reports: string[]; proposes: string[]; denies: string[] }[] = [
  {
    language: 'Spanish',
    reports: [
      'El libro mayor se concilia con `reconcileAll()` en src/ledger.ts, después de cada importación de los extractos del mes.',
      'Corregí el redondeo en `src/ledger_sync.ts` y ahora los totales del mes son exactos para los informes.',
    ],
    proposes: [
      'Deberías añadir `reconcileAll()` en src/ledger.ts para los informes del mes y los asientos.',
      '- Crear `src/ledger_sync.ts` para aislar el redondeo de los totales del mes.',
      'Podríamos mover la lógica a `reconcileAll()` después de cada importación de los extractos.',
    ],
    denies: ['No existe `reconcileAll()` en el módulo, ni en las pruebas de los asientos del mes.'],
  },
  {
    language: 'Portuguese',
    reports: [
      'O livro-razão é conciliado por `reconcileAll()` em src/ledger.ts, depois de cada importação dos extratos do mês.',
      'Corrigi o arredondamento em `src/ledger_sync.ts` e agora os totais do mês estão exatos nos relatórios.',
    ],
    proposes: [
      'Você deveria adicionar `reconcileAll()` em src/ledger.ts para os relatórios do mês.',
      '- Criar `src/ledger_sync.ts` para isolar o arredondamento dos totais do mês.',
      'Vou mover a lógica para `reconcileAll()` depois de cada importação dos extratos.',
    ],
    denies: ['Não há `reconcileAll()` no módulo, nem nos testes dos lançamentos do mês.'],
  },
  {
    language: 'German',
    reports: [
      'Das Hauptbuch wird von `reconcileAll()` in src/ledger.ts abgeglichen, nach jedem Import der Kontoauszüge des Monats.',
      'Ich habe die Rundung in `src/ledger_sync.ts` korrigiert, und die Summen des Monats sind jetzt auch in den Berichten exakt.',
    ],
    proposes: [
      'Man sollte `reconcileAll()` in src/ledger.ts ergänzen, damit die Berichte des Monats stimmen.',
      'Erstellen Sie `src/ledger_sync.ts` für die Rundung der Summen des Monats.',
      'Wir könnten die Logik nach `reconcileAll()` verschieben, nach jedem Import der Kontoauszüge.',
    ],
    denies: ['Es gibt kein `reconcileAll()` im Modul, und auch die Tests der Buchungen des Monats kennen es nicht.'],
  },
  {
    language: 'Turkish',
    reports: [
      'Defter, her banka dökümü içe aktarımından sonra src/ledger.ts içindeki `reconcileAll()` ile bu ay için uzlaştırılıyor.',
      'Yuvarlama hatasını `src/ledger_sync.ts` dosyasında düzelttim ve bu ayın toplamları artık doğru.',
    ],
    proposes: [
      'Bu ayın raporları için src/ledger.ts içine `reconcileAll()` eklemeliyiz.',
      'Yuvarlama mantığını `src/ledger_sync.ts` dosyasına taşıyacağım ve toplamları orada hesaplayacağım.',
      'Eğer gerekirse `reconcileAll()` fonksiyonunu bu ayın dökümü için yazabiliriz.',
    ],
    denies: ['Modülde `reconcileAll()` diye bir fonksiyon yok, bu ayın testlerinde de bulunmuyor.'],
  },
  {
    language: 'Russian',
    reports: [
      'Книга сверяется функцией `reconcileAll()` в src/ledger.ts после каждого импорта выписок за месяц.',
      'Исправил округление в `src/ledger_sync.ts`, и теперь итоги за месяц в отчётах точные.',
    ],
    proposes: [
      'Нужно добавить `reconcileAll()` в src/ledger.ts для отчётов за месяц.',
      '- Создать `src/ledger_sync.ts` и вынести туда округление итогов.',
      'Сейчас перенесу логику сверки в `reconcileAll()` после каждого импорта выписок.',
    ],
    denies: ['Функции `reconcileAll()` в модуле нет, и в тестах проводок за месяц её тоже нет.'],
  },
  {
    language: 'Korean',
    reports: [
      '장부는 `reconcileAll()` 함수로 정산되며, 매달 은행 내역을 가져온 뒤 실행됩니다.',
      '반올림 오류를 `src/ledger_sync.ts`에서 수정했고, 이번 달 합계가 정확해졌습니다.',
      '정산은 `reconcileAll()` 함수로 처리하고, 테스트도 함께 추가했습니다.',
    ],
    proposes: [
      '정산 로직을 `reconcileAll()` 함수로 옮겨야 합니다.',
      '반올림 로직은 `src/ledger_sync.ts` 파일로 분리하겠습니다.',
      '필요하면 `reconcileAll()` 함수를 추가할 수 있습니다.',
      // A clause joined to the last verb takes its mood: "settle with `x` and, for the tests, will add …".
      '정산은 `reconcileAll()` 함수로 처리하고, 테스트도 함께 추가하겠습니다.',
    ],
    denies: ['프로젝트에는 `reconcileAll()` 함수가 없습니다.'],
  },
];

describe('names nothing spelt in turns written in Spanish, Portuguese, German, Turkish, Russian or Korean', () => {
  const ruleFor = (text: string) => (text.includes('/') ? 'absent-files' : 'absent-names');
  const entityOf = (answer: string) => /`[^`]+`/.exec(answer)?.[0] ?? '';
  for (const { language, reports, proposes, denies } of LANGUAGES) {
    it(`${language}: flags what a sentence reports, not what it proposes or says is missing`, () => {
      for (const answer of reports) assert.equal(judged(entityOf(answer), answer), `unverified ${ruleFor(entityOf(answer))}`, answer);
      for (const answer of [...proposes, ...denies]) assert.notEqual(judged(entityOf(answer), answer).split(' ')[1], ruleFor(entityOf(answer)), answer);
    });
  }
});

describe('names nothing spelt in a Codex rollout, and files its prompts attach', () => {
  const item = (payload: object) => JSON.stringify({ timestamp: 't', type: 'response_item', payload });
  const message = (role: string, text: string) =>
    item({ type: 'message', role, content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }] });
  const rollout = (prompts: string[]) =>
    [
      JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w', instructions: 'You are Codex.' } }),
      ...prompts.map((p) => message('user', p)),
      item({ type: 'function_call', name: 'shell', call_id: 'c1', arguments: JSON.stringify({ command: ['bash', '-lc', 'cat src/ledger.ts'] }) }),
      item({ type: 'function_call_output', call_id: 'c1', output: JSON.stringify({ output: ledger.join('\n'), metadata: { exit_code: 0 } }) }),
      message('assistant', 'The ledger is settled by `reconcileAll()` in src/ledger.ts.'),
    ].join('\n');
  const verdict = (raw: string) => {
    const t = parseTranscript({ raw });
    if (!('segments' in t)) throw new Error('not a transcript');
    const check = checkTranscript(t, { profile: 'refined', ...FILES_ON });
    const e = check.outputs[check.outputs.length - 1].result.entities.find((x) => x.text === '`reconcileAll()`');
    return e ? `${e.status} ${e.rule}` : 'no entity';
  };

  it('flags it although the AGENTS.md Codex injects points at another file with @: that file was not attached', () => {
    const agents =
      '# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nAlways open `@/openspec/AGENTS.md` when the request mentions a proposal.\n</INSTRUCTIONS>';
    assert.equal(verdict(rollout([agents, 'How is the ledger settled?'])), 'unverified absent-names');
  });

  it('excuses AGENTS.md when the rollout leaves out the instructions that loaded it', () => {
    const raw = [
      JSON.stringify({ timestamp: 't', type: 'session_meta', payload: { id: 's', cwd: '/w' } }),
      message('user', 'How is the ledger settled?'),
      item({ type: 'function_call', name: 'shell', call_id: 'c1', arguments: JSON.stringify({ command: ['bash', '-lc', 'cat src/ledger.ts'] }) }),
      item({ type: 'function_call_output', call_id: 'c1', output: JSON.stringify({ output: ledger.join('\n'), metadata: { exit_code: 0 } }) }),
      message('assistant', 'Following the rules in AGENTS.md, the ledger is settled in src/ledger.ts.'),
    ].join('\n');
    const t = parseTranscript({ raw });
    if (!('segments' in t)) throw new Error('not a transcript');
    const check = checkTranscript(t, { profile: 'refined', ...FILES_ON });
    const e = check.outputs[check.outputs.length - 1].result.entities.find((x) => x.text === 'AGENTS.md');
    // Left unchecked, by the gap or because file-lines does not flag a bare file in an agent's turn; the detail says why.
    assert.equal(e?.status, 'indeterminate');
    assert.match(e?.detail ?? '', /Codex loads it into the system prompt/);
  });

  it('still leaves it when the prompt itself attached a file with @ whose content the log lacks', () => {
    assert.notEqual(verdict(rollout(['How is the ledger settled? See @src/reconcile.ts'])).split(' ')[1], 'absent-names');
  });
});

describe('misnamed-files: an unknown file beside one the session names', () => {
  const byDefault = (answer: string, rules = {}) => lastOutputWith(session([...readLedger, say(answer)]), { rules });

  it('flags by default a file whose name is a read file’s with one word added, naming the file it resembles', () => {
    const e = byDefault('I raised the limit in `src/ledger_sync.ts`.').get('`src/ledger_sync.ts`');
    assert.equal(`${e?.status} ${e?.rule}`, 'unverified misnamed-files');
    assert.match(e?.detail ?? '', /the session spells `ledger\.ts`/);
    assert.notEqual(byDefault('I raised the limit in `src/ledger_sync.ts`.', { 'misnamed-files': 'off' }).get('`src/ledger_sync.ts`')?.rule, 'misnamed-files');
  });

  it('leaves a file that resembles nothing the session names to absent-files, off by default', () => {
    assert.notEqual(byDefault('I raised the limit in `src/payments.ts`.').get('`src/payments.ts`')?.rule, 'misnamed-files');
  });

  it('leaves a file the turn’s own commands create, in a fenced block or between <bash> tags it never ran', () => {
    for (const block of [
      '```bash\ncat > src/ledger_sync.ts << EOF\nexport {};\nEOF\n```',
      '<bash>\ncat > src/ledger_sync.ts << EOF\nexport {};\nEOF\n</bash>',
    ]) {
      const answer = `I will write the sync module now:\n\n${block}\n\nThen \`src/ledger_sync.ts\` is picked up by the build.`;
      const found = byDefault(answer);
      assert.equal(found.get('src/ledger_sync.ts')?.rule, undefined, block);
    }
    // An unclosed tag is no block: the path after it is read as prose.
    assert.equal(byDefault('<bash>\nI raised the limit in src/ledger_sync.ts.').get('src/ledger_sync.ts')?.rule, 'misnamed-files');
  });

  it('leaves a file the turn only supposes: "something like", or a table column headed as a suggestion', () => {
    assert.notEqual(byDefault('Put it somewhere, something like `src/ledger_sync.ts`.').get('`src/ledger_sync.ts`')?.rule, 'misnamed-files');
    const table = '| Part | Suggested path |\n| --- | --- |\n| sync | `src/ledger_sync.ts` |';
    assert.notEqual(byDefault(table).get('`src/ledger_sync.ts`')?.rule, 'misnamed-files');
    // A column whose heading says what is there is a report.
    const report = '| Part | File |\n|---|---|\n| sync | `src/ledger_sync.ts` |';
    assert.equal(byDefault(report).get('`src/ledger_sync.ts`')?.rule, 'misnamed-files');
  });
});

describe('misnamed-names: an unknown name one word off one the session spells', () => {
  const turnedOn = (answer: string, rules: Record<string, 'on' | 'off'> = { 'misnamed-names': 'on' }) =>
    lastOutputWith(session([...readLedger, say(answer)]), { rules });

  it('flags, turned on, a name that is a shown function’s with one word added at either end, naming the function it resembles', () => {
    for (const name of ['settleLedgerAll', 'trySettleLedger', 'add_numbers_safe']) {
      const e = turnedOn(`The ledger is settled by \`${name}()\` in src/ledger.ts.`).get(`\`${name}()\``);
      assert.equal(`${e?.status} ${e?.rule}`, 'unverified misnamed-names', name);
    }
    const e = turnedOn('The ledger is settled by `settleLedgerAll()` in src/ledger.ts.').get('`settleLedgerAll()`');
    assert.match(e?.detail ?? '', /the session spells `settleLedger`/);
  });

  it('does not flag in an agent’s turn by default, and says what it saw and which rule would flag it', () => {
    const e = turnedOn('The ledger is settled by `settleLedgerAll()` in src/ledger.ts.', {}).get('`settleLedgerAll()`');
    assert.equal(e?.status, 'indeterminate');
    assert.match(
      e?.detail ?? '',
      /^`settleLedgerAll` occurs nowhere in the session before this turn; the session spells `settleLedger`; rule misnamed-names does not flag/,
    );
    const other = turnedOn('The ledger is settled by `reconcileAll()` in src/ledger.ts.', {}).get('`reconcileAll()`');
    assert.equal(other?.status, 'indeterminate');
    assert.match(other?.detail ?? '', /^`reconcileAll` occurs nowhere in the session before this turn; rule absent-names does not flag/);
  });

  it('leaves a name that resembles nothing the session spells, or extends a plain word, to absent-names', () => {
    assert.notEqual(turnedOn('The ledger is settled by `reconcileAll()` in src/ledger.ts.').get('`reconcileAll()`')?.rule, 'misnamed-names');
    // `entries` is one word: a name built on it names nothing in particular.
    assert.notEqual(turnedOn('The ledger sums `entriesTotal` in src/ledger.ts.').get('`entriesTotal`')?.status, 'unverified');
  });

  it('leaves a new function named after a type the session shows: the base must be spelt as a whole token, in the name’s case', () => {
    /** The last turn's entities after reading `src/ledger.ts` with these lines, misnamed-names on. */
    const afterReading = (lines: string[], answer: string) =>
      lastOutputWith(
        session([user('What does the ledger hold?'), call('r1', 'Read', { file_path: '/w/app/src/ledger.ts' }), result('r1', numbered(lines)), say(answer)]),
        { rules: { 'misnamed-names': 'on' } },
      );
    const e = afterReading(['export interface LedgerEntry {', '  cents: number;', '}'], 'Entries are stored by `addLedgerEntry()` in src/ledger.ts.');
    assert.notEqual(e.get('`addLedgerEntry()`')?.rule, 'misnamed-names');
    // The same name beside a function `ledgerEntry` the session shows is that function, misnamed.
    const f = afterReading(['export function ledgerEntry(cents) {', '  return { cents };', '}'], 'Entries are made by `addLedgerEntry()` in src/ledger.ts.');
    assert.equal(f.get('`addLedgerEntry()`')?.rule, 'misnamed-names');
  });

  it('leaves a name the turn proposes or denies', () => {
    assert.notEqual(turnedOn('We could add a `settleLedgerAll()` wrapper in src/ledger.ts.').get('`settleLedgerAll()`')?.status, 'unverified');
    assert.notEqual(turnedOn('There is no `settleLedgerAll()` in src/ledger.ts.').get('`settleLedgerAll()`')?.status, 'unverified');
  });
});
