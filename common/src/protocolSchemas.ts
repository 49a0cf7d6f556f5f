// A TypeBox schema for the params of every custom LSP request and notification (protocol.ts), looked
// up by method where the handler is registered: the receiving side checks what another process sent
// before any handler reads it. The type checks at the end keep each schema and its protocol type the
// same shape.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value, ValueErrorType } from '@sinclair/typebox/value';
import { Projection, SubscriptionUpdate, ComplianceResponse } from './api';
import { AgentToolParamsSchema } from './agentTools';
import {
  FieldRefSchema,
  GraphFiltersSchema,
  GraphParamsSchema,
  Id,
  LaidOutGraphParamsSchema,
  PathRefSchema,
} from './graphSchemas';
import * as P from './protocol';

/** A name the other side sends back (an id, a URI): present and not blank. */
const Name = Type.String({ minLength: 1, pattern: '\\S' });
const Count = Type.Integer({ minimum: 0 });
const Position = Type.Object({
  line: Type.Integer({ minimum: 0 }),
  character: Type.Integer({ minimum: 0 }),
});
const Range = Type.Object({ start: Position, end: Position });

const PathParams = Type.Object({ componentId: Name, pathId: Name });
const PathVersionParams = Type.Object({ componentId: Name, pathId: Name, versionPathId: Name });
const ContractParams = Type.Object({ contractId: Name });
const UriParams = Type.Object({ uri: Name });

/** What a position asks about (TargetsAtRequest). */
export const TargetsAtParams = Type.Object({ uri: Type.String({ minLength: 1 }), position: Position });
export type TargetsAtParams = Static<typeof TargetsAtParams>;

export const CredentialsSchema = Type.Object({
  serviceUrl: Type.String(),
  apiKey: Type.Union([Type.String(), Type.Null()]),
  allowInsecureHttp: Type.Optional(Type.Boolean()),
});

export const SavePathParamsSchema = Type.Object({
  componentId: Name,
  pathId: Name,
  text: Type.String(),
  baseRevision: Type.String(),
  reason: Type.Optional(Type.String()),
  effectiveSinceCommitSha: Type.Optional(Type.String()),
  overwrite: Type.Optional(Type.Boolean()),
});

const AnchorLinesSchema = Type.Object({
  line_start: Count,
  line_end: Type.Optional(Count),
  column_start: Type.Optional(Count),
  column_end: Type.Optional(Count),
});

export const AnchorScopeSchema = Type.Object({
  componentId: Type.Optional(Type.String()),
  pathId: Type.Optional(Type.String()),
  anchorId: Type.Optional(Type.String()),
  candidate: Type.Optional(Range),
});

const MAX_REPAIRS = 1_000;
/**
 * An AnchorRepair the client got from AnchorRepairsRequest and sends back to be written: what a write
 * uses is required; the members only shown (names, labels, where it was shown) may be left out.
 */
export const AnchorRepairSchema = Type.Object({
  componentId: Name,
  pathId: Name,
  anchorId: Name,
  label: Type.Optional(Type.String()),
  componentName: Type.Optional(Type.String()),
  pathLabel: Type.Optional(Type.String()),
  file: Type.Optional(Type.String()),
  uri: Type.Optional(Type.String()),
  range: Type.Optional(Range),
  recorded: AnchorLinesSchema,
  current: AnchorLinesSchema,
  reason: Type.Optional(Type.String()),
  commit: Type.Optional(Type.String()),
});
export const RepairAnchorsParams = Type.Object({
  repairs: Type.Array(AnchorRepairSchema, { minItems: 1, maxItems: MAX_REPAIRS }),
});

export const ImpactTargetSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('field'), field: FieldRefSchema }),
    Type.Object({ kind: Type.Literal('path'), componentId: Id, pathId: Id }),
    Type.Object({ kind: Type.Literal('paths'), paths: Type.Array(PathRefSchema) }),
  ],
  { errorMessage: 'An impact target is a field or a path.' },
);

export const ChangeImpactParamsSchema = Type.Object({
  base: Type.Optional(Type.Union([Type.Literal('HEAD'), Type.Literal('branch')])),
  severity: Type.Optional(Type.Union([Type.Literal('information'), Type.Literal('warning')])),
});

// ---- server → client notifications (checked by the client) ---------------------------------------

export const ServiceStatusSchema = Type.Object({
  state: Type.Union(
    (['signedOut', 'connecting', 'connected', 'keyRejected', 'unreachable', 'stale'] as const).map((s) =>
      Type.Literal(s),
    ),
  ),
  message: Type.String(),
  lastLoadedAt: Type.Optional(Type.String()),
  unreachableSince: Type.Optional(Type.String()),
  componentCount: Count,
  anchorCount: Count,
  warning: Type.Optional(Type.String()),
});
const ComponentIdsSchema = Type.Object({ componentIds: Type.Array(Type.String()) });
const ComplianceCheckedSchema = Type.Intersect([
  ComplianceResponse,
  Type.Object({ uri: Type.String(), darn: Type.String(), name: Type.Optional(Type.String()) }),
]);
const ChangeImpactChangedSchema = Type.Object({
  touched: Count,
  contractsAtRisk: Count,
  breakingChanges: Count,
});

/**
 * The schema of each message's params, by method. Requests without params (RequestType0) have none to
 * check; every other request and notification of protocol.ts is here (a unit test lists them).
 */
export const PARAMS_SCHEMAS: ReadonlyMap<string, TSchema> = new Map<string, TSchema>([
  // client → server
  [P.SetCredentialsNotification.method, CredentialsSchema],
  [
    P.ComponentDetailRequest.method,
    Type.Object({ componentId: Name, projection: Type.Optional(Projection) }),
  ],
  [P.PathDetailRequest.method, PathParams],
  [P.PathDocumentRequest.method, PathParams],
  [P.SavePathRequest.method, SavePathParamsSchema],
  [
    P.VersionsRequest.method,
    Type.Object({ componentId: Name, limit: Type.Optional(Count), offset: Type.Optional(Count) }),
  ],
  [P.PathHistoryRequest.method, PathParams],
  [P.PathVersionDocumentRequest.method, PathVersionParams],
  [P.ViolationStatusRequest.method, ContractParams],
  [P.CheckComplianceRequest.method, UriParams],
  [
    P.ContractFilesRequest.method,
    Type.Object({
      uris: Type.Array(Type.String()),
      contractIds: Type.Optional(Type.Array(Name, { maxItems: 1000 })),
    }),
  ],
  [P.DeleteContractRequest.method, ContractParams],
  [P.UpdateSubscriptionRequest.method, Type.Object({ contractId: Name, subscription: SubscriptionUpdate })],
  [
    P.DataAssetsRequest.method,
    Type.Object({
      darns: Type.Array(Type.String()),
      limit: Type.Optional(Count),
      offset: Type.Optional(Count),
    }),
  ],
  [
    P.RegisterObjectStoreRequest.method,
    Type.Object({ uri: Name, dryRun: Type.Boolean(), prLink: Type.Optional(Type.String()) }),
  ],
  [P.ApiKeyValueRequest.method, Type.Object({ keyId: Name })],
  [P.DeleteWebhookRequest.method, Type.Object({ webhookId: Name })],
  [P.EdgesRequest.method, Type.Object({ namespace: Type.Optional(Type.String()) })],
  [P.HistoryFiltersRequest.method, Type.Object({ commitSha: Type.Optional(Type.String()) })],
  [P.AnchorRepairsRequest.method, AnchorScopeSchema],
  [P.RepairAnchorsRequest.method, RepairAnchorsParams],
  [P.GraphRequest.method, GraphParamsSchema],
  [
    P.WarmGraphLayoutNotification.method,
    Type.Object({ graph: Type.Optional(LaidOutGraphParamsSchema) }, { additionalProperties: false }),
  ],
  [P.LaidOutGraphRequest.method, LaidOutGraphParamsSchema],
  [
    P.FieldFlowRequest.method,
    Type.Object({ field: Type.String(), filters: Type.Optional(GraphFiltersSchema) }),
  ],
  [P.ImpactRequest.method, Type.Object({ target: ImpactTargetSchema })],
  [P.TargetsAtRequest.method, TargetsAtParams],
  [P.AgentToolRequest.method, AgentToolParamsSchema],
  [P.ChangeImpactRequest.method, ChangeImpactParamsSchema],
  [P.ChangeImpactBaseTextRequest.method, Type.Object({ folderUri: Name, file: Type.String() })],
  // server → client
  [P.StatusNotification.method, ServiceStatusSchema],
  [P.DataChangedNotification.method, ComponentIdsSchema],
  [P.AnchorDriftChangedNotification.method, ComponentIdsSchema],
  [P.ContractFilesChangedNotification.method, Type.Object({ paths: Type.Array(Type.String()) })],
  [P.ComplianceCheckedNotification.method, ComplianceCheckedSchema],
  [P.ChangeImpactChangedNotification.method, ChangeImpactChangedSchema],
]);

/** The schema of a message's params; a message registered without one is a programming error. */
export function paramsSchemaOf(method: string): TSchema {
  const schema = PARAMS_SCHEMAS.get(method);
  if (!schema) throw new Error(`No params schema for ${method} (common/src/protocolSchemas.ts).`);
  return schema;
}

/**
 * The first way `params` fails `schema`, as a sentence for the client ("position.line: Expected
 * integer to be greater or equal to 0.", "repairs[0].current.line_start is required."), or undefined
 * when they match. A schema may word its own mismatch (`errorMessage`). Params come from another
 * process: checked, not trusted.
 */
export function paramsProblem(schema: TSchema, params: unknown): string | undefined {
  const first = Value.Errors(schema, params).First();
  if (!first) return undefined;
  const own = (first.schema as { errorMessage?: unknown }).errorMessage;
  if (typeof own === 'string') return own;
  const member =
    first.path
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((out, k) => (/^\d+$/.test(k) ? `${out}[${k}]` : out ? `${out}.${k}` : k), '') || 'params';
  if (first.type === ValueErrorType.ObjectRequiredProperty) return `${member} is required.`;
  return `${member}: ${first.message}.`;
}

// ---- each schema has its protocol type's shape ---------------------------------------------------

/** A and B are the same type, optional members included (a member one of them lacks fails). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Every value of A passes the schema B. */
type Fits<A, B> = [A] extends [B] ? true : false;
/** A repair as the server lists it, its lines placed (line_start set). */
type ListedRepair = P.AnchorRepair & {
  recorded: P.AnchorLines & { line_start: number };
  current: P.AnchorLines & { line_start: number };
};
type ShapeChecks = [
  Same<Static<typeof CredentialsSchema>, P.Credentials>,
  Same<Static<typeof SavePathParamsSchema>, P.SavePathParams>,
  Same<Static<typeof AnchorScopeSchema>, P.AnchorScope>,
  Fits<ListedRepair, Static<typeof AnchorRepairSchema>>,
  Same<Static<typeof GraphParamsSchema>, P.GraphParams>,
  Same<Static<typeof ImpactTargetSchema>, P.ImpactTarget>,
  Same<Static<typeof ChangeImpactParamsSchema>, P.ChangeImpactParams>,
  Same<Static<typeof ServiceStatusSchema>, P.ServiceStatus>,
  Same<Static<typeof TargetsAtParams>, P.TargetsAtParams>,
];
const SHAPES_AGREE: ShapeChecks = [true, true, true, true, true, true, true, true, true];
void SHAPES_AGREE;
