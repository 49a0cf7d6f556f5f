// The impact of a change: what a diff touches in the lineage (anchored code modified, deleted or
// moved), what lies downstream of each touched path (the graph's impact walk) with the contracts it
// reaches, and how each changed contract file differs from its base version. Free of the LSP
// connection: the language server, `lineage-lens impact` and agents call it with the same parts.
import { componentLabel } from '../../../common/src/componentLabel';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  worseOf,
  type ChangeImpactReport,
  type ChangePlace,
  type ContractFileChange,
  type ContractProducer,
  type ImpactedContract,
  type Severity,
  type TouchedPath,
} from '../../../common/src/changeImpact';
import { isContractFileName, contractSyntaxOf } from '../../../common/src/contractFileNames';
import { pathDocumentLabel } from '../../../common/src/pathLabels';
import type { AnchorIndex } from '../anchors';
import { readRegularFile } from '../workspace/regularFiles';
import { bufferLineMap } from '../anchors/bufferDiff';
import type { DefinitionSource } from '../anchors/syntax/definitionSource';
import type { TrackedAnchor } from '../anchors/types';
import { uriToFsPath } from '../workspace/uris';
import type { ContractEntry } from '../graph/contractCatalog';
import { LISTED_PER_PATH, pathImpact, preparePathImpacts } from '../graph/pathImpacts';
import type { LineageModel } from '../graph/lineageModel';
import { contractMatchesStore } from '../graph/matching';
import { walk } from '../graph/traverse';
import type { ComponentReader, ServiceAccess } from '../session/parts';
import { compareContracts, readContractVersion, type ContractVersion } from './contractDiff';
import { closeDiff, readDiff, textAt, type DiffRange, type DiffRequest } from './diffRange';
import { touchedAnchors, type TouchedAnchor } from './touchedAnchors';

export interface ChangeImpactParts {
  /** The analysed folder (a workspace folder or the checkout). */
  root: string;
  index: Pick<AnchorIndex, 'anchorsInFile' | 'problems' | 'anchor'>;
  store: ComponentReader;
  /** The lineage model and the workspace's contracts (GraphService satisfies it). */
  graph: { ready(): Promise<LineageModel>; contracts: { list(): Promise<ContractEntry[]> } };
  /** For the contracts' violation state; absent or signed out: not shown. */
  service?: ServiceAccess;
  /** Definitions for deciding moved/deleted; undefined: line rules only. */
  definitions?: DefinitionSource;
  /** Text of a file in the working tree (default: read from disk). */
  readWorkingFile?(fsPath: string): Promise<string | undefined>;
  /**
   * The editor's open documents (absolute paths and their text, unsaved edits included): in
   * working-tree mode they stand for their files, so the analysis follows typing.
   */
  openDocuments?(): Array<{ fsPath: string; text: string }>;
}

export interface ChangeImpactOptions extends DiffRequest {
  /** Downstream fields listed per touched path, at most LISTED_PER_PATH (counts cover all). */
  maxDownstream?: number;
}

const MAX_CONTRACT_BYTES = 1_048_576;
const MAX_PRODUCERS = 20;

const SEVERITY_OF_CHANGE = { moved: 'low', modified: 'medium', deleted: 'high' } as const;

/** `range`: the diff already read (its caller closes it); by default read here from `opts`. */
export async function changeImpact(
  parts: ChangeImpactParts,
  opts: ChangeImpactOptions = {},
  range?: DiffRange,
): Promise<ChangeImpactReport> {
  const warnings: string[] = [];
  if (range) return analyse(parts, opts, range, warnings);
  const own = await readDiff(parts.root, opts);
  try {
    return await analyse(parts, opts, own, warnings);
  } finally {
    closeDiff(own);
  }
}

async function analyse(
  parts: ChangeImpactParts,
  opts: ChangeImpactOptions,
  range: DiffRange,
  warnings: string[],
): Promise<ChangeImpactReport> {
  const absOf = (file: string) => path.join(parts.root, ...file.split('/'));
  const readWorking = parts.readWorkingFile ?? ((p: string) => readRegularFile(p).catch(() => undefined));
  const headText = (file: string) =>
    range.head.commit ? textAt(range, range.head.commit, file) : readWorking(absOf(file));
  const baseText = (file: string) => textAt(range, range.base.commit, file);
  if (!range.head.commit && parts.openDocuments) await withOpenDocuments(range, parts, baseText, warnings);

  const [touched, model, contracts] = await Promise.all([
    touchedAnchors({
      root: parts.root,
      range,
      index: parts.index,
      definitions: parts.definitions,
      headText,
      baseText,
    }),
    parts.graph.ready(),
    parts.graph.contracts.list(),
  ]);
  const rel = (fsPath: string) => path.relative(parts.root, fsPath).split(path.sep).join('/');
  const contractFacts = new ContractFacts(parts.service, rel, warnings);

  // Downstream once per path, whichever anchors of it were touched.
  const downstreamOf = new Map<
    string,
    Promise<Pick<TouchedPath, 'downstream' | 'downstreamCounts' | 'contracts'>>
  >();
  const pathDownstream = (componentId: string, pathId: string) => {
    const key = `${componentId}\0${pathId}`;
    let p = downstreamOf.get(key);
    if (!p) {
      p = downstream(
        model,
        componentId,
        pathId,
        contracts,
        contractFacts,
        Math.min(opts.maxDownstream ?? LISTED_PER_PATH, LISTED_PER_PATH),
      );
      downstreamOf.set(key, p);
    }
    return p;
  };
  // Every touched path's downstream walked together (one pass per 32 egresses, not one walk each).
  preparePathImpacts(
    model,
    touched.map((t) => ({ componentId: t.anchor.entry.componentId, pathId: t.anchor.entry.pathId })),
    contracts,
  );
  const out: TouchedPath[] = [];
  for (const t of touched) out.push(await touchedPath(t, model, parts.store, pathDownstream));
  out.sort(
    (a, b) =>
      b.contracts.length - a.contracts.length ||
      cmp(a.anchor.file, b.anchor.file) ||
      a.anchor.lineStart - b.anchor.lineStart ||
      cmp(a.path.id, b.path.id) ||
      cmp(a.anchor.id, b.anchor.id),
  );

  const contractChanges = await changedContracts(range, headText, baseText, model, parts, rel);

  let worst: Severity = 'none';
  for (const t of out) worst = worseOf(worst, t.severity);
  for (const c of contractChanges) worst = worseOf(worst, c.breaking ? 'breaking' : ('low' as Severity));
  const fields = new Set<string>();
  const atRisk = new Set<string>();
  for (const t of out) {
    for (const d of t.downstream) fields.add(`${d.component.id}\0${d.field}`);
    for (const c of t.contracts) atRisk.add(c.darn);
  }
  // Listed downstream fields are capped per path; a path's own count is exact.
  const downstreamFields = Math.max(fields.size, ...out.map((t) => t.downstreamCounts.fields), 0);
  return {
    version: 1,
    base: range.base,
    head: range.head,
    filesChanged: range.files.size + range.deleted.size,
    touched: out,
    contractChanges,
    summary: {
      touched: out.length,
      modified: out.filter((t) => t.change === 'modified').length,
      deleted: out.filter((t) => t.change === 'deleted').length,
      moved: out.filter((t) => t.change === 'moved').length,
      downstreamFields,
      contractsAtRisk: atRisk.size,
      contractFilesChanged: contractChanges.length,
      breakingChanges: contractChanges.reduce((n, c) => n + c.changes.filter((x) => x.breaking).length, 0),
      worstSeverity: worst,
    },
    warnings: [...new Set(warnings)],
  };
}

/** Open documents replace their files' diffs: base → buffer, line by line (bufferDiff.ts). */
async function withOpenDocuments(
  range: DiffRange,
  parts: ChangeImpactParts,
  baseText: (file: string) => Promise<string | undefined>,
  warnings: string[],
): Promise<void> {
  for (const { fsPath, text } of parts.openDocuments?.() ?? []) {
    const file = path.relative(parts.root, fsPath).split(path.sep).join('/');
    if (!file || file.startsWith('../') || path.isAbsolute(file)) continue;
    const had = range.files.get(file);
    const base = await baseText(had?.baseFile ?? file);
    if (base === undefined) {
      if (!had) range.files.set(file, { file, map: { hunks: [], added: true }, untracked: true });
      continue;
    }
    if (base === text) {
      range.files.delete(file);
      continue;
    }
    const map = bufferLineMap(base, text);
    if (!map) {
      warnings.push(`${file} changed too much to compare line by line; its saved version is used.`);
      continue;
    }
    range.files.set(file, {
      ...(had ?? { file }),
      map: had?.map.renamedFrom ? { ...map, renamedFrom: had.map.renamedFrom } : map,
    });
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function touchedPath(
  t: TouchedAnchor,
  model: LineageModel,
  store: ComponentReader,
  downstreamOf: (
    c: string,
    p: string,
  ) => Promise<Pick<TouchedPath, 'downstream' | 'downstreamCounts' | 'contracts'>>,
): Promise<TouchedPath> {
  const e = t.anchor.entry;
  const cm = model.components.get(e.componentId);
  const pm = cm?.pathById.get(e.pathId);
  const detail = cm?.detail ?? store.get(e.componentId);
  const stored = store.findPath(e.componentId, e.pathId);
  const label = pm?.label ?? e.names?.path ?? (stored ? pathDocumentLabel(stored) : e.pathId);
  const fieldsOf = (id: string | undefined) => {
    const b = id === undefined ? undefined : model.boundaries.get(id);
    return b ? model.fields.namesOf(b).sort() : [];
  };
  const d = await downstreamOf(e.componentId, e.pathId);
  let severity: Severity = SEVERITY_OF_CHANGE[t.change];
  if (t.change === 'modified' && d.contracts.length > 0) severity = 'high';
  if (t.change === 'modified' && d.downstreamCounts.fields === 0) severity = 'low';
  const where = `${t.file}:${t.lineStart}`;
  const name = e.anchor.name ?? e.expectedNames[0] ?? label;
  const detailText =
    t.change === 'modified'
      ? `${name} (${where}) changed.`
      : t.change === 'deleted'
        ? `${name} (${where} at the base) was deleted.`
        : `${name} moved${t.movedTo ? ` to ${t.movedTo.file}:${t.movedTo.lineStart}` : ''}.`;
  return {
    component: {
      id: e.componentId,
      name: detail ? componentLabel(detail) : e.names?.component || e.componentId,
    },
    path: { id: e.pathId, label },
    anchor: { id: e.anchor.anchor_id, file: t.file, lineStart: t.lineStart, lineEnd: t.lineEnd },
    change: t.change,
    severity,
    detail: detailText,
    ...(t.movedTo ? { movedTo: t.movedTo } : {}),
    ingress: fieldsOf(pm?.ingress),
    egress: fieldsOf(pm?.egress),
    ...(pm?.egress ? { egressBoundary: pm.egress } : {}),
    ...d,
  };
}

async function downstream(
  model: LineageModel,
  componentId: string,
  pathId: string,
  contracts: readonly ContractEntry[],
  facts: ContractFacts,
  max: number,
): Promise<Pick<TouchedPath, 'downstream' | 'downstreamCounts' | 'contracts'>> {
  if (!model.components.get(componentId)?.pathById.has(pathId))
    return { downstream: [], downstreamCounts: { fields: 0, components: 0, dataStores: 0 }, contracts: [] };
  const r = pathImpact(model, componentId, pathId, contracts);
  const list = r.components
    .flatMap((c) =>
      c.fields.map((f) => ({
        component: { id: c.id, name: c.label, type: c.type },
        field: f.field,
        hops: f.hops,
      })),
    )
    .sort((a, b) => a.hops - b.hops || cmp(a.component.name, b.component.name) || cmp(a.field, b.field))
    .slice(0, max);
  const reached: ImpactedContract[] = [];
  for (const c of r.contracts) {
    const extra = await facts.of(c.uri, c.darn);
    reached.push({
      ...(extra.id ? { id: extra.id } : {}),
      name: c.name,
      ...(c.unnamed ? { unnamed: true as const } : {}),
      darn: c.darn,
      ...(extra.file ? { file: extra.file } : {}),
      storeId: c.storeId,
      storeName: c.storeLabel,
      hops: c.hops,
      fields: c.fields,
      ...(extra.violationState ? { violationState: extra.violationState } : {}),
      ...(extra.owner ? { owner: extra.owner } : {}),
    });
  }
  return {
    downstream: list,
    downstreamCounts: {
      fields: r.counts.fields,
      components: r.counts.components,
      dataStores: r.counts.dataStores,
    },
    contracts: reached,
  };
}

/** What the contract file and the service say of a contract: its id, owner and violation state (once each). */
class ContractFacts {
  private readonly cache = new Map<
    string,
    Promise<{ id?: string; owner?: string; file?: string; violationState?: string }>
  >();
  constructor(
    private readonly service: ServiceAccess | undefined,
    private readonly rel: (fsPath: string) => string,
    private readonly warnings: string[],
  ) {}

  of(uri: string, darn: string) {
    const key = `${uri}\0${darn}`;
    let p = this.cache.get(key);
    if (!p) this.cache.set(key, (p = this.read(uri, darn)));
    return p;
  }

  private async read(uri: string, darn: string) {
    const out: { id?: string; owner?: string; file?: string; violationState?: string } = {};
    let fsPath: string | undefined;
    try {
      fsPath = uriToFsPath(uri) ?? fileURLToPath(uri);
    } catch {
      fsPath = undefined;
    }
    if (fsPath) {
      out.file = this.rel(fsPath);
      const text = await readRegularFile(fsPath, MAX_CONTRACT_BYTES).catch(() => undefined);
      const v = text === undefined ? undefined : readContractVersion(text, true);
      if (v?.id) out.id = v.id;
      if (v?.owner) out.owner = v.owner;
    }
    if (this.service?.signedIn) {
      try {
        const api = this.service.api();
        let id = out.id;
        if (!id) {
          const assets = await api.getDataAssets([darn]);
          id = assets.data.find((a) => a.darn === darn)?.data?.contractId;
          if (id) out.id = id;
        }
        if (id) out.violationState = (await api.getViolationStatus(id)).violation_state;
      } catch (err) {
        this.warnings.push(`The violation state of contracts could not be read: ${(err as Error).message}`);
      }
    }
    return out;
  }
}

async function changedContracts(
  range: DiffRange,
  headText: (file: string) => Promise<string | undefined>,
  baseText: (file: string) => Promise<string | undefined>,
  model: LineageModel,
  parts: ChangeImpactParts,
  rel: (fsPath: string) => string,
): Promise<ContractFileChange[]> {
  const out: ContractFileChange[] = [];
  const candidates: Array<{ file: string; baseFile?: string; deleted?: boolean }> = [
    ...[...range.files.values()].map((f) => ({
      file: f.file,
      ...(f.baseFile ? { baseFile: f.baseFile } : {}),
    })),
    ...[...range.deleted].map((file) => ({ file, deleted: true })),
  ];
  for (const c of candidates) {
    if (!contractSyntaxOf(c.file) && !(c.baseFile && contractSyntaxOf(c.baseFile))) continue;
    const byName = isContractFileName(c.file);
    const head = c.deleted ? undefined : await headText(c.file);
    const base = await baseText(c.baseFile ?? c.file);
    const hv =
      head === undefined || head.length > MAX_CONTRACT_BYTES ? undefined : readContractVersion(head, byName);
    const bv =
      base === undefined || base.length > MAX_CONTRACT_BYTES ? undefined : readContractVersion(base, byName);
    if (!hv && !bv) continue;
    const changes = hv && bv ? compareContracts(bv, hv) : [];
    if (!hv && bv)
      changes.push({
        field: '',
        kind: 'contractDeleted',
        breaking: true,
        detail: `The contract ${bv.name ?? c.file} on ${bv.darn} was deleted: nothing protects its consumers any longer.`,
      });
    if (hv && !bv)
      changes.push({
        field: '',
        kind: 'contractAdded',
        breaking: false,
        detail: `A new contract on ${hv.darn}.`,
        ...(hv.schemaLine ? { line: hv.schemaLine } : {}),
      });
    if (changes.length === 0) continue;
    const v = (hv ?? bv) as ContractVersion;
    const names = changes.map((x) => x.field.split('.')[0]!).filter(Boolean);
    out.push({
      file: c.file,
      ...(c.baseFile ? { baseFile: c.baseFile } : {}),
      name: v.name ?? c.file.replace(/^.*\//, ''),
      darn: v.darn,
      changes,
      breaking: changes.some((x) => x.breaking),
      producers: producersOf(model, v.darn, names, parts, rel),
    });
  }
  return out.sort((a, b) => Number(b.breaking) - Number(a.breaking) || cmp(a.file, b.file));
}

/** Paths upstream of the data asset's store (of the named fields when the store has them), nearest first. */
function producersOf(
  model: LineageModel,
  darn: string,
  fieldNames: readonly string[],
  parts: ChangeImpactParts,
  rel: (fsPath: string) => string,
): ContractProducer[] {
  if (!darn) return [];
  const starts: number[] = [];
  for (const cm of model.componentList) {
    if (cm.detail.type !== 'DATA_STORE' || !contractMatchesStore(darn, cm.detail)) continue;
    const all: number[] = [];
    const named: number[] = [];
    for (const b of cm.boundaries)
      for (let i = b.firstField; i < b.firstField + b.fieldCount; i++) {
        all.push(i);
        if (fieldNames.includes(model.fields.name(i))) named.push(i);
      }
    starts.push(...(named.length ? named : all));
  }
  if (starts.length === 0) return [];
  const reach = walk(model, starts, 'up');
  const best = new Map<string, { componentId: string; pathId: string; hops: number }>();
  for (let i = 0; i < reach.count; i++) {
    const v = reach.order[i]!;
    const pathId = model.pathOfField(v);
    if (!pathId) continue;
    const componentId = model.fields.componentId(v);
    const key = `${componentId}\0${pathId}`;
    const hops = reach.hops[v]!;
    const had = best.get(key);
    if (!had || hops < had.hops) best.set(key, { componentId, pathId, hops });
  }
  return [...best.values()]
    .sort((a, b) => a.hops - b.hops || cmp(a.pathId, b.pathId))
    .slice(0, MAX_PRODUCERS)
    .map(({ componentId, pathId, hops }) => {
      const cm = model.components.get(componentId);
      const pm = cm?.pathById.get(pathId);
      const anchor = firstPlace(parts, componentId, pathId, rel);
      return {
        component: { id: componentId, name: cm ? componentLabel(cm.detail) : componentId },
        path: { id: pathId, label: pm?.label ?? pathId },
        hops,
        ...(anchor ? { anchor } : {}),
      };
    });
}

function firstPlace(
  parts: ChangeImpactParts,
  componentId: string,
  pathId: string,
  rel: (fsPath: string) => string,
): ChangePlace | undefined {
  for (const a of parts.store.findPath(componentId, pathId)?.code_anchors ?? []) {
    const t: TrackedAnchor | undefined = parts.index.anchor(componentId, pathId, a.anchor_id);
    const fsPath = t?.uri ? uriToFsPath(t.uri) : undefined;
    if (t?.range && fsPath)
      return {
        file: rel(fsPath),
        lineStart: t.range.start.line + 1,
        lineEnd: Math.max(t.range.end.line, t.range.start.line) + 1,
      };
  }
  return undefined;
}
