// Markdown for the lineage paths anchored at a place in the code. Laid out to be read at a glance and
// to fit a hover without scrolling for a typical path: the path (ingress → egress) and where it lives,
// its two sides with short signatures (the full one is the link's tooltip), completeness on one line,
// then the tagged fields in plain words, the other mappings on one line, the transformation, links.
import type { Completeness, ComponentDetail, LineagePath, PathBoundary } from '../../../common/src/api';
import { shortSignature } from '../../../common/src/pathLabels';
import { COMMANDS, boundaryNodeId, type FieldRef, type PathRef } from '../../../common/src/protocol';
import type { TrackedAnchor } from '../anchors/types';
import { commandLink, externalLink, md } from '../util/markdown';
import { pathFields, type FieldMatch, type PathField } from '../domain/pathFields';
import { shortPathLabel } from '../domain/pathSummary';
import { tagWords } from '../domain/tagMarkdown';
import { componentLabel } from '../../../common/src/componentLabel';

const MAX_ROWS = 8;
/** Child fields listed under a parent field in a field hover, before "and N more". */
const MAX_CHILD_FIELDS = 8;
const UNTAGGED_SHOWN = 4;
const COMPLETE = '✓ complete';

/** "**createOrder → insertOrder**": the short label, as a heading line. */
export function pathTitle(path: LineagePath): string {
  return `**${md(shortPathLabel(path))}**`;
}

/**
 * One side: its last two signature segments as a link that reveals the path, the full signature in
 * the link's title (shown on pointing at it), and the boundary's kind.
 */
function sideText(b: PathBoundary | undefined, ref: PathRef): string {
  if (!b) return '*missing*';
  const short = shortSignature(b.signature_name, 2);
  const link = commandLink(short, COMMANDS.revealPath, [ref]);
  // A link title is a quoted string: backslash escapes hold there as in text.
  const titled = link.replace(/\)$/, ` "${md(b.signature_name)}")`);
  return b.kind ? `${titled} (${md(b.kind, 60)})` : titled;
}

const MARK: Record<string, string> = { KNOWN_COMPLETE: '✓', KNOWN_INCOMPLETE: '◐', UNKNOWN: '?' };
const PARTS: Array<[keyof Completeness, string]> = [
  ['ingress', 'ingress'],
  ['ingress_schema', 'ingress schema'],
  ['egress', 'egress'],
  ['egress_schema', 'egress schema'],
  ['field_mappings', 'field mappings'],
];

/** Completeness on one line: "✓ complete", or every part with ✓ known complete, ◐ incomplete, ? unknown. */
export function completenessLine(c: Completeness | undefined): string | undefined {
  if (!c) return undefined;
  if (PARTS.every(([k]) => c[k] === 'KNOWN_COMPLETE')) return COMPLETE;
  const parts = PARTS.map(([k, label]) => `${MARK[c[k]] ?? '?'} ${label}`);
  return `${parts.join(' ')} *(✓ complete, ◐ incomplete, ? unknown)*`;
}

function stateWords(path: LineagePath): string[] {
  const parts: string[] = [];
  if (path.path_type === 'USER_OVERRIDE') parts.push('override');
  else if (path.path_type === 'SCAN_OUTPUT') parts.push('from the scan');
  if (path.is_suppressed) parts.push('**suppressed**');
  return parts;
}

function anchorNote(t: TrackedAnchor): string | undefined {
  if (t.state === 'relocated' && t.relocatedFrom && t.range) {
    return `*Anchor relocated from line ${t.relocatedFrom.start.line + 1} to line ${t.range.start.line + 1}.*`;
  }
  if (t.state === 'stale')
    return `⚠ *Anchor stale: ${md(t.problem ?? 'the expected name was not found here')}*`;
  if (t.unverified) return unverifiedNote(t);
  return sinceScanNote(t);
}

/** Placed by its names only: where it probably is, why it is not known, and how to know (one line). */
function unverifiedNote(t: TrackedAnchor): string {
  const moved =
    t.state === 'relocated' && t.relocatedFrom && t.range
      ? ` (moved from line ${t.relocatedFrom.start.line + 1})`
      : '';
  const commit = t.entry.commit;
  if (!commit) return `≈ *Probably here${moved}: found by its names; no scanned commit is known.*`;
  const sha = md(commit.slice(0, 12));
  switch (t.unverifiedWhy) {
    // Short: a hover for a typical path fits without scrolling.
    case 'noRepository':
      return `≈ *Probably here${moved}: found by its names; no git repository holds this file.*`;
    case 'notParsed':
      return `≈ *Probably here${moved}: found by its names; its scanned code did not tell which definition it is.*`;
    default:
      // Only a missing commit can be helped from here: fetching it.
      return `≈ *Probably here${moved}: its scanned commit ${sha} is not in this clone.* ${commandLink('Fetch it', COMMANDS.fetchScannedCommits, [])}`;
  }
}

/** What git says changed in the anchored code since the scanned commit (anchors/git/). */
function sinceScanNote(t: TrackedAnchor): string | undefined {
  const s = t.sinceScan;
  if (!s || s.change === 'exact')
    return s?.renamedFrom ? `*File renamed since the scan (was ${md(s.renamedFrom)}).*` : undefined;
  const { start, end } = s.recordedLines;
  const lines = start === end ? `line ${start + 1}` : `lines ${start + 1}–${end + 1}`;
  const renamed = s.renamedFrom ? ` in ${md(s.renamedFrom)}` : '';
  return `✎ *Changed since the scan: the code at ${lines}${renamed} of commit ${md(s.commit.slice(0, 12))} was partly rewritten.*`;
}

/** The graph's field of a hovered field (its boundary keyed as the graph keys it). */
function fieldRefOf(componentId: string, path: LineagePath, f: PathField): FieldRef {
  return { boundaryId: boundaryNodeId(componentId, path[f.side]), field: f.fieldPath };
}

/**
 * The links line: the path in the tree and its document, then the lineage graph and the Impact view
 * (centred on the hovered field when there is one), then the code host.
 */
export function links(ref: PathRef, anchorUrl: string | undefined, field?: FieldRef): string {
  const target = field ? { kind: 'field', field } : undefined;
  const l = [
    commandLink('Reveal in Lineage view', COMMANDS.revealPath, [ref]),
    commandLink('Edit path', COMMANDS.editPath, [ref]),
    commandLink('Lineage graph', COMMANDS.showGraph, [target ?? ref]),
    commandLink('Impact', COMMANDS.showImpact, [target ?? { kind: 'path', ...ref }]),
  ];
  const ext = externalLink('Open in code host', anchorUrl);
  if (ext) l.push(ext);
  return l.join(' · ');
}

const mappingKind = (kind: string | undefined) =>
  kind && kind !== 'DataFlow' ? ` (${md(kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(), 60)})` : '';

/**
 * Rows of tagged fields: a mapping "email → customer_email: ● pii, detected: email address" when
 * either end carries a tag, then tagged fields no mapping names; and the ingress fields of the
 * untagged mappings.
 */
function fieldRows(path: LineagePath): { rows: string[]; untagged: string[] } {
  const fields = pathFields(path);
  const on = (side: 'ingress' | 'egress', name: string) =>
    fields.find((f) => f.side === side && f.fieldPath === name);
  const tagged = (f: PathField | undefined) => !!f && (f.applied.length > 0 || f.dependsOn.length > 0);
  const rows: string[] = [];
  const untagged: string[] = [];
  const shown = new Set<PathField>();
  for (const m of path.field_mappings ?? []) {
    const ends = [on('ingress', m.ingress_field), on('egress', m.egress_field)].filter(
      (f): f is PathField => !!f,
    );
    const label = `${md(m.ingress_field, 120)} → ${md(m.egress_field, 120)}${mappingKind(m.kind)}`;
    if (!ends.some(tagged)) {
      // The ingress name alone keeps the line short; the mapping is in the path document.
      untagged.push(`${md(m.ingress_field, 120)}${mappingKind(m.kind)}`);
      continue;
    }
    ends.forEach((f) => shown.add(f));
    rows.push(`- ${label}: ${tagWords(ends).join(' · ')}`);
  }
  for (const f of fields) {
    if (shown.has(f) || !tagged(f)) continue;
    const label = f.side === 'egress' ? `→ ${md(f.fieldPath, 120)}` : md(f.fieldPath, 120);
    rows.push(`- ${label}: ${tagWords([f]).join(' · ')}`);
  }
  return { rows, untagged };
}

/**
 * The lines of a path's section that depend on the path alone (and the anchor's code-host link): its
 * two sides and its links, made once per path object (loaded paths are read-only) rather than per hover.
 */
interface PathLines {
  componentId: string;
  pathId: string;
  url: string | undefined;
  sides: string;
  links: string;
}
const pathLines = new WeakMap<LineagePath, PathLines>();

function linesOf(ref: PathRef, path: LineagePath, url: string | undefined): PathLines {
  const known = pathLines.get(path);
  if (known && known.componentId === ref.componentId && known.pathId === ref.pathId && known.url === url)
    return known;
  const made: PathLines = {
    ...ref,
    url,
    sides: `${sideText(path.ingress, ref)} → ${sideText(path.egress, ref)}`,
    links: links(ref, url),
  };
  pathLines.set(path, made);
  return made;
}

/** The hover section of one path. */
export function pathSection(component: ComponentDetail, path: LineagePath, anchor: TrackedAnchor): string[] {
  const ref: PathRef = { componentId: component.id, pathId: path.path_id ?? anchor.entry.pathId };
  const fixed = linesOf(ref, path, anchor.entry.anchor.url);
  const complete = completenessLine(path.completeness);
  const where = [md(componentLabel(component)), ...stateWords(path)];
  // Complete paths say so on the title line; otherwise the parts go on a line of their own.
  if (complete === COMPLETE) where.push(complete);
  // Lines of one paragraph are joined with a hard break ("  \n"): no paragraph gap between them.
  const head = [`${pathTitle(path)} · ${where.join(' · ')}`];
  const note = anchorNote(anchor);
  if (note) head.push(note);
  head.push(fixed.sides);
  if (complete && complete !== COMPLETE) head.push(complete);
  const out = [head.join('  \n'), ''];
  const { rows, untagged } = fieldRows(path);
  if (rows.length) {
    out.push(...rows.slice(0, MAX_ROWS));
    if (rows.length > MAX_ROWS) out.push(`- … and ${rows.length - MAX_ROWS} more tagged fields`);
    out.push('');
  }
  const tail: string[] = [];
  if (!rows.length) tail.push('*No tagged fields.*');
  if (untagged.length) {
    const more = untagged.length > UNTAGGED_SHOWN ? `, +${untagged.length - UNTAGGED_SHOWN}` : '';
    tail.push(`Untagged: ${untagged.slice(0, UNTAGGED_SHOWN).join(', ')}${more}`);
  }
  if (path.transformation_summary) tail.push(`*${md(path.transformation_summary, 300)}*`);
  if (tail.length) out.push(tail.join('  \n'), '');
  out.push(fixed.links);
  return out;
}

/** The hover section for fields an identifier names: their tags first, then which path they are on. */
export function fieldSection(
  component: ComponentDetail,
  path: LineagePath,
  fields: FieldMatch[],
  anchor: TrackedAnchor,
): string[] {
  const ref: PathRef = { componentId: component.id, pathId: path.path_id ?? anchor.entry.pathId };
  // One line per field: the same name can be an ingress and an egress field with different tags.
  // A parent field rolls up its fields' tags below it, each under the child's path.
  const blocks: string[] = [];
  for (const f of fields) {
    const tags = tagWords([f]);
    const own = tags.length
      ? tags.join(' · ')
      : f.children.length
        ? '*no tags on the field itself*'
        : '*no tags*';
    const line = `**${md(f.fieldPath)}** (${f.side}): ${own}`;
    const last = blocks.length - 1;
    if (!f.children.length) {
      // Consecutive plain fields share one block, a line each.
      if (last >= 0 && !blocks[last]!.includes('\n- ')) blocks[last] += `  \n${line}`;
      else blocks.push(line);
      continue;
    }
    const list = f.children
      .slice(0, MAX_CHILD_FIELDS)
      .map((c) => `- ${md(c.fieldPath)}: ${tagWords([c]).join(' · ')}`);
    if (f.children.length > MAX_CHILD_FIELDS)
      list.push(`- … and ${f.children.length - MAX_CHILD_FIELDS} more tagged fields`);
    blocks.push(`${line}\n\n${list.join('\n')}`);
  }
  return [
    blocks.join('\n\n'),
    '',
    `on ${pathTitle(path)} in ${md(componentLabel(component))}`,
    '',
    links(ref, anchor.entry.anchor.url, fields[0] ? fieldRefOf(component.id, path, fields[0]) : undefined),
  ];
}
