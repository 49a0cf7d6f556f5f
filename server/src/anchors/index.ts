// The anchor index: code anchors resolved to workspace files and tracked through edits (README.md).
export { AnchorIndex } from './anchorIndex';
export { GitMapper, type GitMapperOptions } from './git/gitMapping';
export type {
  AnchorEntry,
  GitMapping,
  SinceScan,
  AnchorIndexOptions,
  AnchorState,
  Disposable,
  TrackedAnchor,
  WorkspaceFolderInfo,
} from './types';
export { expectedNamesFor, otherNamesFor, lastSegment } from './expectedNames';
export { DIAGNOSTIC_SOURCE, type AnchorDiagnosticCode, type AnchorDiagnosticData } from './diagnostics';
export { REPAIR_TITLE, pickCandidateTitle } from './messages';
export { fileUri, uriToFsPath } from '../workspace/uris';
export { TreeSitterDefinitions, type DefinitionSource } from './syntax/definitionSource';
export { coordinatesAt, coordinatesOf, driftReason, type AnchorCoordinates, type AnchorDrift } from './drift';
