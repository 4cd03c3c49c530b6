/** Every plant kind's generator, in the order reports list them. */
import type { PlantGenerator } from '../generator';
import { changedCount } from './changedCount';
import { changedError } from './changedError';
import { changedPort } from './changedPort';
import { changedVersion } from './changedVersion';
import { codeBlockToken } from './codeBlockToken';
import { inventedFlag } from './inventedFlag';
import { inventedLibrary } from './inventedLibrary';
import { renamedIdentifier } from './renamedIdentifier';
import { untouchedPath } from './untouchedPath';
import { wrongLine } from './wrongLine';

export const GENERATORS: readonly PlantGenerator[] = [
  renamedIdentifier,
  wrongLine,
  changedCount,
  changedVersion,
  changedPort,
  untouchedPath,
  inventedFlag,
  inventedLibrary,
  codeBlockToken,
  changedError,
];
