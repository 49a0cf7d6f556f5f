// Checks a contract's schema against the current schema of its data asset. Fields are matched by
// name level by level and reported by dotted path; a missing optional field is fine.
import type { StructElement, Violation } from '../../../common/src/api/contracts';
import type { Store } from '../model/store';

export function checkContract(
  store: Store,
  darn: string,
  contractSchema: readonly StructElement[],
): Violation[] {
  const asset = store.dataAssets.get(darn);
  if (!asset) {
    return [
      {
        violationType: 'MISSING_DATA_ASSET',
        message: `no data asset ${darn}`,
        expected: darn,
        actual: 'missing',
      },
    ];
  }
  return compare(contractSchema, asset.schema, '', darn);
}

function compare(
  expected: readonly StructElement[],
  actual: readonly StructElement[],
  prefix: string,
  darn: string,
): Violation[] {
  const out: Violation[] = [];
  for (const e of expected) {
    const name = e.name ?? '';
    const field = prefix ? `${prefix}.${name}` : name;
    const a = actual.find((x) => x.name === name);
    if (!a) {
      if (e.optional !== true) {
        out.push({
          violationType: 'MISSING_REQUIRED_PROPERTY',
          message: `required field ${field} is missing from ${darn}`,
          field,
          fieldType: e.type,
          expected: e.type,
          actual: 'missing',
        });
      }
      continue;
    }
    if (a.type.toLowerCase() !== e.type.toLowerCase()) {
      out.push({
        violationType: 'INCOMPATIBLE_TYPE',
        message: `field ${field} is ${a.type} in ${darn}; the contract expects ${e.type}`,
        field,
        fieldType: e.type,
        expected: e.type,
        actual: a.type,
      });
      continue;
    }
    if (e.fields) out.push(...compare(e.fields, a.fields ?? [], field, darn));
  }
  return out;
}
