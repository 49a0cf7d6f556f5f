// The last compliance check of each contract file, for its lens: how many violations and when, on
// which version of the document (after an edit it no longer speaks for the text).
import type { Diagnostic } from 'vscode-languageserver';
import type { DiagnosticsHub } from './diagnosticsHub';

export interface ComplianceResult {
  violations: number;
  /** ISO time of the check. */
  at: string;
}

export class ComplianceResults {
  private readonly last = new Map<string, ComplianceResult & { version: number | undefined }>();

  constructor(
    private readonly hub: DiagnosticsHub,
    /** The open document's version; undefined when it is not open. */
    private readonly versionOf: (uri: string) => number | undefined,
    /** Something the lenses show changed. */
    private readonly changed: () => void,
  ) {}

  /** Publishes a check's violations as diagnostics and keeps its result. */
  readonly publish = (uri: string, diagnostics: Diagnostic[]): void => {
    this.hub.set('compliance', uri, diagnostics);
    this.last.set(uri, {
      violations: diagnostics.length,
      at: new Date().toISOString(),
      version: this.versionOf(uri),
    });
    this.changed();
  };

  /** The result of the last check of the document as it is now, if there was one. */
  current(uri: string, version: number): ComplianceResult | undefined {
    const r = this.last.get(uri);
    return r && r.version === version ? { violations: r.violations, at: r.at } : undefined;
  }

  forget(uri: string): void {
    this.last.delete(uri);
  }

  /** Every result and its diagnostics gone (they were another service's, or another key's, answer). */
  clear(): void {
    this.hub.replaceAll('compliance', new Map());
    this.last.clear();
    this.changed();
  }
}
