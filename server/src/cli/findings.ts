// What `lineage-lens check` reports: one finding per problem, from the editor's own diagnostics
// (anchor index, contract validation, compliance), with a path relative to the checkout.
import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver-types';

export type Level = 'error' | 'warning' | 'note';

export interface Finding {
  /** The diagnostic code, e.g. `anchor-stale`, `contract-missing-member`, `MISSING_DATA_ASSET`. */
  ruleId: string;
  level: Level;
  message: string;
  /** Posix path relative to the checkout; absent when the problem has no place in it. */
  file?: string;
  /** 0-based LSP range (end exclusive); formats convert. */
  range?: Range;
}

export function levelOf(severity: DiagnosticSeverity | undefined): Level {
  if (severity === DiagnosticSeverity.Error) return 'error';
  if (severity === DiagnosticSeverity.Warning) return 'warning';
  return 'note';
}

export function findingOf(d: Diagnostic, file: string | undefined, prefix = ''): Finding {
  return {
    ruleId:
      typeof d.code === 'string' || typeof d.code === 'number'
        ? String(d.code)
        : (d.source ?? 'lineage-lens'),
    level: levelOf(d.severity),
    message: prefix + d.message,
    ...(file !== undefined ? { file, range: d.range } : {}),
  };
}

export type FailOn = 'error' | 'warning' | 'never';

const RANK: Record<Level, number> = { error: 2, warning: 1, note: 0 };

/** Whether the findings fail the run at the given threshold. */
export function fails(findings: readonly Finding[], failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  const min = failOn === 'error' ? 2 : 1;
  return findings.some((f) => RANK[f.level] >= min);
}

export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
      (a.range?.start.line ?? 0) - (b.range?.start.line ?? 0) ||
      (a.range?.start.character ?? 0) - (b.range?.start.character ?? 0) ||
      a.ruleId.localeCompare(b.ruleId),
  );
}
