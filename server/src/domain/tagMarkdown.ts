// Tags in plain words for hovers. Applied tags are "● **pii**, detected: email address" or "tagged by a
// person"; tags a field depends on (derived through lineage, never applied) are "◌ *pii*, from 1
// service upstream", so a derived tag is never taken for an applied one. Service text goes through md().
import type { DependsOnTagRef, FieldTagRef } from '../../../common/src/api';
import { APPLIED_TAG_MARK, DERIVED_TAG_MARK, hopsWords } from '../../../common/src/tagWords';
import { md } from '../util/markdown';
import type { PathField } from './pathFields';

/** "CREDIT_CARD_NUMBER" → "credit card number" (the detector's label is opaque; this only reads it). */
export function detectionWords(category: string): string {
  return category.replace(/[_-]+/g, ' ').trim().toLowerCase();
}

// A tag reference's words, made once per reference: the cache's references are shared by every field
// that carries them (session/compactDetail.ts), and a hover put each in words again (most of the
// garbage a hover made).
const appliedCache = new WeakMap<FieldTagRef, string>();
const dependsOnCache = new WeakMap<DependsOnTagRef, string>();

export function appliedWords(t: FieldTagRef): string {
  let words = appliedCache.get(t);
  if (words === undefined) appliedCache.set(t, (words = appliedWordsOf(t)));
  return words;
}

function appliedWordsOf(t: FieldTagRef): string {
  const how =
    t.source === 'user'
      ? 'tagged by a person'
      : t.detection_category
        ? `detected: ${md(detectionWords(t.detection_category), 80)}`
        : 'detected by the scanner';
  return `${APPLIED_TAG_MARK} **${md(t.name, 80)}**${t.kind === 'USER' ? ' (custom tag)' : ''}, ${how}`;
}

export function dependsOnWords(t: DependsOnTagRef): string {
  let words = dependsOnCache.get(t);
  if (words === undefined)
    dependsOnCache.set(t, (words = `${DERIVED_TAG_MARK} *${md(t.name, 80)}*, ${hopsWords(t.nearest_hops)}`));
  return words;
}

/** The tags of some fields, applied first; a derived tag whose name is also applied is left out. */
export function tagWords(fields: readonly PathField[]): string[] {
  const applied = new Map<string, FieldTagRef>();
  const derived = new Map<string, DependsOnTagRef>();
  for (const f of fields) for (const t of f.applied) if (!applied.has(t.name)) applied.set(t.name, t);
  for (const f of fields) {
    for (const t of f.dependsOn) {
      if (applied.has(t.name)) continue;
      const seen = derived.get(t.name);
      if (!seen || (t.nearest_hops ?? Infinity) < (seen.nearest_hops ?? Infinity)) derived.set(t.name, t);
    }
  }
  return [...[...applied.values()].map(appliedWords), ...[...derived.values()].map(dependsOnWords)];
}
