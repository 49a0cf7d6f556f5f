// What the agent tools read: the anchor index, the component cache, the lineage graph, the workspace
// folders and the service (for the compliance check, which writes nothing). The language server and
// `lineage-lens mcp` hand in the same parts.
import type { ServiceStatus } from '../../../../common/src/protocol';
import type { WorkspaceFolderInfo } from '../../workspace/folders';
import type { GraphService } from '../../graph/graphService';
import type { AnchorReader, ComponentReader, ServiceAccess } from '../../session/parts';
import type { ChangeImpactSource } from './changeImpact';

export interface AgentToolSources {
  index: AnchorReader;
  store: ComponentReader;
  graph: Pick<GraphService, 'ready' | 'impactCounts' | 'fieldFlow' | 'contracts'>;
  service: ServiceAccess;
  status(): ServiceStatus;
  folders(): readonly WorkspaceFolderInfo[];
  /** An open document's text, when the file is open in an editor (unsaved edits count). */
  openText?(uri: string): string | undefined;
  /** Called before a file's anchors are read: where no watcher reports disk changes, re-read it first. */
  fileMayHaveChanged?(fsPath: string): Promise<void>;
  /** Values never to appear in an answer (the API key). */
  secrets(): string[];
  /** The change-impact engine, where this build has one. */
  changeImpact?: ChangeImpactSource;
}

/** The connection in a word or two, for every answer's summary: an empty answer means little when not connected. */
export function serviceSummary(s: Pick<AgentToolSources, 'status'>): Record<string, string> {
  const st = s.status();
  return {
    state: st.state,
    ...(st.lastLoadedAt ? { lastLoadedAt: st.lastLoadedAt } : {}),
    ...(st.warning ? { warning: st.warning } : {}),
  };
}
