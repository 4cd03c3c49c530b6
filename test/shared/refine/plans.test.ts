import { strict as assert } from 'node:assert';
import { outputSentences } from '../../../shared/refine/claims';

function kinds(text: string, instructions: boolean): [string, string][] {
  return outputSentences(text, { instructions }).map((s) => [text.slice(...s.span), s.kind]);
}

describe('plans and instructions are not claims', () => {
  it("the speaker's own plan is never a claim, in any text", () => {
    const text = "I'll add `@prisma/client` next. Let me check line 40. The port is 3000.";
    assert.deepEqual(kinds(text, false), [
      ["I'll add `@prisma/client` next.", 'plan'],
      ['Let me check line 40.', 'plan'],
      ['The port is 3000.', 'claim'],
    ]);
  });

  it('in an agent turn, instructions, numbered phases and plan sections are not claims', () => {
    const text = [
      'The schema has 12 tables.',
      'Run `prisma db pull` first.',
      'Phase 0: add `@prisma/client` 5.1.',
      'Build failed with 3 errors.',
      '',
      '## Next steps',
      '- migrate the 4 services',
      '- drop the 2 old tables',
      '',
      'Then I updated the config to port 3001.',
    ].join('\n');
    assert.deepEqual(kinds(text, true), [
      ['The schema has 12 tables.', 'claim'],
      ['Run `prisma db pull` first.', 'plan'],
      ['Phase 0: add `@prisma/client` 5.1.', 'plan'],
      ['Build failed with 3 errors.', 'claim'],
      ['## Next steps', 'plan'],
      ['- migrate the 4 services', 'plan'],
      ['- drop the 2 old tables', 'plan'],
      ['Then I updated the config to port 3001.', 'claim'],
    ]);
  });

  it('a list item ending in a colon opens a plan of the items nested under it, and its next sibling ends it', () => {
    const text = ['- Import smoke tests:', '  - tests/test_gui_import.py', '  - tests/test_editor_import.py', '- Full test suite: 19 passed'].join('\n');
    assert.deepEqual(kinds(text, true), [
      ['- Import smoke tests:', 'plan'],
      ['- tests/test_gui_import.py', 'plan'],
      ['- tests/test_editor_import.py', 'plan'],
      ['- Full test suite: 19 passed', 'claim'],
    ]);
    // A paragraph opening the plan still covers the list after it.
    assert.deepEqual(
      kinds("I'll make these changes:\n- migrate the 4 services\n- the 2 old tables go", true).map(([, k]) => k),
      ['plan', 'plan', 'plan'],
    );
  });

  it('in an agent turn, sections under a plan heading in French, Chinese or Japanese are plans too', () => {
    const zh = '## 修复方案\n\n- 打开设置 `settings.json`\n\n## 结果\n\n- 测试通过';
    assert.deepEqual(
      kinds(zh, true).map(([t, k]) => `${k}: ${t}`),
      ['plan: ## 修复方案', 'plan: - 打开设置 `settings.json`', 'claim: ## 结果', 'claim: - 测试通过'],
    );
    assert.equal(kinds('### Prochaines étapes\n- Lancer les tests du module', true)[1][1], 'plan');
    assert.equal(kinds('## 手順\n1. `npm test` を実行', true)[1][1], 'plan');
  });

  it('in an agent turn, sections under a plan heading in Spanish, Portuguese, German, Turkish, Russian or Korean are plans too', () => {
    for (const heading of ['### Próximos pasos', '**Próximos passos**', '## Nächste Schritte', '## Sonraki adımlar', '**План миграции**', '## 다음 단계']) {
      assert.deepEqual(
        kinds(`${heading}\n- \`src/ledger_sync.ts\`\n\n## Status\n\n- 44 tests pass`, true).map(([t, k]) => `${k}: ${t}`),
        [`plan: ${heading}`, 'plan: - `src/ledger_sync.ts`', 'claim: ## Status', 'claim: - 44 tests pass'],
        heading,
      );
    }
  });

  it("in an agent turn, a list under a heading of options is a plan, in English and in the other languages' words for options", () => {
    for (const heading of ['Next options:', 'Nächste sinnvolle Optionen:', '**Opciones**', '## Варианты', '## 选项']) {
      assert.deepEqual(
        kinds(`${heading}\n1. Try it with the .NET 9 SDK.\n\n## Status\n\n- 44 tests pass`, true).map(([t, k]) => `${k}: ${t}`),
        [`plan: ${heading}`, 'plan: 1.', 'plan: Try it with the .NET 9 SDK.', 'claim: ## Status', 'claim: - 44 tests pass'],
        heading,
      );
    }
  });

  it('in an agent turn, a numbered label opens a plan step, but a sentence about a phase or step reports on it', () => {
    for (const label of [
      'Phase 0: add the client.',
      'Step 2 - run it.',
      'Option B: keep it.',
      'TODO: fix it.',
      'Stage 1.2) deploy.',
      '**Step 1**: add the client.',
      '**Step 1:** add it.',
    ])
      assert.deepEqual(kinds(label, true), [[label, 'plan']], label);
    for (const report of [
      'Phase-5 tasks are checked off (`tasks.md:95-102`).',
      'Step 3 is done.',
      'Step-by-step notes are in `a.md`.',
      'TODO.md lists 12 open tasks.',
      'step.py defines 3 steps.',
    ])
      assert.deepEqual(kinds(report, true), [[report, 'claim']], report);
  });

  it('in an agent turn, a verb that names a label opens no instruction: what follows the label decides', () => {
    for (const report of [
      '**Stop Words**: Combined set from `STOP_WORDS_FR` (50 words).',
      '- Open Loops: the prompt remains derived from `open_loops`.',
      '- **Update**: bumped `vite` to 5.4.',
    ])
      assert.deepEqual(
        kinds(report, true).map(([, k]) => k),
        ['claim'],
        report,
      );
    for (const plan of ['Stop Words: run them through `clean()`.', 'Add the index: it speeds reads.'])
      assert.deepEqual(
        kinds(plan, true).map(([, k]) => k),
        ['plan'],
        plan,
      );
  });

  it('a sentence saying what the plan just announced involves goes on with it, in its paragraph only', () => {
    assert.deepEqual(kinds('I will now build the payment feature. This involves creating a service on `RestTemplate`.', false), [
      ['I will now build the payment feature.', 'plan'],
      ['This involves creating a service on `RestTemplate`.', 'plan'],
    ]);
    for (const described of [
      "I'll update the parser. It requires Node 18 and the `yaml` package.",
      'Let me fix the config loader. It includes 3 retries and a 30 s timeout.',
      "Next I'll run the tests. That means all 42 pass now.",
    ])
      assert.equal(kinds(described, false)[1][1], 'claim', described);
    assert.deepEqual(kinds('I built the payment feature. This involves a service on `RestTemplate`.', false), [
      ['I built the payment feature.', 'claim'],
      ['This involves a service on `RestTemplate`.', 'claim'],
    ]);
    assert.deepEqual(kinds('I will build the payment feature.\n\nThis involves a service on `RestTemplate`.', false), [
      ['I will build the payment feature.', 'plan'],
      ['This involves a service on `RestTemplate`.', 'claim'],
    ]);
  });

  it('in an answer drawn from documents, instructions restate the documents and stay claims', () => {
    assert.deepEqual(kinds('Preheat is not a verb we know. Remove the foil after 15 minutes.', false), [
      ['Preheat is not a verb we know.', 'claim'],
      ['Remove the foil after 15 minutes.', 'claim'],
    ]);
    assert.deepEqual(kinds('Remove the foil after 15 minutes. You can see it is 3 cm.', true), [
      ['Remove the foil after 15 minutes.', 'plan'],
      ['You can see it is 3 cm.', 'claim'],
    ]);
  });
});
