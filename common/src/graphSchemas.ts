// TypeBox schemas of what a lineage graph is asked for (focus, filters, params): checked by the server
// where the graph requests are registered and by both sides of the graph webview. Kept apart from
// protocolSchemas.ts so the webview bundle takes only these.
import { Type } from '@sinclair/typebox';
import { FieldMappingKind } from './api/paths';

const MAX_ID = 4096;

/** An id from the other side: a non-empty string of bounded length. */
export const Id = Type.String({ minLength: 1, maxLength: MAX_ID });

/** Which way a graph is laid out: left to right (a wide panel) or top to bottom (a narrow one). */
export const GraphDirectionSchema = Type.Union([Type.Literal('RIGHT'), Type.Literal('DOWN')]);
const Depth = Type.Integer({ minimum: 0, maximum: 6 });

export const FieldRefSchema = Type.Object({ boundaryId: Id, field: Id });
export const PathRefSchema = Type.Object({ componentId: Id, pathId: Id });

/** GraphFilters (protocol.ts). */
export const GraphFiltersSchema = Type.Object({
  namespaces: Type.Optional(Type.Array(Type.String())),
  tag: Type.Optional(Type.String()),
  kinds: Type.Optional(Type.Array(FieldMappingKind)),
  depthUp: Type.Optional(Depth),
  depthDown: Type.Optional(Depth),
});

/** GraphFocus (protocol.ts); `errorMessage` is the sentence a mismatch is reported with. */
export const GraphFocusSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('component'), componentId: Id }),
    Type.Object({ kind: Type.Literal('path'), componentId: Id, pathId: Id }),
    Type.Object({ kind: Type.Literal('field'), field: FieldRefSchema }),
    Type.Object({ kind: Type.Literal('namespace'), namespace: Type.String() }),
  ],
  { errorMessage: 'A graph is centred on a component, a path, a field or a namespace.' },
);

/** GraphParams (protocol.ts). */
export const GraphParamsSchema = Type.Object({
  focus: GraphFocusSchema,
  filters: Type.Optional(GraphFiltersSchema),
  expand: Type.Optional(Type.Array(Type.String())),
  collapse: Type.Optional(Type.Array(Type.String())),
});

/** LaidOutGraphParams (protocol.ts). */
export const LaidOutGraphParamsSchema = Type.Object({
  graph: GraphParamsSchema,
  direction: GraphDirectionSchema,
});

// ---- what the extension sends the webview (GraphResult, FieldFlowResult of protocol.ts) -----------

const Text = Type.String();
const Ids = Type.Array(Type.String());
const GraphTagSchema = Type.Object({
  name: Text,
  color: Type.Optional(Text),
  hops: Type.Optional(Type.Number()),
});
const GraphFieldSchema = Type.Object({
  id: Text,
  name: Text,
  tags: Type.Array(GraphTagSchema),
  dependsOn: Type.Array(GraphTagSchema),
});
const GraphBoundarySchema = Type.Object({
  id: Text,
  label: Text,
  signature: Type.Optional(Text),
  payload: Type.Optional(Text),
  kind: Type.Optional(Text),
  roles: Type.Array(Type.Union([Type.Literal('ingress'), Type.Literal('egress'), Type.Literal('schema')])),
  fields: Type.Array(GraphFieldSchema),
  moreFields: Type.Number(),
});
const GraphPathSchema = Type.Object({
  id: Text,
  label: Text,
  ingress: Text,
  egress: Text,
  suppressed: Type.Boolean(),
  anchored: Type.Boolean(),
});
const GraphNodeSchema = Type.Object({
  id: Text,
  type: Text,
  label: Text,
  namespace: Text,
  storeKind: Type.Optional(Text),
  expanded: Type.Boolean(),
  counts: Type.Object({
    paths: Type.Number(),
    boundaries: Type.Number(),
    fields: Type.Number(),
    taggedFields: Type.Number(),
  }),
  boundaries: Type.Array(GraphBoundarySchema),
  paths: Type.Array(GraphPathSchema),
  moreBoundaries: Type.Number(),
  hiddenNeighbours: Type.Number(),
  beyondDepth: Type.Optional(Type.Object({ up: Type.Number(), down: Type.Number() })),
});
const GraphEdgeSchema = Type.Object({
  id: Text,
  source: Text,
  target: Text,
  kind: Type.Union([
    Type.Literal('component'),
    Type.Literal('path'),
    Type.Literal('mapping'),
    Type.Literal('crossing'),
  ]),
  mapping: Type.Optional(FieldMappingKind),
  count: Type.Optional(Type.Number()),
  pathId: Type.Optional(Text),
  suppressed: Type.Optional(Type.Boolean()),
});
export const GraphResultSchema = Type.Object({
  focus: GraphFocusSchema,
  centre: Ids,
  nodes: Type.Array(GraphNodeSchema),
  edges: Type.Array(GraphEdgeSchema),
  namespaces: Ids,
  tags: Ids,
  truncated: Type.Optional(Text),
  collapsed: Type.Boolean(),
});
const Reached = Type.Array(Type.Object({ id: Text, hops: Type.Number() }));
export const FieldFlowResultSchema = Type.Object({
  field: Text,
  upstream: Reached,
  downstream: Reached,
  edges: Ids,
  beyondDepth: Type.Optional(Type.Object({ upstream: Type.Number(), downstream: Type.Number() })),
});
