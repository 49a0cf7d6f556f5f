// Data assets by DARN (operation 5) and object-store registration (operation 11).
import { Type, type Static } from '@sinclair/typebox';
import { StructElement } from './contracts';

export const DataAsset = Type.Object(
  {
    id: Type.Optional(Type.String()),
    dataAssetResourceName: Type.Optional(Type.String()),
    domain: Type.Optional(Type.String()),
    path: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    updatedAt: Type.Optional(Type.String({ format: 'date-time' })),
    contractId: Type.Optional(Type.String()),
  },
  { title: 'DataAsset' },
);
export type DataAsset = Static<typeof DataAsset>;

export const DataAssetItem = Type.Object(
  {
    darn: Type.String(),
    status: Type.String(), // `success`, or an error status (see choices.ts)
    data: Type.Optional(DataAsset),
    errorMessage: Type.Optional(Type.String()),
  },
  { title: 'DataAssetItem' },
);
export type DataAssetItem = Static<typeof DataAssetItem>;

export const DataAssetBulkResult = Type.Object(
  {
    data: Type.Array(DataAssetItem),
    totalCount: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 1000 }),
    offset: Type.Integer({ minimum: 0 }),
  },
  { title: 'DataAssetBulkResult' },
);
export type DataAssetBulkResult = Static<typeof DataAssetBulkResult>;

export const DATA_ASSET_LIMIT_MAX = 1000;

export const ObjectStoreAsset = Type.Object(
  {
    // One struct element without `optional` and `constraints` at its top level.
    schema: Type.Object(
      {
        type: Type.String(),
        name: Type.Optional(Type.String()),
        fields: Type.Optional(Type.Array(StructElement)),
        alias: Type.Optional(Type.String()),
        doc: Type.Optional(Type.String()),
        logical: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    pattern: Type.String({ minLength: 1 }),
    bucket: Type.String({ minLength: 1 }),
    fieldNameToDataAssetFieldProfileMap: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'ObjectStoreAsset' },
);
export type ObjectStoreAsset = Static<typeof ObjectStoreAsset>;

export const RegisterObjectStoreRequest = Type.Object(
  {
    assets: Type.Array(ObjectStoreAsset, { minItems: 1 }),
    dry_run: Type.Optional(Type.Boolean({ default: false })),
    prLink: Type.Optional(Type.String({ pattern: '^https?://' })),
  },
  { title: 'RegisterObjectStoreRequest' },
);
export type RegisterObjectStoreRequest = Static<typeof RegisterObjectStoreRequest>;

export const RegisterObjectStoreResponse = Type.Object(
  { message: Type.String(), registered: Type.Array(Type.String()), success: Type.Boolean() },
  { title: 'RegisterObjectStoreResponse' },
);
export type RegisterObjectStoreResponse = Static<typeof RegisterObjectStoreResponse>;
