/**
 * Which language a turn's prose is in, among those the report-or-proposal
 * rules read: English, French, Chinese, Japanese; any other is none.
 */
import { strict as assert } from 'node:assert';
import { readsAsEnglish } from '../../../shared/text/englishProse';
import { proseLanguage } from '../../../shared/text/proseLanguage';

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

  it('reads none in a language it has no words for', () => {
    assert.equal(
      proseLanguage('Das Hauptbuch wird von `reconcileAll()` in src/ledger.ts abgeglichen, nach jedem Import der Kontoauszüge und nicht vorher.'),
      undefined,
    );
    assert.equal(
      proseLanguage('El libro se concilia con `reconcileAll()` en src/ledger.ts, después de cada importación de los extractos para el mes.'),
      undefined,
    );
    assert.equal(proseLanguage('Книга сверяется функцией `reconcileAll()` после каждого импорта выписок.'), undefined);
    assert.equal(proseLanguage('장부는 `reconcileAll()` 함수로 정산됩니다.'), undefined);
  });

  it('does not take Chinese written without spaces, with a path in it, for one path token', () => {
    // Unspaced Chinese with a path in it once read as a single path, leaving no prose: English by default.
    const turn = '新建文件：`src/ledger_sync.ts`，把取整逻辑放进去，然后在src/ledger.ts里调用它。';
    assert.equal(readsAsEnglish(turn), false);
    assert.equal(proseLanguage(turn), 'zh');
  });
});
