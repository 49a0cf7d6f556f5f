// Anchors without a place in the workspace as diagnostics: the server publishes them on their path
// documents, the CLI reports them as findings.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { TrackedAnchor } from '../anchors/types';
import type { PathDocumentUriOf } from '../pathDocs/pathDocumentUris';

/** The diagnostic of an anchor without a place in the workspace (unresolved, outside the workspace). */
export function anchorProblemDiagnostic(t: TrackedAnchor): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: t.state === 'outsideWorkspace' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: 'Lineage Lens',
    code: t.state === 'outsideWorkspace' ? 'anchor-outside-workspace' : 'anchor-unresolved',
    message: t.problem ?? `Anchor ${t.entry.anchor.anchor_id} could not be resolved.`,
    data: { componentId: t.entry.componentId, pathId: t.entry.pathId, anchorId: t.entry.anchor.anchor_id },
  };
}

/** Anchors that have no place in the workspace, reported on their path documents. */
export function anchorProblemDiagnostics(
  problems: Iterable<TrackedAnchor>,
  uriOf: PathDocumentUriOf,
): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const t of problems) {
    const uri = uriOf(t.entry.componentId, t.entry.pathId);
    const list = out.get(uri) ?? [];
    list.push(anchorProblemDiagnostic(t));
    out.set(uri, list);
  }
  return out;
}
