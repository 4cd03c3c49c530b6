/**
 * The rules about a coding agent's claims, the way `pipeline/classify`
 * runs them: coding claims extracted beside the generic entities (file and
 * line references, inline code), their verdicts against the session's facts
 * (`../facts`), and the passes over fenced code, counts, status claims,
 * unattributed values, listed counts, copied counts, checklist counts, absent names, quoted lines, error quotes, version slots, unseen versions and unknown flags.
 */
export { markAbsentNames } from './absentNames';
export { codeBlockEntities } from './codeBlocks';
export { extractCodeEntities, withCodeEntities } from './codeEntities';
export { codeVerdicts, quotesCheckable, type CodeSession } from './codeVerdicts';
export { countVerdicts, dropReadingCounts, listingCountVerdicts } from './countClaims';
export { listedCounts } from './listedCounts';
export { checklistCounts } from './checklistCounts';
export { copiedCountClaims } from './copiedCounts';
export { reportBlockCounts } from './reportBlockCounts';
export { statusClaims } from './statusClaims';
export { quotedLineFindings } from './quotedLines';
export { errorQuoteFindings } from './errorQuotes';
export { dropUnattributedValues } from './unattributedValues';
export { hostPortClaims } from './hostPorts';
export { unknownFlagClaims } from './unknownFlags';
export { dottedVersionClaims, versionVerdicts } from './versionSlots';
export { unseenVersionClaims } from './unseenVersions';
