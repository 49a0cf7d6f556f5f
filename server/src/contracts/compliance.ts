// Compliance of a contract file (operation 10) as diagnostics: each violation on the line it belongs
// to (MISSING_DATA_ASSET on `dataAssetResourceName`, a field's on that field). The editor's request
// and `lineage-lens check` both go through here.
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { ComplianceResponse, Violation } from '../../../common/src/api';
import type { RequestOptions } from '../api/apiClient';
import type { LineageApi } from '../api/apiClient';
import { contractOf, parseFile, violationRange, type ContractInFile, type ParsedFile } from './contractFile';

export const COMPLIANCE_SOURCE = 'lineage-contract';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Plain text: diagnostics are not Markdown, so service text needs no escaping, only bounding. */
export function violationMessage(v: Violation): string {
  return (
    [
      v.message,
      v.expected !== undefined || v.actual !== undefined
        ? `(expected ${v.expected ?? '?'}, actual ${v.actual ?? '?'})`
        : '',
    ]
      .filter(Boolean)
      .join(' ')
      .slice(0, 500) || `${v.violationType ?? 'Violation'} on ${v.field ?? 'the contract'}`
  );
}

export function complianceDiagnostics(
  file: ParsedFile,
  found: ContractInFile,
  violations: readonly Violation[],
): Diagnostic[] {
  return violations.map((v) => ({
    range: violationRange(file, found, v) ?? ZERO,
    severity: DiagnosticSeverity.Error,
    source: COMPLIANCE_SOURCE,
    code: v.violationType,
    message: violationMessage(v),
  }));
}

export interface ComplianceOfText extends ComplianceResponse {
  darn: string;
  name?: string;
  diagnostics: Diagnostic[];
}

/** Parses a contract file's text (either shape), checks it through operation 10 and places the violations. */
export async function checkContractText(
  api: LineageApi,
  text: string,
  opts: RequestOptions,
): Promise<ComplianceOfText> {
  const file = parseFile(text, 'contract');
  const found = contractOf(file);
  const result = await api.checkCompliance(found.contract, opts);
  return {
    violations: result.violations,
    darn: found.contract.dataAssetResourceName,
    ...(found.name !== undefined ? { name: found.name } : {}),
    diagnostics: complianceDiagnostics(file, found, result.violations),
  };
}
