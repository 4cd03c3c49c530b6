/**
 * Which language a turn's prose is in, among those the report-or-proposal
 * rules read: English, French, Spanish, Portuguese, German, Turkish,
 * Russian, Chinese, Japanese, Korean; any other is none.
 */
import { strict as assert } from 'node:assert';
import { readsAsEnglish } from '../../../shared/text/englishProse';
import { proseLanguage } from '../../../shared/text/proseLanguage';
import { foreignCue } from '../../../shared/code/rules/foreignCues';

describe('proseLanguage', () => {
  it('reads English, French, Chinese and Japanese prose about code', () => {
    assert.equal(proseLanguage('I fixed the rounding in `src/ledger.ts`, and all 44 tests now pass.'), 'en');
    assert.equal(
      proseLanguage('Le grand livre est réglé par `reconcileAll()` dans src/ledger.ts, après chaque import des relevés, et les totaux sont exacts.'),
      'fr',
    );
    assert.equal(proseLanguage('账本由 `reconcileAll()` 函数结算，每次导入银行流水后运行。'), 'zh');
    assert.equal(proseLanguage('丸めの修正は `src/ledger_sync.ts` に入れて、合計を正確にしました。'), 'ja');
  });

  it('reads a short French sentence that one English-looking word would pass as English', () => {
    assert.equal(proseLanguage('On pourrait ajouter `reconcileAll()` dans src/ledger.ts, après chaque import de relevés bancaires du mois.'), 'fr');
  });

  it('reads Spanish, Portuguese, German, Turkish, Russian and Korean prose about code', () => {
    assert.equal(proseLanguage('El libro se concilia con `reconcileAll()` en src/ledger.ts, después de cada importación de los extractos para el mes.'), 'es');
    assert.equal(proseLanguage('O livro é conciliado por `reconcileAll()` em src/ledger.ts, depois de cada importação dos extratos do mês.'), 'pt');
    assert.equal(
      proseLanguage('Das Hauptbuch wird von `reconcileAll()` in src/ledger.ts abgeglichen, nach jedem Import der Kontoauszüge und nicht vorher.'),
      'de',
    );
    assert.equal(proseLanguage('Defter, her içe aktarımdan sonra src/ledger.ts içindeki `reconcileAll()` ile uzlaştırılıyor ve bu ay için kapanıyor.'), 'tr');
    assert.equal(proseLanguage('Книга сверяется функцией `reconcileAll()` после каждого импорта выписок.'), 'ru');
    assert.equal(proseLanguage('장부는 `reconcileAll()` 함수로 정산됩니다.'), 'ko');
  });

  it('reads a short sentence by the one word only its language has, where no English word says English', () => {
    assert.equal(proseLanguage('- Criar `src/ledger_sync.ts` para isolar o arredondamento dos totais do mês.'), 'pt');
    assert.equal(proseLanguage('Listo, ya está.'), 'es');
    assert.equal(proseLanguage('Yuvarlama `src/ledger_sync.ts` ve toplamlar.'), 'tr');
    // A short English line with one such word is still English: its own function words outnumber it.
    assert.equal(proseLanguage('The fix is in `src/ledger.ts` and the tests pass, y is unchanged.'), 'en');
  });

  it('reads the language of the prose, not of the code it names, in a turn mostly code', () => {
    const turn = [
      'Исправил округление в `src/ledger_sync.ts`:',
      '',
      '```ts',
      'export function reconcileAll(entries: Entry[]): Totals { return sum(entries); }',
      'export function settleLedger(entries: Entry[]): Totals { return reconcileAll(entries); }',
      '```',
      '',
      'Тесты проходят: `npm test -- --run src/ledger.test.ts`.',
    ].join('\n');
    assert.equal(proseLanguage(turn), 'ru');
    assert.equal(proseLanguage('Corregí `parseConfig()` en src/config/load.ts y `load_env()` en src/env.ts: ya no falla con el archivo vacío.'), 'es');
  });

  it('reads none in a language it has no words for, or a Cyrillic one that is not Russian', () => {
    assert.equal(
      proseLanguage('Il libro mastro è riconciliato da `reconcileAll()` in src/ledger.ts, dopo ogni importazione degli estratti del mese.'),
      undefined,
    );
    assert.equal(proseLanguage('Het grootboek wordt door `reconcileAll()` in src/ledger.ts afgestemd, na elke import van de afschriften.'), undefined);
    assert.equal(proseLanguage('Книга звіряється функцією `reconcileAll()` після кожного імпорту виписок із банку за місяць.'), undefined);
    assert.equal(proseLanguage('Sổ cái được đối chiếu bởi `reconcileAll()` sau mỗi lần nhập sao kê ngân hàng.'), undefined);
  });

  it('stays linear on 200,000 characters of one word, of short words, and of unclosed backticks, in every script it reads', () => {
    const hostile = ['а'.repeat(200_000), 'ma '.repeat(70_000), '`a '.repeat(70_000), '가'.repeat(200_000), 'aría'.repeat(50_000)];
    const t0 = performance.now();
    for (const text of hostile) {
      proseLanguage(text);
      for (const language of ['fr', 'es', 'pt', 'de', 'tr', 'ru', 'zh', 'ja', 'ko'] as const) foreignCue(text, language);
    }
    assert.ok(performance.now() - t0 < 5000, `${performance.now() - t0} ms`);
  });

  it('does not take Chinese written without spaces, with a path in it, for one path token', () => {
    // Unspaced Chinese with a path in it once read as a single path, leaving no prose: English by default.
    const turn = '新建文件：`src/ledger_sync.ts`，把取整逻辑放进去，然后在src/ledger.ts里调用它。';
    assert.equal(readsAsEnglish(turn), false);
    assert.equal(proseLanguage(turn), 'zh');
  });
});
