// Reads a dataset file and checks it: first its shape (common/src/dataset/schema.ts), then that every
// reference points at something that exists. Each problem names the member, as a JSON pointer.
import { readFileSync } from 'node:fs';
import { Dataset, DatasetCodeComponent, DatasetDataStoreComponent } from '../../../common/src/dataset/schema';
import { problems, type SchemaProblem } from '../../../common/src/api/validate';
import { SYSTEM_TAG_NAMES } from '../../../common/src/api/tags';

export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

export function readDataset(file: string): Dataset {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DatasetError(`cannot read the dataset ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DatasetError(`the dataset ${file} is not valid JSON: ${(err as Error).message}`);
  }
  return checkDataset(value, file);
}

/** The dataset, typed, or a DatasetError listing the first problems found. */
export function checkDataset(value: unknown, label = 'dataset'): Dataset {
  const shape = componentProblems(value);
  if (shape.length === 0) shape.push(...problems(Dataset, value, 5));
  if (shape.length > 0) {
    throw new DatasetError(`invalid ${label}: ${shape.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  }
  const dataset = value as Dataset;
  const refs = referenceProblems(dataset);
  if (refs.length > 0) throw new DatasetError(`invalid ${label}: ${refs.slice(0, 5).join('; ')}`);
  return dataset;
}

/**
 * Components are a union of CODE and DATA_STORE; checked as a union, a bad member deep inside would
 * only be reported as "/components/3: Expected union value". Each component is therefore checked
 * against the kind its `type` names, so the message points at the member itself.
 */
function componentProblems(value: unknown): SchemaProblem[] {
  const components = (value as { components?: unknown } | null)?.components;
  if (!Array.isArray(components)) return [];
  const out: SchemaProblem[] = [];
  components.forEach((c: unknown, i) => {
    const type = (c as { type?: unknown } | null)?.type;
    const schema =
      type === 'CODE' ? DatasetCodeComponent : type === 'DATA_STORE' ? DatasetDataStoreComponent : undefined;
    if (!schema) {
      out.push({ path: `/components/${i}/type`, message: 'Expected "CODE" or "DATA_STORE"' });
      return;
    }
    for (const p of problems(schema, c, 5))
      out.push({ path: `/components/${i}${p.path === '/' ? '' : p.path}`, message: p.message });
  });
  return out.slice(0, 5);
}

function referenceProblems(d: Dataset): string[] {
  const out: string[] = [];
  const components = new Map<string, { type: string; index: number }>();
  const duplicate = (kind: string, id: string, at: string) =>
    out.push(`${at}: duplicate ${kind} id ${JSON.stringify(id)}`);
  const boundaries = new Map<string, string>(); // boundary id -> component id
  const pathIds = new Set<string>();

  d.components.forEach((c, i) => {
    if (components.has(c.id)) duplicate('component', c.id, `/components/${i}/id`);
    components.set(c.id, { type: c.type, index: i });
  });
  d.components.forEach((c, i) => {
    if (c.type !== 'CODE') return;
    const scanShas = new Set(c.scans.map((s) => s.commit_sha));
    const byId = new Map(c.paths.map((p) => [p.path_id, p]));
    c.paths.forEach((p, j) => {
      const at = `/components/${i}/paths/${j}`;
      if (pathIds.has(p.path_id)) duplicate('path', p.path_id, `${at}/path_id`);
      pathIds.add(p.path_id);
      for (const side of ['ingress', 'egress'] as const) {
        const b = p[side];
        const owner = boundaries.get(b.id);
        if (owner !== undefined && owner !== c.id)
          out.push(`${at}/${side}/id: boundary ${b.id} already belongs to component ${owner}`);
        boundaries.set(b.id, c.id);
        if (b.data_store_id !== undefined) {
          const target = components.get(b.data_store_id);
          if (!target)
            out.push(`${at}/${side}/data_store_id: no component ${JSON.stringify(b.data_store_id)}`);
          else if (target.type !== 'DATA_STORE')
            out.push(`${at}/${side}/data_store_id: component ${b.data_store_id} is not a DATA_STORE`);
        }
      }
      if (p.replaces_path_id !== undefined) {
        const target = byId.get(p.replaces_path_id);
        if (p.path_type !== 'USER_OVERRIDE')
          out.push(`${at}/replaces_path_id: only a USER_OVERRIDE path replaces another`);
        else if (!target)
          out.push(`${at}/replaces_path_id: no path ${JSON.stringify(p.replaces_path_id)} in this component`);
        else if (target.path_type !== 'SCAN_OUTPUT')
          out.push(`${at}/replaces_path_id: path ${p.replaces_path_id} is not a SCAN_OUTPUT path`);
      }
      if (p.commit_sha !== undefined && !scanShas.has(p.commit_sha)) {
        out.push(
          `${at}/commit_sha: commit ${JSON.stringify(p.commit_sha)} is not among the component's scans`,
        );
      }
    });
    const seen = new Set<string>();
    c.paths.forEach((p, j) => {
      if (p.replaces_path_id === undefined) return;
      if (seen.has(p.replaces_path_id))
        out.push(
          `/components/${i}/paths/${j}/replaces_path_id: path ${p.replaces_path_id} is already replaced by another override`,
        );
      seen.add(p.replaces_path_id);
    });
  });

  const tagIds = new Set<string>(SYSTEM_TAG_NAMES);
  (d.tagDefinitions ?? []).forEach((t, i) => {
    if (tagIds.has(t.id) && !(SYSTEM_TAG_NAMES as readonly string[]).includes(t.id))
      duplicate('tag definition', t.id, `/tagDefinitions/${i}/id`);
    tagIds.add(t.id);
    if (t.kind === 'SYSTEM' && !(SYSTEM_TAG_NAMES as readonly string[]).includes(t.name)) {
      out.push(
        `/tagDefinitions/${i}/name: SYSTEM tags are ${SYSTEM_TAG_NAMES.join(', ')}; ${JSON.stringify(t.name)} is not one`,
      );
    }
  });
  (d.tagApplications ?? []).forEach((a, i) => {
    if (!boundaries.has(a.boundary_id))
      out.push(`/tagApplications/${i}/boundary_id: no boundary ${JSON.stringify(a.boundary_id)}`);
    if (!tagIds.has(a.tag)) out.push(`/tagApplications/${i}/tag: no tag definition ${JSON.stringify(a.tag)}`);
  });

  const contracts = new Set<string>();
  (d.contracts ?? []).forEach((c, i) => {
    if (contracts.has(c.id)) duplicate('contract', c.id, `/contracts/${i}/id`);
    contracts.add(c.id);
  });
  const darns = new Set<string>();
  (d.dataAssets ?? []).forEach((a, i) => {
    if (darns.has(a.dataAssetResourceName))
      out.push(`/dataAssets/${i}/dataAssetResourceName: duplicate DARN ${a.dataAssetResourceName}`);
    darns.add(a.dataAssetResourceName);
    if (a.contractId !== undefined && !contracts.has(a.contractId))
      out.push(`/dataAssets/${i}/contractId: no contract ${JSON.stringify(a.contractId)}`);
  });
  const subKeys = new Set<string>();
  (d.subscriptions ?? []).forEach((s, i) => {
    if (!contracts.has(s.dataContractId))
      out.push(`/subscriptions/${i}/dataContractId: no contract ${JSON.stringify(s.dataContractId)}`);
    const key = `${s.dataContractId} ${s.userId}`;
    if (subKeys.has(key))
      out.push(`/subscriptions/${i}/userId: the user already has a subscription to this contract`);
    subKeys.add(key);
  });
  const keyValues = new Set<string>();
  (d.apiKeys ?? []).forEach((k, i) => {
    if (k.value === undefined) return; // generated at load
    if (keyValues.has(k.value)) out.push(`/apiKeys/${i}/value: duplicate key value`);
    keyValues.add(k.value);
  });
  (d.edges ?? []).forEach((e, i) => {
    if (!components.has(e.sourceComponentId))
      out.push(`/edges/${i}/sourceComponentId: no component ${JSON.stringify(e.sourceComponentId)}`);
    if (!components.has(e.destinationComponentId))
      out.push(
        `/edges/${i}/destinationComponentId: no component ${JSON.stringify(e.destinationComponentId)}`,
      );
  });
  return out;
}
