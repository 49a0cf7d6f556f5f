// The server's lineage-graph state: the model derived from the cache (rebuilt when the cache changes),
// the workspace's contracts, and the answers to the graph, field-flow, impact and targets requests.
import type { Position } from 'vscode-languageserver';
import type {
  FieldFlowResult,
  GraphFilters,
  GraphParams,
  GraphResult,
  ImpactLocation,
  ImpactResult,
  ImpactTarget,
  TargetsAt,
} from '../../../common/src/protocol';
import type { ComponentDetail } from '../../../common/src/api';
import type { WorkspaceFolderInfo } from '../anchors/types';
import type { AnchorReader, ComponentReader } from '../session/parts';
import type { ComponentStore } from '../session/componentStore';

/** What the graph reads: the anchors, and the cache with its version and edges (to rebuild when it changes). */
type GraphSources = {
  index: AnchorReader;
  store: ComponentReader & Pick<ComponentStore, 'version' | 'edges'>;
};
import { ContractCatalog } from './contractCatalog';
import { knownDarns } from './knownDarns';
import type { KnownDarn } from '../../../common/src/protocol';
import { fieldFlow, impactOf } from './impact';
import { pathImpact } from './pathImpacts';
import type { BoundaryModel, LineageModel, ModelOptions } from './lineageModel';
import { storeOf } from './matching';
import { LineageModelCache } from './modelCache';
import { graphFor, normalizeFilters } from './scope';
import { targetsAt } from './targets';
import { warmWalks } from './traverse';

/** Impact counts kept per model at most (a lens per anchored line of the files opened). */
const MAX_KEPT_COUNTS = 20_000;

export class GraphService {
  readonly contracts = new ContractCatalog();
  private readonly models: LineageModelCache;
  /** The model whose walks have run once (their code compiled before a user's first impact). */
  private warmed: LineageModel | undefined;
  /** Impact counts already walked, per model (dropped with it). */
  private readonly counts = new WeakMap<LineageModel, Map<string, ImpactResult>>();
  private readonly modelListeners: Array<() => void> = [];
  private readonly warm: boolean;

  /**
   * `model`: how models are built (without tags for a run that only walks the lineage); `warm: false`
   * for a run whose walks are all its own (`lineage-lens impact`): warming them would only add time.
   */
  constructor(
    private readonly session: GraphSources,
    model: Omit<ModelOptions, 'sliced'> & { warm?: boolean } = {},
  ) {
    const { warm = true, ...build } = model;
    this.warm = warm;
    this.models = new LineageModelCache(session.store, build);
  }

  /**
   * The model, built in slices that yield to the event loop (it takes seconds at 100,000 paths); a new
   * model's walks run once first, so a user's first impacts run compiled code.
   */
  async ready(): Promise<LineageModel> {
    const model = await this.models.ready();
    if (model !== this.warmed) {
      this.warmed = model;
      if (this.warm) warmWalks(model);
      for (const l of this.modelListeners) l();
    }
    return model;
  }

  /** Called once per model newly built (after its walks were warmed). */
  onDidBuildModel(listener: () => void): void {
    this.modelListeners.push(listener);
  }

  /**
   * The loaded data store a DARN addresses (matching.ts, rule 3), with the model and the store's schema
   * boundaries in it; undefined when no loaded store holds the DARN.
   */
  async storeSchema(
    darn: string,
  ): Promise<{ store: ComponentDetail; model: LineageModel; schema: BoundaryModel[] } | undefined> {
    const store = storeOf(this.session.store.all(), darn);
    return store && { store, ...(await this.schemaOf(store)) };
  }

  /** A data store's schema boundaries in the model, with the model. */
  async schemaOf(store: ComponentDetail): Promise<{ model: LineageModel; schema: BoundaryModel[] }> {
    const model = await this.ready();
    const schema = model.components.get(store.id)?.boundaries.filter((b) => b.roles.has('schema')) ?? [];
    return { model, schema };
  }

  /** The DARNs of the workspace's contract files and of the lineage's data stores. */
  async knownDarns(): Promise<KnownDarn[]> {
    return knownDarns(await this.contracts.list(), this.session.store.all());
  }

  /** The model, if it is built and warmed already: for answers that must not wait for a build. */
  readyNow(): LineageModel | undefined {
    const model = this.models.current();
    return model !== undefined && model === this.warmed ? model : undefined;
  }

  /** Builds the model for new data in the background, in slices, so requests find it ready. */
  warmSoon(): void {
    // A build that fails here fails again, reported, on the first request.
    this.ready().catch(() => undefined);
  }

  setFolders(folders: WorkspaceFolderInfo[]): void {
    this.contracts.setFolders(folders);
  }

  /** The graph, if the model is built already (else undefined: nothing is built for it). */
  graphNow(params: GraphParams): GraphResult | undefined {
    const model = this.readyNow();
    return model && graphFor(model, params);
  }

  async graph(params: GraphParams): Promise<GraphResult> {
    return graphFor(await this.ready(), params);
  }

  async fieldFlow(p: { field: string; filters?: GraphFilters }): Promise<FieldFlowResult> {
    const filters = normalizeFilters({ depthUp: 6, depthDown: 6, ...p.filters });
    return fieldFlow(await this.ready(), p.field, filters);
  }

  async impact(target: ImpactTarget): Promise<ImpactResult> {
    const contracts = await this.contracts.list();
    return impactOf(await this.ready(), target, contracts, (c, p) => this.anchorOf(c, p));
  }

  /**
   * The counts of an impact (for lenses: synchronous, contracts read already). One path's is the walk
   * change impact and agents share (graph/pathImpacts.ts); several paths' are kept here, per model and
   * contract list, no field listed: the editor asks for a file's lenses again after every edit, and
   * each line's count is a walk of the whole graph.
   */
  impactCounts(
    model: LineageModel,
    target: ImpactTarget,
    contracts: Awaited<ReturnType<ContractCatalog['list']>>,
  ): ImpactResult {
    if (target.kind === 'path') return pathImpact(model, target.componentId, target.pathId, contracts);
    const key = `${JSON.stringify(target)}\u0000${contracts.map((c) => `${c.uri}\u0001${c.darn}`).join('\u0002')}`;
    let known = this.counts.get(model);
    if (!known || known.size >= MAX_KEPT_COUNTS)
      this.counts.set(model, (known = new Map<string, ImpactResult>()));
    let r = known.get(key);
    if (!r) known.set(key, (r = impactOf(model, target, contracts, () => undefined, 0)));
    return r;
  }

  async targetsAt(uri: string, pos: Position, text: string | undefined): Promise<TargetsAt> {
    return targetsAt(await this.ready(), this.session.index, this.session.store, uri, pos, text);
  }

  private anchorOf(componentId: string, pathId: string): ImpactLocation | undefined {
    const path = this.session.store.findPath(componentId, pathId);
    for (const a of path?.code_anchors ?? []) {
      const t = this.session.index.anchor(componentId, pathId, a.anchor_id);
      if (t?.uri && t.range) return { uri: t.uri, range: t.range };
    }
    return undefined;
  }
}
