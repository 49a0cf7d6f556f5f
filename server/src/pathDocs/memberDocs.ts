// What each member of a path document means (from the service description), for hovers.
export const MEMBER_DOCS: Record<string, Record<string, string>> = {
  LineagePath: {
    path_id: 'Read-only; server-assigned id of the path. A save creates a new path id.',
    path_type:
      'Read-only; `SCAN_OUTPUT` or `USER_OVERRIDE`: whether the path came from a scan or a user override.',
    is_suppressed: 'Read-only; whether the path is currently suppressed (default `false`).',
    ingress: 'Required. The boundary where data enters the component.',
    egress: 'Required. The boundary where data leaves the component.',
    field_mappings: 'Field-level mappings from ingress fields to egress fields.',
    code_anchors: 'Places in the source code implementing the path.',
    transformation_summary: 'Brief summary of the transformation on the path.',
    payload_name: 'Payload name of the path.',
    completeness: 'Completeness classifications; all five members are required.',
    reason: 'Write-only; optional reason for creating or updating the path.',
    effective_since_commit_sha:
      'Write-only; commit the path is effective from. When omitted, the latest scanned commit of the component.',
  },
  PathBoundary: {
    id: 'Boundary id.',
    kind: 'Boundary kind, e.g. a datastore kind or a gateway response.',
    signature_name: 'Required. package/class/method of the boundary.',
    schema: 'Schema definition of the boundary (JSON Schema: `type`, `properties`, `items`).',
    payload_name: 'Payload name of the boundary (display value).',
    description: 'Description of the boundary.',
    boundary_coordinates:
      'Read-only; durable coordinates of the boundary. To address its fields in a write, copy this object as it is.',
    field_tags: 'Read-only; tags applied to each field, computed per read.',
    field_depends_on_tags: 'Read-only; tags each field depends on through lineage, derived per read.',
  },
  BoundaryCoordinates: {
    payload_name: 'Required; string or null (null when the scan recorded none).',
    signature_name: 'Required; string or null (null when the scan recorded none).',
  },
  PathFieldMapping: {
    ingress_field: 'Required. Field name on the ingress side.',
    egress_field: 'Required. Field name on the egress side.',
    notes: 'Notes on the mapping.',
    kind: '`DataFlow` (default): the value flows; `KeyValueBridge`: bridges a key/value pair; `ControlFlow`: influences whether or how the egress field is produced.',
  },
  PathCodeAnchor: {
    anchor_id: 'Required. Unique id of the anchor.',
    name: 'Human-readable name, expected in or near the anchored code.',
    file: 'Path relative to the scanned project root.',
    line_start: 'First line, 1-based.',
    line_end: 'Last line, 1-based, inclusive.',
    column_start: 'First column, 1-based.',
    column_end: 'Last column, 1-based, inclusive.',
    url: 'Full URL of the code location, if available.',
  },
  Completeness: {
    ingress: 'Completeness of non-schema ingress elements (name, signature, code anchor, …).',
    ingress_schema: 'Completeness of the ingress field schema.',
    egress: 'Completeness of non-schema egress elements.',
    egress_schema: 'Completeness of the egress field schema.',
    field_mappings: 'Completeness of the field mappings.',
  },
  FieldTagEntry: {
    field_path: 'Dotted flattened field path within the boundary payload.',
    tags: 'Effective tags on that field.',
  },
  FieldDependsOnTagEntry: {
    field_path: 'Dotted flattened field path within the boundary payload.',
    depends_on: 'One entry per distinct tag reachable upstream of that field.',
  },
};

/** The JSON Schema keywords a boundary schema uses, for hovers inside `schema`. */
export const SCHEMA_KEYWORD_DOCS: Record<string, string> = {
  type: "The field's type: `string`, `number`, `integer`, `boolean`, `object`, `array` or `null`.",
  properties: 'The fields of an object, by name; nested objects give dotted field paths (`address.city`).',
  items: "The schema of each element of an array; its fields keep the array field's path.",
  required: 'Names of the fields that must be present.',
  description: 'What the field holds, in words.',
  format: 'A refinement of the type, such as `email`, `date-time` or `uuid`.',
  enum: 'The values the field may take.',
  additionalProperties: 'Whether fields not listed under `properties` may appear.',
  title: 'A short name for the schema.',
};
