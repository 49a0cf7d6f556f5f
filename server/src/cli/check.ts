// `lineage-lens check`: the editor's checks over a checkout, built from the language server's own
// modules. The session loads the configured components (operations 12 and 4) and feeds the anchor
// index, which resolves, places and verifies every code anchor with the editor's rules; every contract
// file (recognised by content or name) is validated, then checked for compliance (operation 10).
import { stat } from 'node:fs/promises';
import { readRegularFile } from '../workspace/regularFiles';
import { relative, sep } from 'node:path';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import { contractSyntaxOf, isContractFileName } from '../../../common/src/contractFileNames';
import { fileUri, uriToFsPath, type AnchorIndex } from '../anchors';
import { counted } from '../../../common/src/countWords';
import type { TrackedAnchor, WorkspaceFolderInfo } from '../anchors/types';
import { mapLimit } from '../util/concurrency';
import { WorkspaceFiles } from '../workspace/workspaceFiles';
import { checkContractText } from '../contracts/compliance';
import { readContractDocument } from '../contracts/contractDocument';
import { validateContractDocument } from '../contracts/validate';
import { anchorProblemDiagnostic } from '../features/anchorProblems';
import type { ComponentReader, ServiceAccess } from '../session/parts';
import { normalizeSettings } from '../../../common/src/settings';
import { serviceErrorData, UserInputError } from '../api/serviceErrors';
import { findingOf, sortFindings, type Finding } from './findings';
import { ConnectionError, oneShotSession } from './oneShotSession';

export interface CheckOptions {
  /** Absolute path of the checkout (the workspace folder). */
  root: string;
  serviceUrl: string;
  apiKey: string;
  /** `lineageLens.*` settings of the checkout, overridden by flags. */
  settings: Record<string, unknown>;
  anchors: boolean;
  contracts: boolean;
  /** One line of progress (stderr). */
  progress(message: string): void;
}

export interface CheckResult {
  findings: Finding[];
  anchors: number;
  contracts: number;
}

export { ConnectionError };

const MAX_CONTRACT_BYTES = 1_048_576;
const COMPLIANCE_CONCURRENCY = 8;

export async function runCheck(o: CheckOptions): Promise<CheckResult> {
  const configured = normalizeSettings(o.settings);
  const anchorsWanted = o.anchors && (configured.components.length > 0 || configured.namespace !== '');
  // Without anchors to check, no component is loaded (contracts need only operation 10).
  const settings = normalizeSettings({
    ...o.settings,
    refreshIntervalSeconds: 0,
    ...(anchorsWanted ? {} : { components: [], namespace: '' }),
  });
  const folder: WorkspaceFolderInfo = {
    uri: fileUri(o.root),
    fsPath: o.root,
    projectRoot: settings.projectRoot,
  };
  const run = oneShotSession();
  const { index, session, warnings } = run;
  const filesWithAnchors = new Set<string>();
  index.onDidChange((uris) => uris.forEach((u) => filesWithAnchors.add(u)));
  const rel = (fsPath: string) => relative(o.root, fsPath).split(sep).join('/');
  const findings: Finding[] = [];
  let anchorCount = 0;
  // Contract files are found, read and validated while the components load (that wait is the
  // service's); only their compliance checks need the connection.
  const contractsRead = o.contracts ? readContractFiles(folder, rel) : undefined;
  // Settled here too, so an early connection error leaves no unhandled rejection behind.
  contractsRead?.catch(() => undefined);
  try {
    await session.setSettings(settings);
    await session.setFolders([folder]);
    if (o.anchors && !anchorsWanted)
      o.progress(
        'No components configured (lineageLens.components / lineageLens.namespace, or --component): code anchors are not checked.',
      );
    if (anchorsWanted || o.contracts) {
      o.progress(`Connecting to ${o.serviceUrl} …`);
      const t0 = performance.now();
      const st = await run.connect(o.serviceUrl, o.apiKey);
      if (anchorsWanted) {
        anchorCount = st.anchorCount;
        o.progress(
          `Loaded ${counted(session.store.size, 'component')} and placed ${counted(anchorCount, 'code anchor')} in ${counted(filesWithAnchors.size, 'file')} (${Math.round(performance.now() - t0)} ms).`,
        );
        findings.push(...anchorFindings(session, index, filesWithAnchors, rel));
      }
    }
    let contractCount = 0;
    if (contractsRead) {
      const result = await contractFindings(session, await contractsRead, o.progress);
      findings.push(...result.findings);
      contractCount = result.count;
    }
    for (const w of warnings) o.progress(`warning: ${w}`);
    return { findings: sortFindings(findings), anchors: anchorCount, contracts: contractCount };
  } finally {
    await run.dispose();
  }
}

function anchorFindings(
  session: { store: ComponentReader },
  index: AnchorIndex,
  files: ReadonlySet<string>,
  rel: (fsPath: string) => string,
): Finding[] {
  const out: Finding[] = [];
  const componentName = (t: TrackedAnchor) => {
    const c = session.store.get(t.entry.componentId);
    const p = session.store.findPath(t.entry.componentId, t.entry.pathId);
    const name = c?.name ?? t.entry.componentId;
    return p ? `${name} · ${pathDocumentLabel(p)}` : name;
  };
  for (const uri of files) {
    const fsPath = uriToFsPath(uri);
    if (!fsPath) continue;
    const byAnchor = new Map(index.anchorsInFile(uri).map((t) => [t.entry.anchor.anchor_id, t]));
    for (const d of index.diagnosticsFor(uri)) {
      const t = byAnchor.get((d.data as { anchorId?: string } | undefined)?.anchorId ?? '');
      out.push(findingOf(d, rel(fsPath), t ? `${componentName(t)}: ` : ''));
    }
  }
  for (const t of index.problems()) {
    const d = anchorProblemDiagnostic(t);
    const file = t.entry.anchor.file;
    // Where the anchor says it is, when that is a plain path inside the checkout (it was not found there).
    const plain = file && !/^([a-z]+:|\/|\\)/i.test(file) && !file.split(/[\\/]/).includes('..');
    const line = Math.max(0, (t.entry.anchor.line_start ?? 1) - 1);
    const finding = findingOf(d, plain ? file.replace(/\\/g, '/') : undefined, `${componentName(t)}: `);
    if (plain) finding.range = { start: { line, character: 0 }, end: { line, character: 0 } };
    out.push(finding);
  }
  return out;
}

interface ContractFiles {
  /** Syntax findings of every contract file. */
  findings: Finding[];
  /** The files without syntax errors, to check for compliance. */
  valid: Array<{ file: string; text: string }>;
  count: number;
}

async function readContractFiles(
  folder: WorkspaceFolderInfo,
  rel: (fsPath: string) => string,
): Promise<ContractFiles> {
  const candidates = (await new WorkspaceFiles([folder]).all()).filter(
    (f) => contractSyntaxOf(f) !== undefined,
  );
  const valid: Array<{ file: string; text: string }> = [];
  const findings: Finding[] = [];
  let count = 0;
  await mapLimit(candidates, 16, async (fsPath) => {
    const st = await stat(fsPath).catch(() => undefined);
    if (!st?.isFile() || st.size > MAX_CONTRACT_BYTES) return;
    const text = await readRegularFile(fsPath, MAX_CONTRACT_BYTES).catch(() => undefined);
    const file = rel(fsPath);
    const cd = text === undefined ? undefined : readContractDocument(text, isContractFileName(file));
    if (!cd || text === undefined) return;
    count++;
    const diagnostics = validateContractDocument(cd);
    findings.push(...diagnostics.map((d) => findingOf(d, file)));
    if (!diagnostics.some((d) => d.severity === 1)) valid.push({ file, text });
  });
  return { findings, valid, count };
}

async function contractFindings(
  session: ServiceAccess,
  { findings, valid: found, count }: ContractFiles,
  progress: (m: string) => void,
): Promise<{ findings: Finding[]; count: number }> {
  const out = [...findings];
  progress(`Checking compliance of ${counted(found.length, 'contract file')} …`);
  let done = 0;
  await mapLimit(found, COMPLIANCE_CONCURRENCY, async ({ file, text }) => {
    try {
      const result = await checkContractText(session.api(), text, {});
      out.push(...result.diagnostics.map((d) => findingOf(d, file)));
    } catch (err) {
      const data = serviceErrorData(err);
      if (data && (data.kind === 'unreachable' || data.kind === 'timeout' || data.kind === 'signedOut'))
        throw new ConnectionError(`Compliance check of ${file} failed: ${(err as Error).message}`);
      const message = err instanceof UserInputError || data ? (err as Error).message : String(err);
      out.push({
        ruleId: 'compliance-failed',
        level: 'error',
        message: `Compliance check failed: ${message}`,
        file,
      });
    }
    if (++done % 50 === 0) progress(`… ${done}/${found.length}`);
  });
  return { findings: out, count };
}
