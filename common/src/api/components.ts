// Component detail (operation 4), its approval, and version history (operation 9).
import { Type, type Static } from '@sinclair/typebox';
import { LineagePath } from './paths';

export const Approval = Type.Object(
  {
    status: Type.Optional(Type.String()), // UNAPPROVED is the one documented value
    approvalEventId: Type.Optional(Type.String()),
    approvedAt: Type.Optional(Type.String({ format: 'date-time' })),
    approvedBy: Type.Optional(
      Type.Object({
        userId: Type.Optional(Type.String()),
        email: Type.Optional(Type.String()),
        name: Type.Optional(Type.String()),
      }),
    ),
    note: Type.Optional(Type.String()),
  },
  { title: 'Approval' },
);
export type Approval = Static<typeof Approval>;

export const SchemaField = Type.Object(
  { name: Type.String(), type: Type.String() },
  { title: 'SchemaField' },
);
export type SchemaField = Static<typeof SchemaField>;

// Which members are required is "not shown"; id, name and type are what every use needs.
export const ComponentDetail = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    type: Type.String(), // CODE or DATA_STORE; other values are not shown, so not refused
    namespace: Type.Optional(Type.String()),
    friendly_name: Type.Optional(Type.String()),
    paths: Type.Optional(Type.Array(LineagePath)),
    approval: Type.Optional(Approval),
    store_kind: Type.Optional(Type.String()),
    schema: Type.Optional(Type.Object({ fields: Type.Array(SchemaField) })),
    metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'ComponentDetail' },
);
export type ComponentDetail = Static<typeof ComponentDetail>;

export const ComponentDetailResponse = Type.Object(
  { component: ComponentDetail },
  { title: 'ComponentDetailResponse' },
);
export type ComponentDetailResponse = Static<typeof ComponentDetailResponse>;

export const PROJECTIONS = ['collapsed', 'all'] as const;
export const Projection = Type.Union(
  PROJECTIONS.map((p) => Type.Literal(p)),
  { title: 'Projection' },
);
export type Projection = Static<typeof Projection>;

// The fields of a version entry are "not shown": this is our choice (see choices.ts).
export const VERSION_KINDS = ['SCAN', 'BYO_PATH_ADDED', 'BYO_PATH_DELETED'] as const;
export const VersionEntry = Type.Object(
  {
    kind: Type.Union(VERSION_KINDS.map((k) => Type.Literal(k))),
    commit_sha: Type.String(),
    committed_at: Type.String({ format: 'date-time' }),
    recorded_at: Type.String({ format: 'date-time' }),
    branch: Type.Optional(Type.String()),
    job_trigger: Type.Optional(Type.String()),
    path_id: Type.Optional(Type.String()),
    /**
     * SCAN entries: the SCAN_OUTPUT paths this scan recorded, so a client knows which commit an
     * anchor's lines refer to (our choice, see choices.ts SCAN_ENTRY_LISTS_PATHS).
     */
    path_ids: Type.Optional(Type.Array(Type.String())),
    reason: Type.Optional(Type.String()),
    /** BYO_PATH_ADDED: the path the update replaced (our choice, see choices.ts PATH_EVENT_HISTORY). */
    replaces_path_id: Type.Optional(Type.String()),
    /** Path events: who recorded the update, the name of the API key it was made with (our choice). */
    recorded_by: Type.Optional(Type.String()),
    /** BYO_PATH_DELETED: the path as it was when retired, so it can be read once gone (our choice). */
    path: Type.Optional(LineagePath),
  },
  { title: 'VersionEntry' },
);
export type VersionEntry = Static<typeof VersionEntry>;

// Paging members are our choice (choices.ts VERSIONS_PAGE); a service that does not page omits them.
export const VersionsResponse = Type.Object(
  {
    versions: Type.Array(VersionEntry),
    totalCount: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { title: 'VersionsResponse' },
);
export type VersionsResponse = Static<typeof VersionsResponse>;
