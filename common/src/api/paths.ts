// Lineage paths in the round-trip format (spec: "LineagePath" and its parts).
import { Type, type Static } from '@sinclair/typebox';
import { ReadOnly, WriteOnly } from './markers';
import { FieldDependsOnTagEntry, FieldTagEntry } from './tags';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const BoundaryCoordinates = Type.Object(
  {
    payload_name: Nullable(Type.String()),
    signature_name: Nullable(Type.String()),
  },
  { title: 'BoundaryCoordinates', additionalProperties: false },
);
export type BoundaryCoordinates = Static<typeof BoundaryCoordinates>;

export const PathBoundary = Type.Object(
  {
    id: Type.Optional(Type.String()),
    kind: Type.Optional(Type.String()),
    signature_name: Type.String({ minLength: 1 }),
    schema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    payload_name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    boundary_coordinates: ReadOnly(BoundaryCoordinates),
    field_tags: ReadOnly(Type.Array(FieldTagEntry)),
    field_depends_on_tags: ReadOnly(Type.Array(FieldDependsOnTagEntry)),
  },
  { title: 'PathBoundary' },
);
export type PathBoundary = Static<typeof PathBoundary>;

export const FIELD_MAPPING_KINDS = ['DataFlow', 'KeyValueBridge', 'ControlFlow'] as const;
export const FieldMappingKind = Type.Union(
  FIELD_MAPPING_KINDS.map((k) => Type.Literal(k)),
  {
    title: 'FieldMappingKind',
  },
);
export type FieldMappingKind = Static<typeof FieldMappingKind>;

export const PathFieldMapping = Type.Object(
  {
    ingress_field: Type.String(),
    egress_field: Type.String(),
    notes: Type.Optional(Type.String()),
    kind: Type.Optional(FieldMappingKind),
  },
  { title: 'PathFieldMapping' },
);
export type PathFieldMapping = Static<typeof PathFieldMapping>;

export const PathCodeAnchor = Type.Object(
  {
    anchor_id: Type.String(),
    name: Type.Optional(Type.String()),
    file: Type.Optional(Type.String()),
    line_start: Type.Optional(Type.Integer()),
    line_end: Type.Optional(Type.Integer()),
    column_start: Type.Optional(Type.Integer()),
    column_end: Type.Optional(Type.Integer()),
    url: Type.Optional(Type.String()),
  },
  { title: 'PathCodeAnchor' },
);
export type PathCodeAnchor = Static<typeof PathCodeAnchor>;

export const COMPLETENESS_CLASSIFICATIONS = ['UNKNOWN', 'KNOWN_INCOMPLETE', 'KNOWN_COMPLETE'] as const;
export const CompletenessClassification = Type.Union(
  COMPLETENESS_CLASSIFICATIONS.map((k) => Type.Literal(k)),
  { title: 'CompletenessClassification' },
);
export type CompletenessClassification = Static<typeof CompletenessClassification>;

export const Completeness = Type.Object(
  {
    ingress: CompletenessClassification,
    ingress_schema: CompletenessClassification,
    egress: CompletenessClassification,
    egress_schema: CompletenessClassification,
    field_mappings: CompletenessClassification,
  },
  { title: 'Completeness' },
);
export type Completeness = Static<typeof Completeness>;

export const PATH_TYPES = ['SCAN_OUTPUT', 'USER_OVERRIDE'] as const;
export const PathType = Type.Union(
  PATH_TYPES.map((k) => Type.Literal(k)),
  { title: 'PathType' },
);
export type PathType = Static<typeof PathType>;

export const LineagePath = Type.Object(
  {
    path_id: ReadOnly(Type.String()),
    path_type: ReadOnly(PathType),
    is_suppressed: ReadOnly(Type.Boolean({ default: false })),
    ingress: PathBoundary,
    egress: PathBoundary,
    field_mappings: Type.Optional(Type.Array(PathFieldMapping)),
    code_anchors: Type.Optional(Type.Array(PathCodeAnchor)),
    transformation_summary: Type.Optional(Type.String()),
    payload_name: Type.Optional(Type.String()),
    completeness: Type.Optional(Completeness),
    reason: WriteOnly(Type.String()),
    effective_since_commit_sha: WriteOnly(Type.String()),
  },
  { title: 'LineagePath' },
);
export type LineagePath = Static<typeof LineagePath>;

/** Body of operation 1 (the path update) and its response. */
export const PathUpdateResponse = Type.Object({ path: LineagePath }, { title: 'PathUpdateResponse' });
export type PathUpdateResponse = Static<typeof PathUpdateResponse>;
