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
import type { WorkspaceFolderInfo } from '../anchors/types';
import type { AnchorReader, ComponentReader } from '../session/parts';
import type { ComponentStore } from '../session/componentStore';

/** What the graph reads: the anchors, and the cache with its version and edges (to rebuild when it changes). */
type GraphSources = {
  index: AnchorReader;
  store: ComponentReader & Pick<ComponentStore, 'version' | 'edges'>;
};
import { UserInputError } from '../util/serviceErrors';
import { ContractCatalog } from './contractCatalog';
import { fieldFlow, impactOf } from './impact';
import { LineageModelCache, type LineageModel } from './lineageModel';
import { graphFor, normalizeFilters } from './scope';
import { targetsAt } from './targets';

export class GraphService {
  readonly contracts = new ContractCatalog();
  private readonly models: LineageModelCache;

  constructor(private readonly session: GraphSources) {
    this.models = new LineageModelCache(session.store);
  }

  model(): LineageModel {
    return this.models.get();
  }

  /** Builds the model for new data once the current work is done (it takes seconds at 2,000 components). */
  warmSoon(): void {
    setImmediate(() => {
      try {
        this.models.get();
      } catch {
        // A build that fails here fails again, reported, on the first request.
      }
    }).unref();
  }

  setFolders(folders: WorkspaceFolderInfo[]): void {
    this.contracts.setFolders(folders);
  }

  graph(params: GraphParams): GraphResult {
    if (!params || typeof params !== 'object') throw new UserInputError('Graph parameters are required.');
    return graphFor(this.model(), params);
  }

  fieldFlow(p: { field: string; filters?: GraphFilters }): FieldFlowResult {
    if (typeof p?.field !== 'string') throw new UserInputError('field is required.');
    return fieldFlow(this.model(), p.field, normalizeFilters({ depthUp: 6, depthDown: 6, ...p.filters }));
  }

  async impact(target: ImpactTarget): Promise<ImpactResult> {
    const contracts = await this.contracts.list();
    return impactOf(this.model(), target, contracts, (c, p) => this.anchorOf(c, p));
  }

  /** The counts of a path's impact, no field listed (for lenses: synchronous, contracts read already). */
  impactCounts(target: ImpactTarget, contracts: Awaited<ReturnType<ContractCatalog['list']>>): ImpactResult {
    return impactOf(this.model(), target, contracts, () => undefined, 0);
  }

  targetsAt(uri: string, pos: Position, text: string | undefined): TargetsAt {
    return targetsAt(this.model(), this.session.index, this.session.store, uri, pos, text);
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
