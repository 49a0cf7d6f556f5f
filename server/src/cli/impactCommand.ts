// `lineage-lens impact`: options, output and exit code (lineage-lens.ts hands it its arguments).
// Exit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage, git or connection error.
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { counted } from '../../../common/src/countWords';
import { UserInputError } from '../api/serviceErrors';
import { runImpact } from './impact';
import {
  FAIL_ON,
  IMPACT_FORMATS,
  formatImpactJson,
  formatImpactMarkdown,
  formatImpactSarif,
  formatImpactText,
  impactFails,
  type ImpactFailOn,
  type ImpactFormat,
} from './impactFormats';
import { commandSetup } from './commandSetup';

export const IMPACT_HELP = `lineage-lens impact [options] [DIR]

What a change breaks: the code anchors of lineage paths that the diff modifies, deletes or moves,
what lies downstream of those paths (fields, services, data stores) and the contracts they reach,
and every contract file the diff changes, compared field by field with its base version.

Without --head, the working tree (with the index and untracked files) is compared with --base.

Options:
  --base REF             the base commit or branch (default: HEAD)
  --head REF             the head commit or branch (default: the working tree)
  --branch               base = the merge-base with the upstream (else the default) branch
  --format FORMAT        text (default) | markdown (a pull-request comment) | json | sarif
  --fail-on WHAT         breaking (default): a breaking contract change | contract: a contract at
                         risk or changed | any: anything touched | never
  --output FILE          write the result to FILE instead of stdout
  --service URL          the service's base URL (default: $LINEAGE_LENS_SERVICE_URL)
  --component ID         a component to load (repeatable; default: lineageLens.components)
  --namespace NAME       namespace for edge discovery (default: lineageLens.namespace)
  --project-root PATH    where the scanned project's root is inside DIR (default: lineageLens.projectRoot)
  --quiet                no progress on stderr
  -h, --help             this help

The API key is read only from LINEAGE_LENS_API_KEY.
Exit codes: 0 nothing at or above --fail-on, 1 something is, 2 usage, git or connection error.

Examples:
  lineage-lens impact                                   # uncommitted changes against HEAD
  lineage-lens impact --base origin/main --head HEAD --format markdown --output impact.md
  lineage-lens impact --branch --format sarif --output impact.sarif --fail-on never
`;

interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

const USAGE = 2;

function usage(io: Io, message: string): number {
  io.stderr(`lineage-lens impact: ${message}\nRun lineage-lens impact --help for the options.\n`);
  return USAGE;
}

export async function impactMain(argv: string[], io: Io, version: string): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        branch: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
        'fail-on': { type: 'string', default: 'breaking' },
        output: { type: 'string' },
        service: { type: 'string' },
        component: { type: 'string', multiple: true },
        namespace: { type: 'string' },
        'project-root': { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.help) return (io.stdout(IMPACT_HELP), 0);
  if (positionals.length > 1) return usage(io, `one directory at most, got ${positionals.length}.`);
  const format = v.format as ImpactFormat;
  if (!IMPACT_FORMATS.includes(format))
    return usage(io, `--format must be one of ${IMPACT_FORMATS.join(', ')}.`);
  const failOn = v['fail-on'] as ImpactFailOn;
  if (!FAIL_ON.includes(failOn)) return usage(io, `--fail-on must be one of ${FAIL_ON.join(', ')}.`);
  if (v.branch && v.base !== undefined) return usage(io, '--branch and --base exclude each other.');
  const setup = commandSetup(v, positionals[0], io);
  if ('usage' in setup) return usage(io, setup.usage);
  const { root, serviceUrl, apiKey, settings } = setup;
  const progress = (m: string) => (v.quiet ? undefined : io.stderr(`${m}\n`));
  if (setup.settingsProblem) progress(`warning: ${setup.settingsProblem}`);
  const t0 = performance.now();
  try {
    const report = await runImpact({
      root,
      serviceUrl,
      apiKey,
      settings,
      ...(v.base !== undefined ? { base: v.base } : {}),
      ...(v.head !== undefined ? { head: v.head } : {}),
      branch: v.branch,
      progress,
    });
    const text =
      format === 'json'
        ? formatImpactJson(report)
        : format === 'markdown'
          ? formatImpactMarkdown(report)
          : format === 'sarif'
            ? formatImpactSarif(report, version)
            : formatImpactText(report);
    if (v.output) writeFileSync(resolve(io.cwd, v.output), text);
    else io.stdout(text);
    progress(
      `Compared ${counted(report.filesChanged, 'changed file')} in ${Math.round(performance.now() - t0)} ms: ${report.summary.touched} touched, ${counted(report.summary.breakingChanges, 'breaking contract change')}.`,
    );
    return impactFails(report, failOn) ? 1 : 0;
  } catch (err) {
    const message = ((err as Error)?.message ?? String(err)).split(apiKey).join('<API key>');
    io.stderr(`lineage-lens impact: ${message}\n`);
    if (!(err instanceof UserInputError)) progress('(a usage, git or connection error)');
    return USAGE;
  }
}
