// Markdown for the lineage paths anchored at a place in the code.
import type { ComponentDetail, LineagePath, PathBoundary } from '../../../common/src/api';
import { COMMANDS, type PathRef } from '../../../common/src/protocol';
import type { TrackedAnchor } from '../anchors/types';
import { commandLink, externalLink, md } from '../util/markdown';
import { pathFields, type PathField } from './pathFields';
import { tagSections } from './tagMarkdown';

const MAX_MAPPINGS = 20;

export function boundaryLine(label: string, b: PathBoundary | undefined): string {
  if (!b) return `${label}: *missing*`;
  const parts = [`**${label}** ${md(b.signature_name)}`];
  if (b.kind) parts.push(`kind ${md(b.kind)}`);
  if (b.payload_name) parts.push(`payload ${md(b.payload_name)}`);
  return parts.join(' · ');
}

export function pathTitle(path: LineagePath): string {
  return `${md(path.ingress?.signature_name ?? '?')} → ${md(path.egress?.signature_name ?? '?')}`;
}

function stateLine(path: LineagePath): string {
  const parts: string[] = [];
  if (path.path_type === 'USER_OVERRIDE') parts.push('user override (wins over the scan)');
  else if (path.path_type === 'SCAN_OUTPUT') parts.push('from scan');
  if (path.is_suppressed) parts.push('**suppressed**');
  if (path.payload_name) parts.push(`payload ${md(path.payload_name)}`);
  return parts.join(' · ');
}

function anchorNote(t: TrackedAnchor): string | undefined {
  if (t.state === 'relocated' && t.relocatedFrom && t.range) {
    return `*Anchor relocated from line ${t.relocatedFrom.start.line + 1} to line ${t.range.start.line + 1}.*`;
  }
  if (t.state === 'stale')
    return `⚠ *Anchor stale: ${md(t.problem ?? 'the expected name was not found here')}*`;
  return undefined;
}

export function links(ref: PathRef, anchorUrl: string | undefined): string {
  const l = [
    commandLink('Reveal in Lineage tree', COMMANDS.revealPath, [ref]),
    commandLink('Edit path', COMMANDS.editPath, [ref]),
  ];
  const ext = externalLink('Open in code host', anchorUrl);
  if (ext) l.push(ext);
  return l.join(' · ');
}

/** The full hover section of one path. */
export function pathSection(component: ComponentDetail, path: LineagePath, anchor: TrackedAnchor): string[] {
  const ref: PathRef = { componentId: component.id, pathId: path.path_id ?? anchor.entry.pathId };
  const out: string[] = [];
  out.push(
    `**Lineage path** in ${md(component.friendly_name || component.name)} (${md(component.type)})`,
    '',
  );
  out.push(`#### ${pathTitle(path)}`, '');
  const note = anchorNote(anchor);
  if (note) out.push(note, '');
  out.push(`${boundaryLine('Ingress', path.ingress)}  `, boundaryLine('Egress', path.egress), '');
  const state = stateLine(path);
  if (state) out.push(state, '');
  if (path.transformation_summary) out.push(`*Transformation:* ${md(path.transformation_summary, 1000)}`, '');
  const mappings = path.field_mappings ?? [];
  if (mappings.length) {
    out.push('**Field mappings**', '');
    for (const m of mappings.slice(0, MAX_MAPPINGS)) {
      out.push(
        `- ${md(m.ingress_field)} → ${md(m.egress_field)} (${md(m.kind ?? 'DataFlow')})${m.notes ? ` — ${md(m.notes, 200)}` : ''}`,
      );
    }
    if (mappings.length > MAX_MAPPINGS) out.push(`- … and ${mappings.length - MAX_MAPPINGS} more`);
    out.push('');
  }
  if (path.completeness) {
    const c = path.completeness;
    out.push(
      `*Completeness:* ingress ${md(c.ingress)}, ingress schema ${md(c.ingress_schema)}, egress ${md(c.egress)}, egress schema ${md(c.egress_schema)}, field mappings ${md(c.field_mappings)}`,
      '',
    );
  }
  out.push(...tagSections(pathFields(path), true));
  out.push(links(ref, anchor.entry.anchor.url));
  return out;
}

/** The hover section for fields an identifier names: their tags first, then which path they are on. */
export function fieldSection(
  component: ComponentDetail,
  path: LineagePath,
  fields: PathField[],
  anchor: TrackedAnchor,
): string[] {
  const ref: PathRef = { componentId: component.id, pathId: path.path_id ?? anchor.entry.pathId };
  const names = [...new Set(fields.map((f) => `${f.side} ${md(f.fieldPath)}`))].join(', ');
  return [
    `**Field** ${names}`,
    '',
    `on path ${pathTitle(path)} in ${md(component.friendly_name || component.name)}`,
    '',
    ...tagSections(fields, fields.length > 1),
    links(ref, anchor.entry.anchor.url),
  ];
}
