// Diagnostics for one file's anchors: stale (warning), ambiguous (warning, with its candidates),
// relocated (information, from where to where), clamped coordinates (warning). Anchors without a file are reported by the caller via problems().
import {
  DiagnosticSeverity,
  type Range,
  type Diagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver-types';
import type { Slot } from './slot';
import type { TrackedAnchor } from './types';
import { clampedMessage } from './messages';

export const DIAGNOSTIC_SOURCE = 'Lineage Lens';

export type AnchorDiagnosticCode =
  'anchor-stale' | 'anchor-ambiguous' | 'anchor-relocated' | 'anchor-clamped';

/** Attached to each diagnostic as `data`, e.g. for code actions. */
export interface AnchorDiagnosticData {
  componentId: string;
  pathId: string;
  anchorId: string;
  /** `anchor-ambiguous`: the definitions the user may pick, nearest first. */
  candidates?: Range[];
}

export function diagnosticsOf(slots: readonly Slot[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const s of slots) {
    const t = s;
    if (!t.range || !t.uri) continue;
    const data: AnchorDiagnosticData = {
      componentId: t.entry.componentId,
      pathId: t.entry.pathId,
      anchorId: t.entry.anchor.anchor_id,
    };
    const base = { source: DIAGNOSTIC_SOURCE, data };
    if (t.state === 'stale' && t.problem) {
      out.push({
        ...base,
        range: t.range,
        severity: DiagnosticSeverity.Warning,
        code: 'anchor-stale',
        message: t.problem,
      });
    } else if (t.state === 'ambiguous' && t.problem && t.candidates) {
      out.push({
        ...base,
        data: { ...data, candidates: t.candidates },
        range: t.range,
        severity: DiagnosticSeverity.Warning,
        code: 'anchor-ambiguous',
        message: t.problem,
        relatedInformation: t.candidates.map((range) => ({
          location: { uri: t.uri!, range },
          message: 'A definition the anchor may be on',
        })),
      });
    } else if (t.state === 'relocated' && t.problem) {
      out.push({
        ...base,
        range: t.range,
        severity: DiagnosticSeverity.Information,
        code: 'anchor-relocated',
        message: t.problem,
        relatedInformation: relocationInformation(t.uri, t),
      });
    } else if (t.state === 'resolved' && s.clamped) {
      out.push({
        ...base,
        range: t.range,
        severity: DiagnosticSeverity.Warning,
        code: 'anchor-clamped',
        message: clampedMessage(t.entry, s.clamped),
      });
    }
  }
  return out;
}

function relocationInformation(uri: string, t: TrackedAnchor): DiagnosticRelatedInformation[] | undefined {
  const out: DiagnosticRelatedInformation[] = [];
  if (t.relocatedFrom)
    out.push({ location: { uri, range: t.relocatedFrom }, message: 'Where the anchor was before it moved' });
  for (const range of t.otherDefinitions ?? [])
    out.push({
      location: { uri, range },
      message: 'Another definition of the same name (farther from the recorded place)',
    });
  return out.length ? out : undefined;
}
