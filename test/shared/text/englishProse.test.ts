/**
 * Which turns the report-or-proposal rules can read: English prose, however
 * much code it names, and not prose in another language about English code.
 */
import { strict as assert } from 'node:assert';
import { readsAsEnglish } from '../../../shared/text/englishProse';

describe('readsAsEnglish', () => {
  it('reads an English summary full of code names, paths and commands', () => {
    const turn = [
      'I fixed the failing test in `src/ledger/settle.ts`. The problem was that `reconcileAll()` skipped entries',
      'whose `amount` was zero, so `npm test -- --run` reported 2 failures.',
      '',
      '```ts',
      'export function reconcileAll(entries: Entry[]): Totals { return sum(entries); }',
      '```',
      '',
      'See https://example.com/docs/ledger.html for the format; all 44 tests now pass.',
    ].join('\n');
    assert.equal(readsAsEnglish(turn), true);
  });

  it('reads terse English bullets, too short to count words in', () => {
    assert.equal(readsAsEnglish('- Added `parseConfig()`\n- Fixed `load_env`'), true);
  });

  it('does not read French or Spanish prose about code', () => {
    assert.equal(
      readsAsEnglish(
        'Le grand livre est réglé par `reconcileAll()` dans src/ledger.ts, après chaque import de relevés bancaires du mois, puis les totaux sont affichés.',
      ),
      false,
    );
    assert.equal(
      readsAsEnglish(
        'Documenter la configuration locale (Go, Node, Docker), les conventions et les listes de contrôle des PR; critère: `CONTRIBUTING.md` disponible pour tous.',
      ),
      false,
    );
    assert.equal(
      readsAsEnglish(
        'Actualicé la función `parseConfig()` para que lea el archivo de configuración desde el directorio del proyecto y devuelva los valores por defecto.',
      ),
      false,
    );
  });

  it('does not read Chinese or Japanese prose, even with English names in it', () => {
    assert.equal(readsAsEnglish('方法 4: 检查项目 .vscode/settings.json 让我检查一下项目中是否有自定义的 GitLens 配置。'), false);
    assert.equal(readsAsEnglish('`reconcileAll()` を修正しました。テストはすべて成功しています。'), false);
  });
});
