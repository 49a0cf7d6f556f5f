// Messages between the lineage-graph webview and the extension, and the checks each side runs on what
// it receives (a webview is another origin: nothing it posts is trusted, and the extension's messages
// are checked too before the renderer touches them).
import { FIELD_MAPPING_KINDS } from './api/paths';
import type { FieldFlowResult, GraphFilters, GraphParams, GraphResult, MappingKind } from './protocol';

/** What the panel keeps across reloads (WebviewPanelSerializer) and sends back to restore. */
export interface GraphViewState {
  params: GraphParams;
  selectedField?: string;
  /** The component whose details the panel shows (kept when the tab is closed and opened again). */
  selectedComponent?: string;
}

export type ToWebview =
  | { type: 'graph'; graph: GraphResult; state: GraphViewState }
  | { type: 'flow'; flow: FieldFlowResult }
  | { type: 'error'; message: string };

export type OpenAction = 'reveal' | 'source' | 'document';

export type FromWebview =
  | { type: 'ready' }
  | { type: 'rendered'; nodes: number; edges: number; layoutMs: number; drawMs: number }
  | { type: 'selectField'; field: string }
  /** A component's details shown (its header clicked), or none (componentId absent). */
  | { type: 'selectComponent'; componentId?: string }
  /** Escape or Clear: neither a field nor a component selected. */
  | { type: 'clearSelection' }
  | { type: 'filters'; filters: GraphFilters }
  | { type: 'expand'; componentId: string; expanded: boolean }
  | { type: 'focus'; componentId: string }
  | { type: 'open'; action: OpenAction; componentId: string; pathId?: string }
  | { type: 'impact'; field: string }
  | { type: 'exportSvg'; svg: string };

const KINDS: readonly MappingKind[] = FIELD_MAPPING_KINDS;
const MAX_ID = 4096;
const MAX_SVG = 20 * 1_048_576;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;
}
function isDepth(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 6);
}

export function isFilters(v: unknown): v is GraphFilters {
  if (!isObject(v)) return false;
  if (
    v.namespaces !== undefined &&
    !(Array.isArray(v.namespaces) && v.namespaces.every((n) => typeof n === 'string'))
  )
    return false;
  if (v.tag !== undefined && typeof v.tag !== 'string') return false;
  if (
    v.kinds !== undefined &&
    !(Array.isArray(v.kinds) && v.kinds.every((k) => KINDS.includes(k as MappingKind)))
  )
    return false;
  return isDepth(v.depthUp) && isDepth(v.depthDown);
}

/** The extension's check of a webview message: anything else is dropped (and logged by the caller). */
export function parseFromWebview(v: unknown): FromWebview | undefined {
  if (!isObject(v) || typeof v.type !== 'string') return undefined;
  switch (v.type) {
    case 'ready':
      return { type: 'ready' };
    case 'clearSelection':
      return { type: 'clearSelection' };
    case 'selectComponent':
      if (v.componentId === undefined) return { type: 'selectComponent' };
      return isId(v.componentId) ? { type: 'selectComponent', componentId: v.componentId } : undefined;
    case 'rendered':
      return ['nodes', 'edges', 'layoutMs', 'drawMs'].every((k) => typeof v[k] === 'number')
        ? (v as FromWebview)
        : undefined;
    case 'selectField':
    case 'impact':
      return isId(v.field) ? { type: v.type, field: v.field } : undefined;
    case 'filters':
      return isFilters(v.filters) ? { type: 'filters', filters: v.filters } : undefined;
    case 'expand':
      return isId(v.componentId) && typeof v.expanded === 'boolean'
        ? { type: 'expand', componentId: v.componentId, expanded: v.expanded }
        : undefined;
    case 'focus':
      return isId(v.componentId) ? { type: 'focus', componentId: v.componentId } : undefined;
    case 'open': {
      if (v.action !== 'reveal' && v.action !== 'source' && v.action !== 'document') return undefined;
      if (!isId(v.componentId) || (v.pathId !== undefined && !isId(v.pathId))) return undefined;
      const m: FromWebview = { type: 'open', action: v.action, componentId: v.componentId };
      if (typeof v.pathId === 'string') m.pathId = v.pathId;
      return m;
    }
    case 'exportSvg':
      return typeof v.svg === 'string' && v.svg.length <= MAX_SVG && v.svg.startsWith('<svg')
        ? { type: 'exportSvg', svg: v.svg }
        : undefined;
    default:
      return undefined;
  }
}

/** The webview's check of an extension message (shape only; text is always set as text, never HTML). */
export function parseToWebview(v: unknown): ToWebview | undefined {
  if (!isObject(v)) return undefined;
  if (v.type === 'graph' && isObject(v.graph) && isObject(v.state)) {
    const g = v.graph;
    if (!Array.isArray(g.nodes) || !Array.isArray(g.edges) || !Array.isArray(g.centre)) return undefined;
    return v as ToWebview;
  }
  if (
    v.type === 'flow' &&
    isObject(v.flow) &&
    Array.isArray(v.flow.upstream) &&
    Array.isArray(v.flow.downstream)
  )
    return v as ToWebview;
  if (v.type === 'error' && typeof v.message === 'string') return { type: 'error', message: v.message };
  return undefined;
}

/** The state a serializer gets back from a reloaded panel, checked before it is trusted. */
export function parseViewState(v: unknown): GraphViewState | undefined {
  if (!isObject(v) || !isObject(v.params) || !isObject(v.params.focus)) return undefined;
  const f = v.params.focus;
  const ok =
    (f.kind === 'component' && isId(f.componentId)) ||
    (f.kind === 'path' && isId(f.componentId) && isId(f.pathId)) ||
    (f.kind === 'field' && isObject(f.field) && isId(f.field.boundaryId) && isId(f.field.field)) ||
    (f.kind === 'namespace' && typeof f.namespace === 'string');
  if (!ok) return undefined;
  if (v.params.filters !== undefined && !isFilters(v.params.filters)) return undefined;
  const state: GraphViewState = { params: v.params as unknown as GraphParams };
  if (isId(v.selectedField)) state.selectedField = v.selectedField;
  if (isId(v.selectedComponent)) state.selectedComponent = v.selectedComponent;
  return state;
}
