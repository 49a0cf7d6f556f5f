// Small helpers for asserting typed rejections.
import assert from 'node:assert/strict';

/** The error `promise` rejects with, checked to be an instance of `type`. */
export async function rejection<E extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
): Promise<E> {
  let outcome: unknown;
  try {
    const value = await promise;
    assert.fail(`expected a ${type.name}, got the value ${JSON.stringify(value)}`);
  } catch (e) {
    outcome = e;
  }
  if (!(outcome instanceof type)) {
    assert.fail(
      `expected a ${type.name}, got ${outcome instanceof Error ? `${outcome.name}: ${outcome.message}` : String(outcome)}`,
    );
  }
  return outcome;
}
