// Markdown lines for applied and depends-on tags. Applied tags carry "●", derived ones "◌ via N hops",
// and they go into separate sections so a derived tag is never taken for an applied one.
import type { PathField } from './pathFields';
import { md } from '../util/markdown';

const MAX_LINES = 30;

export function appliedLines(fields: readonly PathField[], withField: boolean): string[] {
  const lines: string[] = [];
  for (const f of fields) {
    for (const t of f.applied) {
      const where = withField ? ` on ${f.side} ${md(f.fieldPath)}` : '';
      const detail = [`kind ${md(t.kind)}`, `source ${md(t.source)}`];
      if (t.detection_category) detail.push(`detected as ${md(t.detection_category)}`);
      lines.push(`- ● **${md(t.name)}**${where} — ${detail.join(', ')}`);
    }
  }
  return cap(lines);
}

export function dependsOnLines(fields: readonly PathField[], withField: boolean): string[] {
  const lines: string[] = [];
  for (const f of fields) {
    for (const t of f.dependsOn) {
      const where = withField ? ` on ${f.side} ${md(f.fieldPath)}` : '';
      const hops = Number.isInteger(t.nearest_hops) ? t.nearest_hops : '?';
      const via = hops === 0 ? 'same component' : `via ${hops} hop${hops === 1 ? '' : 's'}`;
      lines.push(`- ◌ *${md(t.name)}*${where} — ${via} (kind ${md(t.kind)})`);
    }
  }
  return cap(lines);
}

function cap(lines: string[]): string[] {
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES), `- … and ${lines.length - MAX_LINES} more`]
    : lines;
}

/** The two sections, each under its own heading, omitted when empty. */
export function tagSections(fields: readonly PathField[], withField: boolean): string[] {
  const out: string[] = [];
  const applied = appliedLines(fields, withField);
  const derived = dependsOnLines(fields, withField);
  if (applied.length) out.push('**Applied tags**', '', ...applied, '');
  if (derived.length)
    out.push('**Depends-on tags** (derived through lineage, not applied)', '', ...derived, '');
  if (!applied.length && !derived.length) out.push('*No tags on these fields.*', '');
  return out;
}
