// The three outputs of `lineage-lens check`: human text, SARIF 2.1.0 (code scanning) and GitHub
// workflow commands (annotations on the pull request). Lines and columns are 1-based in all three.
import type { Finding, Level } from './findings';
import { labelText } from '../../../common/src/untrustedText';

export type Format = 'text' | 'sarif' | 'github';
export const FORMATS: readonly Format[] = ['text', 'sarif', 'github'];

export interface RunInfo {
  version: string;
  /** What was checked, for the summary line. */
  anchors: number;
  contracts: number;
}

function where(f: Finding): string {
  if (!f.file) return '';
  const r = f.range;
  return r ? `${f.file}:${r.start.line + 1}:${r.start.character + 1}` : f.file;
}

/**
 * One line, no control or invisible (bidi, zero-width) characters: a finding's text may come from the
 * service or from a checked-in file. Not cut: a CI log keeps the whole message.
 */
function oneLine(s: string): string {
  return labelText(s, Number.MAX_SAFE_INTEGER);
}

export function formatText(findings: readonly Finding[], info: RunInfo): string {
  const lines = findings.map((f) => {
    const at = where(f);
    return `${at ? `${at}: ` : ''}${f.level} ${f.ruleId}: ${oneLine(f.message)}`;
  });
  const count = (l: Level) => findings.filter((f) => f.level === l).length;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  lines.push(
    `${plural(count('error'), 'error', 'errors')}, ${plural(count('warning'), 'warning', 'warnings')}, ${plural(count('note'), 'note', 'notes')} ` +
      `(${plural(info.anchors, 'code anchor', 'code anchors')}, ${plural(info.contracts, 'contract file', 'contract files')} checked)`,
  );
  return `${lines.join('\n')}\n`;
}

/** GitHub's workflow command escaping: data, and property values (which also escape `:` and `,`). */
const escData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProp = (s: string) => escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function formatGithub(findings: readonly Finding[]): string {
  const out = findings.map((f) => {
    const command = f.level === 'error' ? 'error' : f.level === 'warning' ? 'warning' : 'notice';
    const props: string[] = [];
    if (f.file) {
      props.push(`file=${escProp(f.file)}`);
      if (f.range) {
        props.push(`line=${f.range.start.line + 1}`, `col=${f.range.start.character + 1}`);
        const endLine = f.range.end.line + 1;
        props.push(`endLine=${Math.max(endLine, f.range.start.line + 1)}`);
        // GitHub takes endColumn only on one-line annotations.
        if (f.range.end.line === f.range.start.line)
          props.push(`endColumn=${Math.max(f.range.end.character + 1, f.range.start.character + 1)}`);
      }
    }
    props.push(`title=${escProp(`Lineage Lens ${f.ruleId}`)}`);
    return `::${command} ${props.join(',')}::${escData(f.message)}`;
  });
  return out.length ? `${out.join('\n')}\n` : '';
}

const RULE_HELP: Record<string, string> = {
  'anchor-stale': 'The anchored code no longer carries the names the lineage path expects near the anchor.',
  'anchor-relocated': 'The anchored code moved; the anchor was found elsewhere in the file.',
  'anchor-clamped': 'The anchor points past the end of its file.',
  'anchor-unresolved': 'The anchor names a file that is not in the checkout (or is ambiguous).',
  'anchor-outside-workspace': 'The anchor names a file outside the checkout; it is never read.',
  MISSING_DATA_ASSET: 'The contract is on a data asset the service does not know.',
  MISSING_REQUIRED_PROPERTY: 'A field the contract requires is missing from the data asset.',
  INCOMPATIBLE_TYPE: 'A field of the data asset has another type than the contract says.',
};

/** SARIF 2.1.0: one run, one rule per code seen, results with physical locations (1-based columns, end exclusive). */
export function formatSarif(findings: readonly Finding[], info: RunInfo): string {
  const ruleIds = [...new Set(findings.map((f) => f.ruleId))].sort();
  const rules = ruleIds.map((id) => ({
    id,
    shortDescription: { text: RULE_HELP[id] ?? `Lineage Lens check ${id}.` },
  }));
  const results = findings.map((f) => ({
    ruleId: f.ruleId,
    ruleIndex: ruleIds.indexOf(f.ruleId),
    level: f.level,
    message: { text: f.message || f.ruleId },
    ...(f.file
      ? {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: encodeURI(f.file), uriBaseId: 'SRCROOT' },
                ...(f.range
                  ? {
                      region: {
                        startLine: f.range.start.line + 1,
                        startColumn: f.range.start.character + 1,
                        endLine: Math.max(f.range.end.line, f.range.start.line) + 1,
                        endColumn:
                          f.range.end.line > f.range.start.line
                            ? f.range.end.character + 1
                            : Math.max(f.range.end.character, f.range.start.character) + 1,
                      },
                    }
                  : {}),
              },
            },
          ],
        }
      : {}),
  }));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'lineage-lens',
            version: info.version,
            rules,
          },
        },
        originalUriBaseIds: { SRCROOT: { description: { text: 'The checked-out repository.' } } },
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
