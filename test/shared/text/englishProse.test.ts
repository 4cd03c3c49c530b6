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

  it("reads a terse English report of headings, a table and a list of files, whose function words are few but no other language's", () => {
    const report = [
      '## BUILD TEST REPORT - Public Site Package',
      '**OVERALL STATUS:** BUILD_FAIL',
      '| Test | Status | Exit Code | Details |',
      '|------|--------|-----------|---------|',
      '| CSS Generation | PASS | 0 | 7.9KB file generated successfully |',
      '| TypeScript Check | FAIL | Non-zero | Module resolution error |',
      '| Static Build | FAIL | 1 | Turbopack cannot resolve exports |',
      '### What Fails',
      '1. **TypeScript Type Checking**',
      '   - Cannot resolve `@saa/shared/master-controller` module',
      '   - Path mapping mismatch with package exports',
      '2. **Static Export Build**',
      '   - Build stops before creating `out/` directory',
      '   - Deployment to Cloudflare Pages blocked',
      '### Files Generated',
      '- `/tmp/css-gen.log` - CSS generation output',
      '- `/tmp/public-build.log` - Build error details',
      '- `/tmp/build-test-report.md` - This report',
    ].join('\n');
    assert.equal(readsAsEnglish(report), true);
  });

  it('does not read terse French or German notes as English, though they use a few English-looking words', () => {
    const french = [
      '**Phase 0 Setup**',
      '- Squelette Go posé avec API/worker minimal et endpoints santé (`cmd/api/main.go:1`) plus namespace `internal` prêt pour la logique domaine.',
      '- Outillage dev prêt : `Makefile:1` (cibles fmt/lint/test), règles golangci-lint, doc d’architecture dans le README.',
      '- Docker Compose avec Postgres, Redis et MinIO; CI sur chaque push.',
    ].join('\n');
    assert.equal(readsAsEnglish(french), false);
    const german =
      '**Stand**\n- Build-Skript `build.sh` angepasst und getestet\n- Modul `parser` in das Paket verschoben, die Tests laufen\n- Konfiguration für CI ist nicht mehr nötig, da alles lokal läuft';
    assert.equal(readsAsEnglish(german), false);
  });

  it('does not read Chinese or Japanese prose, even with English names in it', () => {
    assert.equal(readsAsEnglish('方法 4: 检查项目 .vscode/settings.json 让我检查一下项目中是否有自定义的 GitLens 配置。'), false);
    assert.equal(readsAsEnglish('`reconcileAll()` を修正しました。テストはすべて成功しています。'), false);
  });
});
