/**
 * Command ids the client registers. They must match `contributes.commands`
 * in package.json; the id CodeLens uses comes from the shared protocol.
 */
export const COMMANDS = {
  classifySelection: 'groundcheck.classifySelection',
  restartServer: 'groundcheck.restartServer',
  showOutput: 'groundcheck.showOutput',
  recheckFile: 'groundcheck.recheckFile',
  showUnverified: 'groundcheck.showUnverified',
  showReferences: 'groundcheck.showReferences',
} as const;
