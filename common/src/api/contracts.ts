// Data contracts: schema elements, violations, compliance, deletion and subscriptions.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** A struct element's members besides its nested `fields` (the dataset's closed copy reuses them). */
export const structElementMembers = {
  type: Type.String(), // `struct` is the one documented value; scalars use their type name
  name: Type.Optional(Type.String()),
  alias: Type.Optional(Type.String()),
  doc: Type.Optional(Type.String()),
  logical: Type.Optional(Type.String()),
  optional: Type.Optional(Type.Boolean()),
};

/** Recursive struct element; `constraints` is allowed on top-level elements only (see ContractSchemaTop). */
export const StructElement = Type.Recursive(
  (This) => {
    // `fields` after `name`, as the published JSON Schema files have always listed it.
    const { type, name, ...rest } = structElementMembers;
    return Type.Object({ type, name, fields: Type.Optional(Type.Array(This)), ...rest });
  },
  { title: 'StructElement' },
);
export type StructElement = Static<typeof StructElement>;

export const TopStructElement = Type.Intersect(
  [
    StructElement,
    Type.Object({ constraints: Type.Optional(Type.Object({}, { additionalProperties: true })) }),
  ],
  { title: 'TopStructElement' },
);
export type TopStructElement = StructElement & { constraints?: Record<string, unknown> };

export const Contract = Type.Object(
  {
    contractSchema: Type.Array(TopStructElement),
    dataAssetResourceName: Type.String({ minLength: 1 }),
  },
  { title: 'Contract' },
);
export type Contract = Static<typeof Contract>;

export const VIOLATION_TYPES = [
  'MISSING_REQUIRED_PROPERTY',
  'INCOMPATIBLE_TYPE',
  'MISSING_DATA_ASSET',
] as const;
export const Violation = Type.Object(
  {
    message: Type.Optional(Type.String()),
    field: Type.Optional(Type.String()),
    fieldType: Type.Optional(Type.String()),
    violationType: Type.Optional(Type.String()), // open set: new checks widen it
    expected: Type.Optional(Type.String()),
    actual: Type.Optional(Type.String()),
  },
  { title: 'Violation' },
);
export type Violation = Static<typeof Violation>;

export const VIOLATION_STATES = ['violation', 'compliant'] as const;
export const ViolationStatus = Type.Object(
  {
    violation_state: Type.String(),
    violations: Type.Array(Violation),
    checkedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'ViolationStatus' },
);
export type ViolationStatus = Static<typeof ViolationStatus>;

export const ComplianceRequest = Type.Object({ contract: Contract }, { title: 'ComplianceRequest' });
export type ComplianceRequest = Static<typeof ComplianceRequest>;
export const ComplianceResponse = Type.Object(
  { violations: Type.Array(Violation) },
  { title: 'ComplianceResponse' },
);
export type ComplianceResponse = Static<typeof ComplianceResponse>;

export const MessageResponse = Type.Object({ message: Type.String() }, { title: 'MessageResponse' });
export type MessageResponse = Static<typeof MessageResponse>;

export const EMAIL_PATTERN = '^[a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\\.[a-zA-Z0-9-.]+$';

const subscriptionMembers = {
  dataContractId: Type.Optional(Type.String({ format: 'uuid' })),
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  email: Type.Optional(Type.String({ pattern: EMAIL_PATTERN })),
  codehostHandle: Type.Optional(Type.String()),
  chatChannel: Type.Optional(Type.String()),
} satisfies Record<string, TSchema>;

export const SubscriptionUpdate = Type.Object(subscriptionMembers, { title: 'SubscriptionUpdate' });
export type SubscriptionUpdate = Static<typeof SubscriptionUpdate>;

export const ContractSubscription = Type.Object(
  { id: Type.String(), ...subscriptionMembers },
  { title: 'ContractSubscription' },
);
export type ContractSubscription = Static<typeof ContractSubscription>;
