// Contract files as teams keep them in their repositories: the vendor's file form (`spec-version`,
// `schema`, …) beside the API's request form (`contractSchema`). Both are recognised by content, and
// the one mapping from the file form to the API's contract (operation 10 and the views) lives here.
import { Type, type Static } from '@sinclair/typebox';
import { ComplianceRequest, Contract, type TopStructElement, type StructElement } from './contracts';

/**
 * The field types a contract file may use: the one statement of the accepted set (diagnostics,
 * completion, the JSON Schema of the file form). Avro-style and sized names both, as vendors write them.
 */
export const CONTRACT_FIELD_TYPES = [
  'string',
  'bytes',
  'boolean',
  'bool',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'long',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float',
  'float16',
  'float32',
  'float64',
  'double',
  'decimal',
  'date',
  'time',
  'timestamp',
  'uuid',
  'null',
  'struct',
  'list',
  'array',
  'map',
  'enum',
  'union',
] as const;
export type ContractFieldType = (typeof CONTRACT_FIELD_TYPES)[number];

/** The types whose elements are described by nested `fields`. */
export const CONTAINER_TYPES: readonly string[] = ['struct', 'list', 'array', 'map', 'union'];

export const ContractFileField = Type.Recursive(
  (This) =>
    Type.Object(
      {
        name: Type.String({ minLength: 1, description: 'Name of the field in the data asset.' }),
        type: Type.Union(
          CONTRACT_FIELD_TYPES.map((t) => Type.Literal(t)),
          {
            description:
              'Type of the field. `struct`, `list`, `map` and `union` describe their elements in `fields`.',
          },
        ),
        doc: Type.Optional(Type.String({ description: 'What the field holds, for the people who use it.' })),
        optional: Type.Optional(
          Type.Boolean({
            description: 'The field may be absent from the data asset (default `false`: it is required).',
          }),
        ),
        logical: Type.Optional(
          Type.String({
            description: 'Logical type refining `type`, e.g. `uuid`, `email`, `timestamp-millis`.',
          }),
        ),
        fields: Type.Optional(
          Type.Array(This, {
            description: 'Nested fields of a `struct`, or the element of a `list` or `map`.',
          }),
        ),
        constraints: Type.Optional(
          Type.Object(
            {},
            {
              additionalProperties: true,
              description:
                'Constraints on the values (e.g. `unique`, `minimum`, `pattern`); checked on top-level fields only.',
            },
          ),
        ),
      },
      { title: 'ContractFileField' },
    ),
  { title: 'ContractFileField' },
);
export type ContractFileField = Static<typeof ContractFileField>;

export const SPEC_VERSION_PATTERN = '^\\d+\\.\\d+\\.\\d+$';

/** The vendor's contract file form: one contract per file, usually under `contracts/`. */
export const ContractFile = Type.Object(
  {
    'spec-version': Type.String({
      pattern: SPEC_VERSION_PATTERN,
      description: 'Version of the contract file format, e.g. `0.1.0`.',
    }),
    id: Type.String({ format: 'uuid', description: 'Id of the contract (a UUID), stable across edits.' }),
    name: Type.String({ minLength: 1, description: 'Name of the contract, shown in the Contracts view.' }),
    namespace: Type.String({ minLength: 1, description: 'Namespace the contract belongs to.' }),
    doc: Type.Optional(Type.String({ description: 'What the contract promises and to whom.' })),
    owner: Type.Optional(Type.String({ description: 'Who owns the contract, e.g. an e-mail address.' })),
    dataAssetResourceName: Type.String({
      minLength: 1,
      description:
        'DARN of the data asset the contract is on, e.g. `postgres://host:5432:db.schema.table` or `s3://bucket:pattern`.',
    }),
    schema: Type.Array(ContractFileField, {
      minItems: 1,
      description:
        'The fields the data asset must have: `name`, `type`, optionally `doc`, `optional`, `logical`, `fields`, `constraints`.',
    }),
  },
  { title: 'ContractFile' },
);
export type ContractFile = Static<typeof ContractFile>;

export type ContractShape = 'file' | 'request';

/**
 * Which shape a parsed document has, by its content (not its name): the request form has
 * `contractSchema` (or wraps it in `contract`), the file form `spec-version` or a `schema` beside
 * `dataAssetResourceName`. Undefined: not a contract.
 */
export function contractShapeOf(value: unknown): ContractShape | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if ('contractSchema' in v) return 'request';
  if (v.contract && typeof v.contract === 'object' && 'contractSchema' in v.contract) return 'request';
  if ('spec-version' in v) return 'file';
  if ('dataAssetResourceName' in v && ('schema' in v || !('contractSchema' in v))) return 'file';
  return undefined;
}

/** A cheap look at raw text before parsing: could it be a contract of either shape? */
export const CONTRACT_TEXT_HINT =
  /(^|[{,])[ \t]*["']?(spec-version|dataAssetResourceName|contractSchema)["']?[ \t]*:/m;

function toElement(f: ContractFileField, top: boolean): TopStructElement {
  const out: TopStructElement = { type: f.type };
  if (f.name !== undefined) out.name = f.name;
  if (f.doc !== undefined) out.doc = f.doc;
  if (f.logical !== undefined) out.logical = f.logical;
  if (f.optional !== undefined) out.optional = f.optional;
  if (f.fields) out.fields = f.fields.map((c) => toElement(c, false) as StructElement);
  // The API takes constraints on top-level elements only.
  if (top && f.constraints) out.constraints = f.constraints;
  return out;
}

/** The API's contract (operation 10) for a contract file. */
export function contractOfFile(file: ContractFile): Contract {
  return {
    dataAssetResourceName: file.dataAssetResourceName,
    contractSchema: file.schema.map((f) => toElement(f, true)),
  };
}

/** The member holding the field list in each shape. */
export const SCHEMA_MEMBER: Record<ContractShape, 'schema' | 'contractSchema'> = {
  file: 'schema',
  request: 'contractSchema',
};

/**
 * What the editor contributes for YAML and JSON validation (`yamlValidation`, `jsonValidation`): a
 * document with `contractSchema` (or `contract`) is checked as the request form, any other as the
 * file form, so request-form files get no false squiggles.
 */
export const ContractDocument = Type.Unsafe<ContractFile | Contract | ComplianceRequest>({
  title: 'ContractDocument',
  description: 'A data contract file: the vendor file form, or the API request form (`contractSchema`).',
  if: { type: 'object', required: ['contractSchema'] },
  then: Contract,
  else: {
    if: { type: 'object', required: ['contract'] },
    then: ComplianceRequest,
    else: ContractFile,
  },
});
