// Field tags applied to a field, and tags a field depends on through lineage (spec: "Field tags").
import { Type, type Static } from '@sinclair/typebox';

export const TagKind = Type.Union([Type.Literal('SYSTEM'), Type.Literal('USER')], { title: 'TagKind' });
export type TagKind = Static<typeof TagKind>;

export const TagSource = Type.Union([Type.Literal('system'), Type.Literal('user')]);
export type TagSource = Static<typeof TagSource>;

/** SYSTEM tags the service always seeds. */
export const SYSTEM_TAG_NAMES = ['pii', 'phi', 'pifi', 'secret'] as const;

export const FieldTagRef = Type.Object(
  {
    tag_id: Type.String(),
    name: Type.String(),
    kind: TagKind,
    source: TagSource,
    color: Type.Optional(Type.String()),
    detection_category: Type.Optional(Type.String()),
  },
  { title: 'FieldTagRef', additionalProperties: false },
);
export type FieldTagRef = Static<typeof FieldTagRef>;

export const FieldTagEntry = Type.Object(
  { field_path: Type.String(), tags: Type.Array(FieldTagRef) },
  { title: 'FieldTagEntry', additionalProperties: false },
);
export type FieldTagEntry = Static<typeof FieldTagEntry>;

export const DependsOnTagRef = Type.Object(
  {
    tag_id: Type.String(),
    name: Type.String(),
    kind: TagKind,
    color: Type.Optional(Type.String()),
    nearest_hops: Type.Integer({ minimum: 0 }),
  },
  { title: 'DependsOnTagRef', additionalProperties: false },
);
export type DependsOnTagRef = Static<typeof DependsOnTagRef>;

export const FieldDependsOnTagEntry = Type.Object(
  { field_path: Type.String(), depends_on: Type.Array(DependsOnTagRef) },
  { title: 'FieldDependsOnTagEntry', additionalProperties: false },
);
export type FieldDependsOnTagEntry = Static<typeof FieldDependsOnTagEntry>;
