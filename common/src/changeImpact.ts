// The change-impact report: what a diff (the working tree against HEAD, two commits, or a branch
// against its merge-base) touches in the lineage and which contracts it puts at risk. One shape for the
// editor's view, `lineage-lens impact --format json` and agents; its JSON Schema is written by
// `npm run schemas` (common/schemas/change-impact-report.schema.json). Stable: fields are only added.
import { Type, type Static } from '@sinclair/typebox';

export const TOUCH_KINDS = ['modified', 'deleted', 'moved'] as const;
export type TouchKind = (typeof TOUCH_KINDS)[number];

/** Ordered: a report's worst severity is the highest of its parts. */
export const SEVERITIES = ['none', 'low', 'medium', 'high', 'breaking'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CONTRACT_CHANGE_KINDS = [
  'removed',
  'renamed',
  'added',
  'typeChanged',
  'madeRequired',
  'madeOptional',
  'madeNonNullable',
  'enumValuesRemoved',
  'piiTightened',
  'assetChanged',
  'contractDeleted',
  'contractAdded',
] as const;
export type ContractChangeKind = (typeof CONTRACT_CHANGE_KINDS)[number];

const literals = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((v) => Type.Literal(v))));

const Ref = Type.Object({ id: Type.String(), name: Type.String() });

/** A place in the checkout: a path relative to the analysed folder (posix), 1-based inclusive lines. */
export const ChangePlace = Type.Object(
  {
    file: Type.String(),
    lineStart: Type.Integer({ minimum: 1 }),
    lineEnd: Type.Integer({ minimum: 1 }),
  },
  { title: 'ChangePlace' },
);
export type ChangePlace = Static<typeof ChangePlace>;

export const ImpactedContract = Type.Object(
  {
    /** The contract's id where known (the file form's `id`, or the service's contract on the asset). */
    id: Type.Optional(Type.String()),
    /** Its name, else its file's name. */
    name: Type.String(),
    /** The file gives no name: editors show it by the data store it covers (`storeName`). */
    unnamed: Type.Optional(Type.Literal(true)),
    darn: Type.String(),
    /** The contract file in the checkout. */
    file: Type.Optional(Type.String()),
    /** The data store it is on, and the least crossings from the changed path to it. */
    storeId: Type.String(),
    storeName: Type.String(),
    hops: Type.Integer({ minimum: 0 }),
    /** The store's fields the change reaches. */
    fields: Type.Array(Type.String()),
    /** The service's violation state of the contract now (`violation`, `compliant`); absent when unknown. */
    violationState: Type.Optional(Type.String()),
    /** Who owns it, as the contract file says. */
    owner: Type.Optional(Type.String()),
  },
  { title: 'ImpactedContract' },
);
export type ImpactedContract = Static<typeof ImpactedContract>;

/**
 * A contract by its name; one whose file gives none by the data store it covers, its file beside it,
 * in one parenthesis with any `notes`: "Orders table (orders.contract.yaml, compliant now)".
 */
export function contractLabel(
  c: Pick<ImpactedContract, 'name' | 'unnamed' | 'storeName'>,
  notes: ReadonlyArray<string | undefined> = [],
): string {
  const said = [c.unnamed ? c.name : undefined, ...notes].filter(Boolean).join(', ');
  return `${c.unnamed ? c.storeName : c.name}${said ? ` (${said})` : ''}`;
}

export const DownstreamField = Type.Object(
  {
    component: Type.Object({ id: Type.String(), name: Type.String(), type: Type.String() }),
    field: Type.String(),
    hops: Type.Integer({ minimum: 0 }),
  },
  { title: 'DownstreamField' },
);
export type DownstreamField = Static<typeof DownstreamField>;

export const TouchedPath = Type.Object(
  {
    component: Ref,
    path: Type.Object({ id: Type.String(), label: Type.String() }),
    anchor: Type.Object({
      id: Type.String(),
      file: Type.String(),
      lineStart: Type.Integer({ minimum: 1 }),
      lineEnd: Type.Integer({ minimum: 1 }),
    }),
    change: literals(TOUCH_KINDS),
    severity: literals(SEVERITIES),
    /** One sentence: what happened to the anchored code. */
    detail: Type.String(),
    /** Where the definition is now (moved). */
    movedTo: Type.Optional(ChangePlace),
    /** The fields the path reads (ingress) and writes (egress). */
    ingress: Type.Array(Type.String()),
    egress: Type.Array(Type.String()),
    /** The boundary the egress fields are on (a graph's field is this boundary and a field name). */
    egressBoundary: Type.Optional(Type.String()),
    /** Fields downstream of the path's egress, nearest first (at most a few dozen; counts cover all). */
    downstream: Type.Array(DownstreamField),
    downstreamCounts: Type.Object({
      fields: Type.Integer({ minimum: 0 }),
      components: Type.Integer({ minimum: 0 }),
      dataStores: Type.Integer({ minimum: 0 }),
    }),
    contracts: Type.Array(ImpactedContract),
  },
  { title: 'TouchedPath' },
);
export type TouchedPath = Static<typeof TouchedPath>;

export const ContractFieldChange = Type.Object(
  {
    /** Dotted path of the field (`customer.email`). */
    field: Type.String(),
    kind: literals(CONTRACT_CHANGE_KINDS),
    breaking: Type.Boolean(),
    detail: Type.String(),
    /** 1-based line in the head version of the file (the field's line, or its parent's when removed). */
    line: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { title: 'ContractFieldChange' },
);
export type ContractFieldChange = Static<typeof ContractFieldChange>;

export const ContractProducer = Type.Object(
  {
    component: Ref,
    path: Type.Object({ id: Type.String(), label: Type.String() }),
    hops: Type.Integer({ minimum: 0 }),
    anchor: Type.Optional(ChangePlace),
  },
  { title: 'ContractProducer' },
);
export type ContractProducer = Static<typeof ContractProducer>;

export const ContractFileChange = Type.Object(
  {
    file: Type.String(),
    /** The file's path at the base when it was renamed. */
    baseFile: Type.Optional(Type.String()),
    name: Type.String(),
    darn: Type.String(),
    changes: Type.Array(ContractFieldChange),
    breaking: Type.Boolean(),
    /** Paths that write the contract's data asset, from lineage (nearest first). */
    producers: Type.Array(ContractProducer),
  },
  { title: 'ContractFileChange' },
);
export type ContractFileChange = Static<typeof ContractFileChange>;

export const ChangeImpactSummary = Type.Object(
  {
    touched: Type.Integer({ minimum: 0 }),
    modified: Type.Integer({ minimum: 0 }),
    deleted: Type.Integer({ minimum: 0 }),
    moved: Type.Integer({ minimum: 0 }),
    /** Distinct downstream fields over all touched paths. */
    downstreamFields: Type.Integer({ minimum: 0 }),
    /** Distinct contracts reached by touched paths. */
    contractsAtRisk: Type.Integer({ minimum: 0 }),
    contractFilesChanged: Type.Integer({ minimum: 0 }),
    breakingChanges: Type.Integer({ minimum: 0 }),
    worstSeverity: literals(SEVERITIES),
  },
  { title: 'ChangeImpactSummary' },
);
export type ChangeImpactSummary = Static<typeof ChangeImpactSummary>;

export const ChangeImpactReport = Type.Object(
  {
    /** Version of this shape. */
    version: Type.Literal(1),
    /** The base as asked (`HEAD`, a branch, a SHA) and the commit it resolved to. */
    base: Type.Object({ ref: Type.String(), commit: Type.String() }),
    /** The head: a commit, or the working tree (`ref` `WORKTREE`, no commit). */
    head: Type.Object({ ref: Type.String(), commit: Type.Optional(Type.String()) }),
    /** Files the diff changes (posix, relative to the analysed folder). */
    filesChanged: Type.Integer({ minimum: 0 }),
    touched: Type.Array(TouchedPath),
    contractChanges: Type.Array(ContractFileChange),
    summary: ChangeImpactSummary,
    /** Why parts could not be analysed (no git, no service, a file too large …). */
    warnings: Type.Array(Type.String()),
  },
  { title: 'ChangeImpactReport' },
);
export type ChangeImpactReport = Static<typeof ChangeImpactReport>;

export function worseOf(a: Severity, b: Severity): Severity {
  return SEVERITIES.indexOf(a) >= SEVERITIES.indexOf(b) ? a : b;
}
