import { strict as assert } from 'node:assert';
import { PlantFigures } from '../../../bench/sessions/plantFigures';

describe('plant recall table', () => {
  it('puts dev and test side by side per kind, also where the log records sources and where the original was grounded, with what the missed ones were judged and the candidates found', () => {
    const f = new PlantFigures();
    f.count('wrong-line', 'dev', 'caught', true, true);
    f.count('wrong-line', 'dev', 'indeterminate', false, true);
    f.count('wrong-line', 'test', 'caught', true, false);
    f.count('changed-port', 'test', 'not-extracted', true, true);
    f.addTally('wrong-line', { found: 9, placeable: 4, planted: 3 });
    f.addTally('wrong-line', { found: 1, placeable: 1, planted: 0 });
    f.count('hand', 'dev', 'grounded');
    const lines = f.format(['renamed-identifier', 'wrong-line', 'changed-port']);
    const cells = lines.map((l) => l.trim().split(/ {2,}/));
    assert.deepEqual(cells[0], [
      'kind',
      'dev caught',
      'test caught',
      'all caught',
      'dev where the log records sources',
      'test where it does',
      'dev where the original was grounded',
      'test where it was',
      'missed as: indeterminate',
      'grounded',
      'not extracted',
      'found',
      'placeable',
    ]);
    assert.deepEqual(cells[1], ['wrong-line', '1/2 (50%)', '1/1 (100%)', '2/3 (67%)', '1/1 (100%)', '1/1 (100%)', '1/2 (50%)', '-', '1', '0', '0', '10', '5']);
    assert.deepEqual(cells[2], ['changed-port', '-', '0/1 (0%)', '0/1 (0%)', '-', '0/1 (0%)', '-', '0/1 (0%)', '0', '0', '1']);
    assert.deepEqual(cells[4], ['all generated', '1/2 (50%)', '1/2 (50%)', '2/4 (50%)', '1/1 (100%)', '1/2 (50%)', '1/2 (50%)', '0/1 (0%)', '1', '0', '1']);
    assert.deepEqual(cells[5], ['hand', '0/1 (0%)', '-', '0/1 (0%)', '0', '1', '0']);
  });
});
