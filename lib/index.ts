/**
 * groundcheck as a library for agent code: check an output against the
 * passages it was written from, check a whole transcript or one turn of it,
 * or gate each output (pass, flag, block) before it reaches a user.
 * Deterministic, no model, no network.
 */
export { checkOutput } from './checkOutput';
export { checkTranscript, TranscriptError, type TranscriptSource } from './checkTranscript';
export { createGate } from './gate';
export type * from './types';
