// `lineage-lens`: the command-line entry (package.json `bin`). `lineage-lens check` runs the editor's
// checks over a checkout for CI and the terminal; `lineage-lens impact` (impactCommand.ts) tells what a
// change breaks. node:util parseArgs is enough here (one subcommand,
// long options, repeatable --component, strict unknown-option errors), so no parsing library is added.
// Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or connection error.
import { parseArgs } from 'node:util';
import { runCheck } from './check';
import { impactMain } from './impactCommand';
import { fails, type FailOn } from './findings';
import { FORMATS, formatGithub, formatSarif, formatText, type Format } from './formats';
import { commandSetup } from './commandSetup';
import { counted } from '../../../common/src/countWords';

const VERSION = '0.1.0';
export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;

export const HELP = `lineage-lens check [options] [DIR]
lineage-lens impact [options] [DIR]   (what a change breaks: lineage-lens impact --help)
lineage-lens mcp [options] [DIR]

Checks a checkout (DIR, default: the current directory) the way the Lineage Lens editor extension does:
  - every code anchor of the configured components: unresolved, outside the checkout, stale, relocated;
  - every data contract file (vendor file form or request form, found by content and by name):
    its syntax and members, then its compliance with its data asset on the service.

\`lineage-lens mcp\` serves the lineage tools for coding agents (lineage_at, field_flow, fields_with_tag,
contract_check, change_impact) and the workspace's contract files and component summaries over the
Model Context Protocol on stdin/stdout, for DIR as the workspace folder. Everything it does only reads.

Options:
  --service URL          the service's base URL (default: $LINEAGE_LENS_SERVICE_URL)
  --format FORMAT        text (default) | sarif (SARIF 2.1.0) | github (workflow annotations)
  --fail-on LEVEL        error (default) | warning | never: which findings make the exit code 1
  --component ID         a component to load (repeatable; default: lineageLens.components in
                         .vscode/settings.json)
  --namespace NAME       namespace for edge discovery (default: lineageLens.namespace)
  --project-root PATH    where the scanned project's root is inside DIR (default: lineageLens.projectRoot)
  --no-anchors           skip code anchors
  --no-contracts         skip contract files
  --quiet                no progress on stderr
  -h, --help             this help
  --version              the version

The API key is read only from the environment variable LINEAGE_LENS_API_KEY (never a flag); it is
sent only to the service and never printed.

Exit codes: 0 no findings at or above --fail-on, 1 findings at or above it, 2 usage or connection error.
Results go to stdout, progress to stderr.

Examples:
  LINEAGE_LENS_API_KEY=… lineage-lens check --service http://127.0.0.1:7878
  npx lineage-lens check --format sarif > lineage-lens.sarif
  npx lineage-lens check --format github --fail-on warning
  npx lineage-lens check --no-anchors contracts-repo/
`;

interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

function usage(io: Io, message: string): number {
  io.stderr(`lineage-lens: ${message}\nRun lineage-lens check --help for the options.\n`);
  return EXIT.usage;
}

export async function main(argv: string[], io: Io): Promise<number> {
  if (argv[0] === 'impact') return impactMain(argv.slice(1), io, VERSION);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        service: { type: 'string' },
        format: { type: 'string', default: 'text' },
        'fail-on': { type: 'string', default: 'error' },
        component: { type: 'string', multiple: true },
        namespace: { type: 'string' },
        'project-root': { type: 'string' },
        'no-anchors': { type: 'boolean', default: false },
        'no-contracts': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    return usage(io, (err as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.version) return (io.stdout(`${VERSION}\n`), EXIT.clean);
  if (v.help || positionals.length === 0) {
    io.stdout(HELP);
    return positionals.length === 0 && !v.help ? EXIT.usage : EXIT.clean;
  }
  const [command, dir, ...extra] = positionals;
  if (command !== 'check' && command !== 'mcp')
    return usage(io, `unknown command ${JSON.stringify(command)}; the commands are check, impact and mcp.`);
  if (extra.length) return usage(io, `one directory at most, got ${extra.length + 1}.`);
  const format = v.format as Format;
  if (!FORMATS.includes(format)) return usage(io, `--format must be one of ${FORMATS.join(', ')}.`);
  const failOn = v['fail-on'] as FailOn;
  if (!['error', 'warning', 'never'].includes(failOn))
    return usage(io, '--fail-on must be error, warning or never.');
  const setup = commandSetup(v, dir, io);
  if ('usage' in setup) return usage(io, setup.usage);
  const { root, serviceUrl, apiKey, settings } = setup;

  if (command === 'mcp') {
    if (setup.settingsProblem) io.stderr(`warning: ${setup.settingsProblem}\n`);
    try {
      // Loaded only for `mcp`: the Model Context Protocol SDK and its schemas cost every other run
      // tens of milliseconds at start.
      const { runMcpServer } = await import('./mcp');
      await runMcpServer({
        root,
        serviceUrl,
        apiKey,
        settings,
        version: VERSION,
        log: (m) => (v.quiet ? undefined : io.stderr(`${m}\n`)),
      });
      return EXIT.clean;
    } catch (err) {
      io.stderr(
        `lineage-lens: ${((err as Error)?.message ?? String(err)).split(apiKey).join('<API key>')}\n`,
      );
      return EXIT.usage;
    }
  }

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const progress = (m: string) => (v.quiet ? undefined : io.stderr(`${m}\n`));
  if (setup.settingsProblem) progress(`warning: ${setup.settingsProblem}`);
  try {
    const result = await runCheck({
      root,
      serviceUrl,
      apiKey,
      settings,
      anchors: !v['no-anchors'],
      contracts: !v['no-contracts'],
      progress,
    });
    const info = { version: VERSION, anchors: result.anchors, contracts: result.contracts };
    io.stdout(
      format === 'sarif'
        ? formatSarif(result.findings, info)
        : format === 'github'
          ? formatGithub(result.findings)
          : formatText(result.findings, info),
    );
    // Wall and CPU time: on a busy CI runner the wall time alone says little.
    const cpu = process.cpuUsage(cpu0);
    progress(
      `Checked ${counted(result.anchors, 'code anchor')} and ${counted(result.contracts, 'contract file')} in ${Math.round(performance.now() - t0)} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms); ${counted(result.findings.length, 'finding')}.`,
    );
    return fails(result.findings, failOn) ? EXIT.findings : EXIT.clean;
  } catch (err) {
    // Messages of the API client never carry the key; still, never echo it.
    const message = ((err as Error)?.message ?? String(err)).split(apiKey).join('<API key>');
    io.stderr(`lineage-lens: ${message}\n`);
    return EXIT.usage;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    env: process.env,
    cwd: process.cwd(),
  }).then((code) => {
    process.exitCode = code;
  });
}
