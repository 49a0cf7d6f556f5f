// The outputs of `lineage-lens impact`: text for a terminal, Markdown for a pull-request comment (one
// verdict line, the breaking contract changes, the touched paths folded away; the same report always
// gives the same text, so a sticky comment is updated in place), the report as JSON
// (common/schemas/change-impact-report.schema.json) and SARIF 2.1.0 for code scanning.
import { contractLabel, type ChangeImpactReport, type TouchedPath } from '../../../common/src/changeImpact';
import { counted } from '../../../common/src/countWords';
import { markdownText } from '../../../common/src/untrustedText';

export const IMPACT_FORMATS = ['text', 'markdown', 'json', 'sarif'] as const;
export type ImpactFormat = (typeof IMPACT_FORMATS)[number];
export const FAIL_ON = ['breaking', 'contract', 'any', 'never'] as const;
export type ImpactFailOn = (typeof FAIL_ON)[number];

/** The first line of every Markdown report: how a CI job finds its own comment to update. */
export const COMMENT_MARKER = '<!-- lineage-lens-impact -->';

export function impactFails(r: ChangeImpactReport, failOn: ImpactFailOn): boolean {
  const s = r.summary;
  switch (failOn) {
    case 'breaking':
      return s.breakingChanges > 0;
    case 'contract':
      return s.contractsAtRisk > 0 || s.contractFilesChanged > 0;
    case 'any':
      return s.touched > 0 || s.contractFilesChanged > 0;
    default:
      return false;
  }
}

const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
const short = (sha: string | undefined) => (sha ? sha.slice(0, 12) : '');

function rangeText(r: ChangeImpactReport): string {
  const head = r.head.commit ? `${r.head.ref} (${short(r.head.commit)})` : 'the working tree';
  return `${head} against ${r.base.ref} (${short(r.base.commit)})`;
}

/** The one-line verdict. */
export function verdict(r: ChangeImpactReport): string {
  const s = r.summary;
  if (s.touched === 0 && s.contractFilesChanged === 0)
    return 'No lineage path or contract is touched by this change.';
  const parts: string[] = [];
  const lead =
    s.breakingChanges > 0 ? 'Breaking' : s.contractsAtRisk > 0 ? 'Contracts at risk' : 'Lineage touched';
  if (s.breakingChanges > 0) parts.push(`${counted(s.breakingChanges, 'breaking contract change')}`);
  // Under "Contracts at risk" the count alone: the lead says the rest.
  if (s.contractsAtRisk > 0)
    parts.push(`${counted(s.contractsAtRisk, 'contract')}${s.breakingChanges > 0 ? ' at risk' : ''}`);
  if (s.touched > 0) {
    const how = [
      [s.modified, 'modified'],
      [s.deleted, 'deleted'],
      [s.moved, 'moved'],
    ] as const;
    const which = how.filter(([n]) => n > 0).map(([n, word]) => `${n} ${word}`);
    parts.push(`${counted(s.touched, 'anchored definition')} touched (${which.join(', ')})`);
  }
  if (s.downstreamFields > 0) parts.push(`${counted(s.downstreamFields, 'downstream field')}`);
  if (s.contractFilesChanged > 0 && s.breakingChanges === 0)
    parts.push(`${counted(s.contractFilesChanged, 'contract file')} changed, none breaking`);
  return `${lead}: ${parts.join('; ')} (worst severity: ${s.worstSeverity}).`;
}

/** "2 components and 1 data store", leaving out a kind none of is reached. */
function reachedIn(d: TouchedPath['downstreamCounts']): string {
  const kinds = [
    d.components > 0 ? counted(d.components, 'component') : undefined,
    d.dataStores > 0 ? counted(d.dataStores, 'data store') : undefined,
  ].filter(Boolean);
  return kinds.join(' and ') || counted(0, 'component');
}

function services(t: TouchedPath): string[] {
  return [...new Set(t.downstream.map((d) => d.component.name))];
}

export function formatImpactText(r: ChangeImpactReport): string {
  const out: string[] = [
    oneLine(verdict(r)),
    `Compared ${rangeText(r)}: ${counted(r.filesChanged, 'file')} changed.`,
  ];
  if (r.contractChanges.length) out.push('', 'Contract changes:');
  for (const c of r.contractChanges) {
    out.push(`  ${c.file}: ${oneLine(c.name)} on ${oneLine(c.darn)}${c.breaking ? ' (breaking)' : ''}`);
    for (const x of c.changes)
      out.push(
        `    ${x.line ? `${c.file}:${x.line}: ` : ''}${x.breaking ? 'BREAKING ' : ''}${x.kind}${x.field ? ` ${x.field}` : ''}: ${oneLine(x.detail)}`,
      );
    if (c.producers.length)
      out.push(
        `    written by: ${c.producers.map((p) => `${oneLine(p.component.name)} · ${oneLine(p.path.label)}`).join(', ')}`,
      );
  }
  if (r.touched.length) out.push('', 'Touched paths:');
  for (const t of r.touched) {
    out.push(
      `  ${t.anchor.file}:${t.anchor.lineStart}: ${t.change} ${oneLine(t.component.name)} · ${oneLine(t.path.label)} (${t.severity}): ${oneLine(t.detail)}`,
    );
    const d = t.downstreamCounts;
    if (d.fields > 0)
      out.push(
        `    downstream: ${counted(d.fields, 'field')} in ${reachedIn(d)}: ${services(t).map(oneLine).join(', ')}`,
      );
    for (const c of t.contracts)
      out.push(
        `    contract ${oneLine(contractLabel(c))} on ${oneLine(c.darn)} (${counted(c.hops, 'hop')}${c.violationState ? `, ${c.violationState} now` : ''}): ${c.fields.join(', ')}`,
      );
  }
  for (const w of r.warnings) out.push(`warning: ${oneLine(w)}`);
  return `${out.join('\n')}\n`;
}

/** Markdown for a comment on GitHub or GitLab. Every name from the service or a file is escaped. */
export function formatImpactMarkdown(r: ChangeImpactReport): string {
  const md = (s: string) => markdownText(s, 300);
  const code = (s: string) => `\`${s.replace(/`/g, "'").replace(/[\r\n]+/g, ' ')}\``;
  // The verdict is our words and counts only: nothing in it to escape.
  const out: string[] = [COMMENT_MARKER, `**Lineage Lens** · ${verdict(r)}`, ''];
  out.push(`<sub>${md(rangeText(r))} · ${counted(r.filesChanged, 'file')} changed</sub>`, '');
  const breaking = r.contractChanges.flatMap((c) =>
    c.changes.filter((x) => x.breaking).map((x) => ({ c, x })),
  );
  if (breaking.length) {
    out.push(
      '### Breaking contract changes',
      '',
      '| Contract | Field | Change | What it means | Written by |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const { c, x } of breaking) {
      const producers =
        c.producers
          .slice(0, 3)
          .map((p) => md(p.component.name))
          .join(', ') || '—';
      out.push(
        `| ${md(c.name)} (${code(x.line ? `${c.file}:${x.line}` : c.file)}) | ${x.field ? code(x.field) : '—'} | ${x.kind} | ${md(x.detail)} | ${producers} |`,
      );
    }
    out.push('');
  }
  const atRisk = new Map<string, { name: string; darn: string; state?: string; paths: Set<string> }>();
  for (const t of r.touched)
    for (const c of t.contracts) {
      const e = atRisk.get(c.darn) ?? {
        name: contractLabel(c),
        darn: c.darn,
        ...(c.violationState ? { state: c.violationState } : {}),
        paths: new Set<string>(),
      };
      e.paths.add(t.path.label);
      atRisk.set(c.darn, e);
    }
  if (atRisk.size) {
    out.push(
      '### Contracts at risk',
      '',
      '| Contract | Data asset | State now | Changed paths |',
      '| --- | --- | --- | --- |',
    );
    for (const e of [...atRisk.values()].sort((a, b) => (a.darn < b.darn ? -1 : 1)))
      out.push(
        `| ${md(e.name)} | ${code(e.darn)} | ${e.state ?? '—'} | ${[...e.paths].sort().map(md).join(', ')} |`,
      );
    out.push('');
  }
  if (r.touched.length) {
    out.push(`<details><summary>${counted(r.touched.length, 'touched path')}</summary>`, '');
    out.push('| Change | Code | Component · path | Downstream |', '| --- | --- | --- | --- |');
    for (const t of r.touched) {
      const d = t.downstreamCounts;
      const down = d.fields
        ? `${counted(d.fields, 'field')}: ${services(t).slice(0, 5).map(md).join(', ')}`
        : '—';
      const moved = t.movedTo ? ` → ${code(`${t.movedTo.file}:${t.movedTo.lineStart}`)}` : '';
      out.push(
        `| ${t.change} | ${code(`${t.anchor.file}:${t.anchor.lineStart}`)}${moved} | ${md(t.component.name)} · ${md(t.path.label)} | ${down} |`,
      );
    }
    out.push('', '</details>', '');
  }
  const other = r.contractChanges.flatMap((c) => c.changes.filter((x) => !x.breaking).map((x) => ({ c, x })));
  if (other.length) {
    out.push(`<details><summary>${counted(other.length, 'other contract change')}</summary>`, '');
    for (const { c, x } of other)
      out.push(`- ${code(c.file)} ${x.field ? code(x.field) : ''} ${x.kind}: ${md(x.detail)}`);
    out.push('', '</details>', '');
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

export function formatImpactJson(r: ChangeImpactReport): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

const RULES: Record<string, string> = {
  'change-modified': 'The change modifies code a lineage path is anchored to.',
  'change-deleted': 'The change deletes code a lineage path is anchored to.',
  'change-moved': 'The change moves code a lineage path is anchored to.',
  'contract-breaking': 'A contract file change that breaks its consumers or its data.',
  'contract-change': 'A contract file change that does not break its consumers.',
};

/** SARIF 2.1.0: results on the changed anchored lines and on the contract lines that change. */
export function formatImpactSarif(r: ChangeImpactReport, version: string): string {
  const ruleIds = Object.keys(RULES);
  const loc = (file: string, startLine?: number, endLine?: number) => ({
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: encodeURI(file), uriBaseId: 'SRCROOT' },
          ...(startLine ? { region: { startLine, endLine: Math.max(endLine ?? startLine, startLine) } } : {}),
        },
      },
    ],
  });
  const results: object[] = [];
  for (const t of r.touched) {
    const id = `change-${t.change}`;
    const contracts = t.contracts.map((c) => c.name).join(', ');
    const text =
      `${t.detail} Path ${t.component.name} · ${t.path.label}: ${counted(t.downstreamCounts.fields, 'downstream field')}` +
      (contracts ? `; contracts ${contracts}.` : '.');
    // A deleted definition is shown where it was only when the file is still there.
    const file = t.change === 'deleted' ? undefined : t.anchor.file;
    results.push({
      ruleId: id,
      ruleIndex: ruleIds.indexOf(id),
      level: t.contracts.length ? 'warning' : 'note',
      message: { text: oneLine(text) },
      ...(file ? loc(file, t.anchor.lineStart, t.anchor.lineEnd) : {}),
    });
  }
  for (const c of r.contractChanges)
    for (const x of c.changes) {
      const id = x.breaking ? 'contract-breaking' : 'contract-change';
      results.push({
        ruleId: id,
        ruleIndex: ruleIds.indexOf(id),
        level: x.breaking ? 'error' : 'note',
        message: { text: oneLine(`${c.name}: ${x.detail}`) },
        ...(x.kind === 'contractDeleted' ? {} : loc(c.file, x.line)),
      });
    }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'lineage-lens',
            version,
            rules: ruleIds.map((id) => ({ id, shortDescription: { text: RULES[id]! } })),
          },
        },
        originalUriBaseIds: { SRCROOT: { description: { text: 'The checked-out repository.' } } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
