// Messages between the lineage-graph webview and the extension, and the checks each side runs on what
// it receives (a webview is another origin: nothing it posts is trusted, and the extension's messages
// are checked too before the renderer touches them).
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { FieldMappingKind } from './api/paths';
import type { FieldFlowResult, GraphFilters, GraphParams, GraphResult } from './protocol';

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

const MAX_ID = 4096;
const MAX_SVG = 20 * 1_048_576;

const Id = Type.String({ minLength: 1, maxLength: MAX_ID });
const Depth = Type.Integer({ minimum: 0, maximum: 6 });

/** GraphFilters (protocol.ts) as the webview may send them. */
export const GraphFiltersSchema = Type.Object({
  namespaces: Type.Optional(Type.Array(Type.String())),
  tag: Type.Optional(Type.String()),
  kinds: Type.Optional(Type.Array(FieldMappingKind)),
  depthUp: Type.Optional(Depth),
  depthDown: Type.Optional(Depth),
});

/** What the webview may post; the extension drops anything else (and keeps only the known members). */
export const FromWebviewSchema = Type.Union([
  Type.Object({ type: Type.Literal('ready') }),
  Type.Object({
    type: Type.Literal('rendered'),
    nodes: Type.Number(),
    edges: Type.Number(),
    layoutMs: Type.Number(),
    drawMs: Type.Number(),
  }),
  Type.Object({ type: Type.Literal('selectField'), field: Id }),
  // A component's details shown (its header clicked), or none (componentId absent).
  Type.Object({ type: Type.Literal('selectComponent'), componentId: Type.Optional(Id) }),
  // Escape or Clear: neither a field nor a component selected.
  Type.Object({ type: Type.Literal('clearSelection') }),
  Type.Object({ type: Type.Literal('filters'), filters: GraphFiltersSchema }),
  Type.Object({ type: Type.Literal('expand'), componentId: Id, expanded: Type.Boolean() }),
  Type.Object({ type: Type.Literal('focus'), componentId: Id }),
  Type.Object({
    type: Type.Literal('open'),
    action: Type.Union([Type.Literal('reveal'), Type.Literal('source'), Type.Literal('document')]),
    componentId: Id,
    pathId: Type.Optional(Id),
  }),
  Type.Object({ type: Type.Literal('impact'), field: Id }),
  Type.Object({
    type: Type.Literal('exportSvg'),
    svg: Type.String({ maxLength: MAX_SVG, pattern: '^<svg' }),
  }),
]);

export type FromWebview = Static<typeof FromWebviewSchema>;
export type OpenAction = Extract<FromWebview, { type: 'open' }>['action'];

export function isFilters(v: unknown): v is GraphFilters {
  return Value.Check(GraphFiltersSchema, v);
}

/** The extension's check of a webview message: anything else is dropped (and logged by the caller). */
export function parseFromWebview(v: unknown): FromWebview | undefined {
  if (!Value.Check(FromWebviewSchema, v)) return undefined;
  return Value.Clean(FromWebviewSchema, Value.Clone(v)) as FromWebview;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isId(v: unknown): v is string {
  return Value.Check(Id, v);
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
