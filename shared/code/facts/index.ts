/**
 * What a coding session shows, read from its tool calls once per transcript:
 * which lines of which file each listing showed (gutters, `grep -n`, edits
 * applied to a read), the shell commands behind them, the counts commands
 * printed, the paths they name; and one output's view of those facts,
 * limited to its causal past. Facts only: nothing here judges a claim (the
 * rules that do are in `../rules`, one layer up).
 */
export { commandProgram, type CommandProgram } from './commandPrograms';
export { mayChangeFiles } from './listingShapes';
export { isKnownExtension } from './fileExtensions';
export { baseName, cleanPath, isPathChar, looksLikeFilePath, pathNames } from './pathSpellings';
export { SessionFacts, type OptionList, type Tally, type TestState } from './sessionFacts';
export { FileKnowledge, sessionView, stepCommand, type LinePlace, type LineWith, type SessionView, type ToolStep } from './sessionView';
