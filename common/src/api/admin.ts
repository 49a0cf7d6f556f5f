// API keys (2), history filters (7), edges (12), webhooks (13) and the error body.
import { Type, type Static } from '@sinclair/typebox';

export const ErrorResponse = Type.Object(
  { message: Type.String(), id: Type.Optional(Type.Number()), title: Type.Optional(Type.String()) },
  { title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

export const ApiKeyRecord = Type.Object(
  { id: Type.String(), name: Type.String(), value: Type.String() },
  { title: 'ApiKeyRecord' },
);
export type ApiKeyRecord = Static<typeof ApiKeyRecord>;
export const ApiKeyList = Type.Array(ApiKeyRecord, { title: 'ApiKeyList' });

export const HistoryFilters = Type.Object(
  {
    componentNames: Type.Array(Type.String()),
    branches: Type.Array(Type.String()),
    namespaces: Type.Array(Type.String()),
    jobTriggers: Type.Array(Type.String()),
  },
  { title: 'HistoryFilters' },
);
export type HistoryFilters = Static<typeof HistoryFilters>;

export const Edge = Type.Object(
  {
    id: Type.String(),
    sourceComponentId: Type.String(),
    destinationComponentId: Type.String(),
    namespace: Type.String(),
  },
  { title: 'Edge' },
);
export type Edge = Static<typeof Edge>;
export const EdgesResponse = Type.Object({ edges: Type.Array(Edge) }, { title: 'EdgesResponse' });
export type EdgesResponse = Static<typeof EdgesResponse>;

// The webhook record's fields are "not shown"; this is what the local service stores.
export const Webhook = Type.Object(
  {
    id: Type.String(),
    name: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    events: Type.Optional(Type.Array(Type.String())),
    createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { title: 'Webhook' },
);
export type Webhook = Static<typeof Webhook>;
