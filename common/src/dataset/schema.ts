// The dataset format the local service loads with `--seed FILE` (documented in docs/dataset.md).
// Datasets written by others are loaded this way, so members are strict: unknown members are refused at
// every depth (strictDeep closes the objects borrowed from the API's schemas too: anchors, mappings,
// completeness, approval, schema fields).
import { Type, type Static } from '@sinclair/typebox';
import { Approval, SchemaField } from '../api/components';
import { Completeness, PathCodeAnchor, PathFieldMapping } from '../api/paths';
import { strictDeep } from './strict';
import { structElementMembers } from '../api/contracts';
import { EMAIL_PATTERN } from '../api/contracts';

const Id = Type.String({ minLength: 1 });

// Contract schema elements, closed at every level. The API's TopStructElement is an intersection
// (an element plus `constraints`), which cannot be closed member by member, so it is spelled out.
const DatasetStructElement = Type.Recursive(
  (This) =>
    Type.Object(
      { ...structElementMembers, fields: Type.Optional(Type.Array(This)) },
      { additionalProperties: false },
    ),
  { title: 'DatasetStructElement' },
);
const DatasetTopStructElement = Type.Object(
  {
    ...structElementMembers,
    fields: Type.Optional(Type.Array(DatasetStructElement)),
    constraints: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false, title: 'DatasetTopStructElement' },
);
const Time = Type.String({ format: 'date-time' });
const strict = { additionalProperties: false } as const;

export const DatasetScan = Type.Object(
  {
    commit_sha: Type.String({ pattern: '^[0-9a-f]{7,40}$' }),
    committed_at: Time,
    scanned_at: Type.Optional(Time),
    branch: Type.Optional(Type.String()),
    job_trigger: Type.Optional(Type.String()),
  },
  { ...strict, title: 'DatasetScan' },
);

export const DatasetBoundary = Type.Object(
  {
    id: Id,
    kind: Type.Optional(Type.String()),
    signature_name: Type.String({ minLength: 1 }),
    payload_name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    /** JSON Schema of the payload (`type`/`properties`/`items`). */
    schema: Type.Optional(Type.Object({}, { additionalProperties: true })),
    /** Scanner coordinates; default: `{payload_name, signature_name}` of this boundary (null when absent). */
    coordinates: Type.Optional(
      Type.Object(
        {
          payload_name: Type.Union([Type.String(), Type.Null()]),
          signature_name: Type.Union([Type.String(), Type.Null()]),
        },
        strict,
      ),
    ),
    /** The DATA_STORE component this boundary reads (ingress) or writes (egress), if any. */
    data_store_id: Type.Optional(Id),
  },
  { ...strict, title: 'DatasetBoundary' },
);

export const DatasetPath = Type.Object(
  {
    path_id: Id,
    path_type: Type.Union([Type.Literal('SCAN_OUTPUT'), Type.Literal('USER_OVERRIDE')]),
    /** USER_OVERRIDE only: the SCAN_OUTPUT path it replaces in the collapsed projection. */
    replaces_path_id: Type.Optional(Id),
    is_suppressed: Type.Optional(Type.Boolean()),
    ingress: DatasetBoundary,
    egress: DatasetBoundary,
    field_mappings: Type.Optional(Type.Array(PathFieldMapping)),
    code_anchors: Type.Optional(Type.Array(PathCodeAnchor)),
    transformation_summary: Type.Optional(Type.String()),
    payload_name: Type.Optional(Type.String()),
    completeness: Type.Optional(Completeness),
    /** Commit of the scan that produced it, or from which an override is effective. */
    commit_sha: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
  },
  { ...strict, title: 'DatasetPath' },
);

const componentCommon = {
  id: Id,
  name: Type.String({ minLength: 1 }),
  namespace: Type.String({ minLength: 1 }),
  friendly_name: Type.Optional(Type.String()),
  approval: Type.Optional(Approval),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
};

export const DatasetCodeComponent = strictDeep(
  Type.Object(
    {
      ...componentCommon,
      type: Type.Literal('CODE'),
      scans: Type.Array(DatasetScan, { minItems: 1 }),
      paths: Type.Array(DatasetPath),
    },
    { ...strict, title: 'DatasetCodeComponent' },
  ),
);

export const DatasetDataStoreComponent = strictDeep(
  Type.Object(
    {
      ...componentCommon,
      type: Type.Literal('DATA_STORE'),
      store_kind: Type.Optional(Type.String()),
      schema: Type.Object({ fields: Type.Array(SchemaField) }, strict),
    },
    { ...strict, title: 'DatasetDataStoreComponent' },
  ),
);

export const DatasetTagDefinition = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1 }),
    /** SYSTEM definitions (pii, phi, pifi, secret) are seeded by the service; list them to set color or state. */
    kind: Type.Union([Type.Literal('SYSTEM'), Type.Literal('USER')]),
    color: Type.Optional(Type.String()),
    active: Type.Optional(Type.Boolean({ default: true })),
    deleted: Type.Optional(Type.Boolean({ default: false })),
    description: Type.Optional(Type.String()),
  },
  { ...strict, title: 'DatasetTagDefinition' },
);

export const DatasetTagApplication = Type.Object(
  {
    boundary_id: Id,
    field_path: Type.String({ minLength: 1 }),
    /** A tag definition id, or the name of a SYSTEM tag (`pii`, `phi`, `pifi`, `secret`). */
    tag: Type.String({ minLength: 1 }),
    source: Type.Union([Type.Literal('system'), Type.Literal('user')]),
    detection_category: Type.Optional(Type.String()),
    applied_at: Time,
    /** A removal recorded at applied_at: the tag no longer renders on that field. */
    removed: Type.Optional(Type.Boolean()),
  },
  { ...strict, title: 'DatasetTagApplication' },
);

export const DatasetContract = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.Optional(Type.String()),
    dataAssetResourceName: Type.String({ minLength: 1 }),
    contractSchema: Type.Array(DatasetTopStructElement),
  },
  { ...strict, title: 'DatasetContract' },
);

export const DatasetDataAsset = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    dataAssetResourceName: Type.String({ minLength: 1 }),
    domain: Type.Optional(Type.String()),
    path: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    updatedAt: Time,
    contractId: Type.Optional(Type.String()),
    /** The asset's current schema, against which contracts are checked. */
    schema: Type.Array(DatasetStructElement),
  },
  { ...strict, title: 'DatasetDataAsset' },
);

export const DatasetSubscription = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    dataContractId: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    email: Type.Optional(Type.String({ pattern: EMAIL_PATTERN })),
    codehostHandle: Type.Optional(Type.String()),
    chatChannel: Type.Optional(Type.String()),
  },
  { ...strict, title: 'DatasetSubscription' },
);

export const DatasetApiKey = Type.Object(
  // No value: the service generates one for each new database (a published dataset then publishes
  // no key that works on every machine running it).
  { id: Id, name: Type.String(), value: Type.Optional(Type.String({ minLength: 16 })) },
  { ...strict, title: 'DatasetApiKey' },
);

export const DatasetWebhook = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String()),
    url: Type.String({ pattern: '^https?://' }),
    events: Type.Optional(Type.Array(Type.String())),
    createdAt: Type.Optional(Time),
  },
  { ...strict, title: 'DatasetWebhook' },
);

export const DatasetEdge = Type.Object(
  { id: Id, sourceComponentId: Id, destinationComponentId: Id, namespace: Type.String({ minLength: 1 }) },
  { ...strict, title: 'DatasetEdge' },
);

export const Dataset = strictDeep(
  Type.Object(
    {
      $schema: Type.Optional(Type.String()),
      version: Type.Literal(1),
      components: Type.Array(Type.Union([DatasetCodeComponent, DatasetDataStoreComponent])),
      tagDefinitions: Type.Optional(Type.Array(DatasetTagDefinition)),
      tagApplications: Type.Optional(Type.Array(DatasetTagApplication)),
      contracts: Type.Optional(Type.Array(DatasetContract)),
      dataAssets: Type.Optional(Type.Array(DatasetDataAsset)),
      subscriptions: Type.Optional(Type.Array(DatasetSubscription)),
      apiKeys: Type.Optional(Type.Array(DatasetApiKey)),
      webhooks: Type.Optional(Type.Array(DatasetWebhook)),
      edges: Type.Optional(Type.Array(DatasetEdge)),
    },
    { ...strict, title: 'Dataset' },
  ),
);
export type Dataset = Static<typeof Dataset>;
export type DatasetPath = Static<typeof DatasetPath>;
export type DatasetBoundary = Static<typeof DatasetBoundary>;
export type DatasetCodeComponent = Static<typeof DatasetCodeComponent>;
export type DatasetDataStoreComponent = Static<typeof DatasetDataStoreComponent>;
export type DatasetTagApplication = Static<typeof DatasetTagApplication>;
