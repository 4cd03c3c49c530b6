/**
 * Checking many transcripts one after another (a stream of RAG rows) and
 * letting each result go: what a check makes for one output dies young, so
 * the old generation does not fill with garbage that only a full
 * collection frees, and a long stream's memory stays level.
 */
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { oldGenerationGrowthPerStep } from '../oldGenerationGrowth';

describe('outputs checked one by one', () => {
  it('leave the old generation next to nothing per output', () => {
    const perRow = oldGenerationGrowthPerStep(join(__dirname, '../ragRowSteps'), 'checkRow', 300, 2000);
    // A row's check allocates over 100 KB; were a share of it promoted, or a hidden class made per output, this would be 700 bytes or more.
    // A busy machine's later young collections promote a little more (160-300 bytes alone, up to 405 under load), so the line sits between.
    assert.ok(perRow < 600, `the old generation grew by ${Math.round(perRow)} bytes a row`);
  }).timeout(120_000);
});
