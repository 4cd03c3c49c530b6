/**
 * One chunk of `npm run fuzz`, run in a worker thread whose heap is capped:
 * an input that exhausts the cap kills only this thread, and the shared
 * progress cell tells the main thread which input it was.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { fuzzClassifier, fuzzShapes, fuzzTranscripts } from './runFuzz';
import { type ChunkTask, PROGRESS_RECIPE_AT } from './fuzzChunk';
import { SHAPES } from './shapes';

const task = workerData as ChunkTask;
const progress = new Int32Array(task.progress, 0, 4);
const recipeBytes = new Uint8Array(task.progress, PROGRESS_RECIPE_AT);
const shapeIndex = new Map(SHAPES.map((s, i) => [s.name, i]));

const report =
  task.target === 'transcripts'
    ? fuzzTranscripts(task.runs, task.seed, task.path)
    : task.target === 'classifier'
      ? fuzzClassifier(task.runs, task.seed, task.path)
      : fuzzShapes(task.runs, task.seed, {
          only: task.only,
          largeOnly: task.largeOnly,
          path: task.path,
          onFlush: (partial) => parentPort!.postMessage({ partial }),
          onInput: (index, c, size) => {
            progress[1] = shapeIndex.get(c.shape) ?? -1;
            progress[2] = size;
            progress[3] = new TextEncoder().encodeInto(JSON.stringify(c.recipe), recipeBytes).written;
            // Last: the main thread times an input from the moment its index appears.
            Atomics.store(progress, 0, index);
          },
        });
parentPort!.postMessage({ report });
