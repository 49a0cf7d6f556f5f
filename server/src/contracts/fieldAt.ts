// Which schema field of a contract file a position is on (its `name` value), by its dotted path, with
// the contract's data asset: what the field hover (features/contractFieldHover.ts) looks up.
import { isMap, isScalar, isSeq } from 'yaml';
import type { Position, Range } from 'vscode-languageserver';
import { SCHEMA_MEMBER } from '../../../common/src/api';
import {
  contractMember,
  contractRoot,
  locate,
  offsetAt,
  rangeOf,
  type ContractDocument,
} from './contractDocument';

export interface ContractFieldAt {
  darn: string;
  /** Dotted, as compliance names fields ("customer.email"). */
  fieldPath: string;
  range: Range;
}

/** The schema field whose `name` value the position is on, with the contract's DARN. */
export function contractFieldAt(cd: ContractDocument, pos: Position): ContractFieldAt | undefined {
  const loc = locate(cd, offsetAt(cd, pos));
  if (loc.onKey || loc.key !== 'name' || !isScalar(loc.value)) return undefined;
  const steps = cd.wrapped && loc.path[0] === 'contract' ? loc.path.slice(1) : loc.path;
  if (steps[0] !== SCHEMA_MEMBER[cd.shape]) return undefined;
  const root = contractRoot(cd);
  let node = root;
  const names: string[] = [];
  for (const [i, step] of steps.entries()) {
    if (typeof step === 'number') {
      node = isSeq(node) ? node.items[step] : undefined;
      const name = isMap(node) ? node.get('name') : undefined;
      if (typeof name !== 'string' || name === '') return undefined;
      names.push(name);
    } else {
      // The schema member, then `fields` between nested levels, and the `name` the cursor is on.
      const expected = i === 0 ? SCHEMA_MEMBER[cd.shape] : i === steps.length - 1 ? 'name' : 'fields';
      if (step !== expected) return undefined;
      if (i < steps.length - 1) node = isMap(node) ? node.get(step, true) : undefined;
    }
  }
  const darn = isMap(root) ? root.get('dataAssetResourceName') : undefined;
  if (typeof darn !== 'string' || names.length === 0) return undefined;
  return { darn, fieldPath: names.join('.'), range: rangeOf(cd, loc.value) };
}

/** The contract's `dataAssetResourceName`: its value and where its member is (for the file's lenses). */
export function contractDarnAt(cd: ContractDocument): { darn: string; range: Range } | undefined {
  const pair = contractMember(cd, 'dataAssetResourceName');
  const value = pair && isScalar(pair.value) ? pair.value.value : undefined;
  if (typeof value !== 'string' || value === '' || !isScalar(pair?.key)) return undefined;
  return { darn: value, range: rangeOf(cd, pair.key) };
}
