// What follows when the anchors of some files moved (edits, relocation, git, a load): each file's
// anchor diagnostics published as they are now, and one notification naming the components whose
// drifted anchors changed (features/anchorDriftChanges.ts). File by file, in time slices: after a load
// every anchored file (100,000 anchors) has moved.
import type { Diagnostic } from 'vscode-languageserver';
import { TimeSlicer, yieldToEventLoop } from '../util/timeSlices';
import type { AnchorDriftChanges } from './anchorDriftChanges';
import type { DiagnosticsHub } from './diagnosticsHub';

export interface AnchorMoveTargets {
  hub: Pick<DiagnosticsHub, 'set'>;
  index: { diagnosticsFor(uri: string): Diagnostic[] };
  driftChanges: Pick<AnchorDriftChanges, 'update'>;
  driftChanged(componentIds: string[]): void;
}

export async function publishAnchorMoves(t: AnchorMoveTargets, uris: readonly string[]): Promise<void> {
  // Not in the turn that moved them: an index build ends there, and its last slice and this one's
  // first would make one long block.
  await yieldToEventLoop();
  const slicer = new TimeSlicer();
  const componentIds = new Set<string>();
  for (const uri of uris) {
    // Read when its turn comes, so a file changed meanwhile is published as it is now.
    t.hub.set('anchors', uri, t.index.diagnosticsFor(uri));
    for (const id of await t.driftChanges.update([uri])) componentIds.add(id);
    if (slicer.due()) await slicer.pause();
  }
  if (componentIds.size) t.driftChanged([...componentIds]);
}
