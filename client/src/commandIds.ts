/**
 * Command ids the client registers. They must match `contributes.commands`
 * in package.json; the ones the server names in CodeLenses and links come
 * from the shared protocol so the two sides cannot drift.
 */
import { ClientCommands } from '../../shared/protocol/messages';

export const COMMANDS = {
  classifySelection: 'groundcheck.classifySelection',
  restartServer: 'groundcheck.restartServer',
  showOutput: 'groundcheck.showOutput',
  recheckFile: 'groundcheck.recheckFile',
  openConversation: 'groundcheck.openConversation',
  showUnverified: ClientCommands.showUnverified,
  showReferences: ClientCommands.showReferences,
} as const;
