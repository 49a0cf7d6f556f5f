// The lineage graph's ids (boundaries, stores, fields) and field mapping kinds: shared by the server's
// graph, the command line and the client (through protocol.ts), and free of the LSP runtime.
import { FIELD_MAPPING_KINDS, type FieldMappingKind } from './api/paths';

/** A field mapping's kind: the path schema's (api/paths.ts), listed once there. */
export type MappingKind = FieldMappingKind;
export const MAPPING_KINDS: readonly MappingKind[] = FIELD_MAPPING_KINDS;

/**
 * One field of the lineage graph. CODE fields live on a boundary (ids `b:<componentId>:<coordinates>`),
 * DATA_STORE fields on the store's schema (`s:<componentId>`); a field id is `<boundaryId>#<fieldPath>`.
 */
export interface FieldRef {
  boundaryId: string;
  field: string;
}
export function fieldId(ref: FieldRef): string {
  return `${ref.boundaryId}#${ref.field}`;
}
export function parseFieldId(id: string): FieldRef | undefined {
  const i = id.indexOf('#');
  return i > 0 && i < id.length - 1 ? { boundaryId: id.slice(0, i), field: id.slice(i + 1) } : undefined;
}

/** The graph's id of a CODE boundary: its component and coordinates (as the service keys its tags). */
export function boundaryNodeId(
  componentId: string,
  b:
    | {
        boundary_coordinates?: { payload_name: string | null; signature_name: string | null };
        payload_name?: string;
        signature_name?: string;
      }
    | undefined,
): string {
  const payload = b?.boundary_coordinates?.payload_name ?? b?.payload_name ?? '';
  const signature = b?.boundary_coordinates?.signature_name ?? b?.signature_name ?? '';
  const enc = encodeURIComponent;
  return `b:${enc(componentId)}:${enc(payload)}:${enc(signature)}`;
}
/** The graph's id of a DATA_STORE's schema. */
export function storeNodeId(componentId: string): string {
  return `s:${encodeURIComponent(componentId)}`;
}
