// contract_check: a workspace contract file's problems (the editor's validator) and, when it has no
// errors, its compliance with its data asset (operation 10, a check that writes nothing), each
// violation on its line as the editor places it.
import type { AgentToolAnswer, AgentToolInput } from '../../../../common/src/agentTools';
import { isContractFileName } from '../../../../common/src/contractFileNames';
import { readRegularFile } from '../../workspace/regularFiles';
import { checkContractText } from '../../contracts/compliance';
import { readContractDocument } from '../../contracts/contractDocument';
import { validateContractDocument } from '../../contracts/validate';
import { UserInputError } from '../../api/serviceErrors';
import { pagedAnswer } from './answer';
import type { AgentToolSources } from './sources';
import { workspaceFile } from './workspaceFile';

const MAX_CONTRACT_CHARS = 1_048_576;
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

export async function contractCheck(
  s: AgentToolSources,
  input: AgentToolInput<'contract_check'>,
  offset: number,
  signal?: AbortSignal,
): Promise<AgentToolAnswer> {
  const file = workspaceFile(s.folders(), input.file);
  const text =
    s.openText?.(file.uri) ??
    (await readRegularFile(file.fsPath, MAX_CONTRACT_CHARS).catch((err: unknown) => {
      throw new UserInputError(
        (err as NodeJS.ErrnoException)?.code === 'ENOENT'
          ? `There is no file ${file.rel} in the workspace.`
          : `${file.rel} could not be read.`,
      );
    }));
  if (text === undefined) throw new UserInputError(`${file.rel} is larger than 1 MB: not a contract file.`);
  const cd = readContractDocument(text, isContractFileName(file.rel));
  if (!cd)
    throw new UserInputError(
      `${file.rel} holds no data contract (neither the file form nor the request form).`,
    );
  const problems = validateContractDocument(cd).map((d) => ({
    kind: 'problem',
    line: d.range.start.line + 1,
    severity: SEVERITY[d.severity ?? 1] ?? 'error',
    ...(d.code !== undefined ? { code: String(d.code) } : {}),
    message: d.message,
  }));
  const errors = problems.filter((p) => p.severity === 'error').length;
  let compliance: Record<string, unknown>;
  const violations: Record<string, unknown>[] = [];
  if (errors > 0) compliance = { checked: false, why: 'The file has errors; fix them first.' };
  else if (!s.service.signedIn) compliance = { checked: false, why: 'Not connected to the lineage service.' };
  else {
    const result = await checkContractText(s.service.api(), text, signal ? { signal } : {});
    compliance = {
      checked: true,
      compliant: result.violations.length === 0,
      dataAsset: result.darn,
      ...(result.name !== undefined ? { contract: result.name } : {}),
      violationCount: result.violations.length,
    };
    result.violations.forEach((v, i) =>
      violations.push({
        kind: 'violation',
        line: (result.diagnostics[i]?.range.start.line ?? 0) + 1,
        type: v.violationType ?? '',
        ...(v.field !== undefined ? { field: v.field } : {}),
        message: result.diagnostics[i]?.message ?? '',
      }),
    );
  }
  return pagedAnswer({
    tool: 'contract_check',
    input,
    offset,
    itemsName: 'findings',
    summary: { file: file.rel, problemCount: problems.length, errorCount: errors, compliance },
    items: [...problems, ...violations],
    secrets: s.secrets(),
  });
}
