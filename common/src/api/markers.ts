// Read-only members come back on reads and are dropped before a write; write-only members are sent
// on writes and never expected on reads. The marks are plain JSON Schema keywords so that the JSON
// Schema files, the service's validator and our own strip helpers all see the same thing.
import { type TSchema, Type } from '@sinclair/typebox';

export function ReadOnly<T extends TSchema>(schema: T) {
  return Type.Optional({ ...schema, readOnly: true } as T);
}

export function WriteOnly<T extends TSchema>(schema: T) {
  return Type.Optional({ ...schema, writeOnly: true } as T);
}
