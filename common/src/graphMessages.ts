// Messages between the lineage-graph webview and the extension, and the checks each side runs on what
// it receives (a webview is another origin: nothing it posts is trusted, and the extension's messages
// are checked too before the renderer touches them).
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  FieldFlowResultSchema,
  GraphDirectionSchema,
  GraphFiltersSchema,
  GraphParamsSchema,
  GraphResultSchema,
  Id,
} from './graphSchemas';
import { type GraphLayout, GraphLayoutSchema } from './graphLayout/wire';
import type { FieldFlowResult, GraphFilters, GraphParams, GraphResult } from './protocol';

/** What the panel keeps across reloads (WebviewPanelSerializer) and sends back to restore. */
export interface GraphViewState {
  params: GraphParams;
  selectedField?: string;
  /** The component whose details the panel shows (kept when the tab is closed and opened again). */
  selectedComponent?: string;
}

const MAX_SVG = 20 * 1_048_576;

/** What the extension sends the webview; the webview drops anything else. */
export const ToWebviewSchema = Type.Union([
  Type.Object({
    type: Type.Literal('graph'),
    graph: GraphResultSchema,
    state: Type.Object({
      params: GraphParamsSchema,
      selectedField: Type.Optional(Id),
      selectedComponent: Type.Optional(Id),
    }),
    // Where its boxes and edges go (the language server laid it out).
    layout: GraphLayoutSchema,
  }),
  Type.Object({ type: Type.Literal('flow'), flow: FieldFlowResultSchema }),
  Type.Object({ type: Type.Literal('error'), message: Type.String() }),
]);
export type ToWebview =
  | { type: 'graph'; graph: GraphResult; state: GraphViewState; layout: GraphLayout }
  | { type: 'flow'; flow: FieldFlowResult }
  | { type: 'error'; message: string };

/** What the webview may post; the extension drops anything else (and keeps only the known members). */
export const FromWebviewSchema = Type.Union([
  // The page loaded, and which way it lays a graph out (its width decides).
  Type.Object({ type: Type.Literal('ready'), direction: GraphDirectionSchema }),
  // The page was resized across that width: the graph again, laid out the other way.
  Type.Object({ type: Type.Literal('direction'), direction: GraphDirectionSchema }),
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

/**
 * The webview's check of an extension message against its schema (its text is always set as text,
 * never HTML).
 */
export function parseToWebview(v: unknown): ToWebview | undefined {
  if (!Value.Check(ToWebviewSchema, v)) return undefined;
  const m = v as ToWebview;
  // A graph can be large: checked, not copied. An error's message is all the webview shows of it.
  return m.type === 'error' ? { type: 'error', message: m.message } : m;
}

/** The state a serializer gets back from a reloaded panel, checked before it is trusted; a malformed selection is dropped. */
export function parseViewState(v: unknown): GraphViewState | undefined {
  const raw = v as Partial<Record<keyof GraphViewState, unknown>> | undefined;
  if (typeof raw !== 'object' || raw === null || !Value.Check(GraphParamsSchema, raw.params))
    return undefined;
  const state: GraphViewState = {
    params: Value.Clean(GraphParamsSchema, Value.Clone(raw.params)) as GraphParams,
  };
  if (Value.Check(Id, raw.selectedField)) state.selectedField = raw.selectedField;
  if (Value.Check(Id, raw.selectedComponent)) state.selectedComponent = raw.selectedComponent;
  return state;
}

/** A and B are the same type, optional members included (a member one of them lacks fails). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const SHAPES_AGREE: [Same<Static<typeof ToWebviewSchema>, ToWebview>] = [true];
void SHAPES_AGREE;
