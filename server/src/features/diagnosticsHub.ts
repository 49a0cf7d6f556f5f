// One place that publishes diagnostics per URI, merging their sources: anchor problems from the index
// (in source files, and on the path document for anchors without a file: anchorProblems.ts),
// path-document validation and contract compliance. A URI is republished with [] when a source no longer has anything for it.
import type { Diagnostic } from 'vscode-languageserver';

export type DiagnosticSource =
  'anchors' | 'anchorProblems' | 'pathDocument' | 'contractFile' | 'compliance' | 'changeImpact';

export class DiagnosticsHub {
  private readonly bySource = new Map<DiagnosticSource, Map<string, Diagnostic[]>>();

  constructor(private readonly publish: (uri: string, diagnostics: Diagnostic[]) => void) {}

  set(source: DiagnosticSource, uri: string, diagnostics: Diagnostic[]): void {
    let m = this.bySource.get(source);
    if (!m) this.bySource.set(source, (m = new Map<string, Diagnostic[]>()));
    if (diagnostics.length) m.set(uri, diagnostics);
    else if (!m.delete(uri)) return; // nothing before, nothing now
    this.flush(uri);
  }

  /** Replaces everything a source says, clearing URIs it no longer mentions. */
  replaceAll(source: DiagnosticSource, next: Map<string, Diagnostic[]>): void {
    const before = this.bySource.get(source) ?? new Map<string, Diagnostic[]>();
    const m = new Map([...next].filter(([, d]) => d.length > 0));
    this.bySource.set(source, m);
    for (const uri of new Set([...before.keys(), ...m.keys()])) this.flush(uri);
  }

  private flush(uri: string): void {
    const all: Diagnostic[] = [];
    for (const m of this.bySource.values()) all.push(...(m.get(uri) ?? []));
    this.publish(uri, all);
  }
}
