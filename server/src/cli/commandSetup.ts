// What every command (check, impact, mcp) reads before it runs, checked the same way: the checkout
// directory, the service URL (flag, else environment) and the API key (environment only), and the
// settings (the checkout's .vscode/settings.json, overridden by flags).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { readWorkspaceSettings } from './workspaceSettings';

export interface CommandSetup {
  root: string;
  serviceUrl: string;
  apiKey: string;
  settings: Record<string, unknown>;
  /** Why the checkout's settings were not read, if they were not (a warning, not an error). */
  settingsProblem?: string;
}

/** The flags every command takes besides its own. */
export interface CommonFlags {
  service?: string;
  component?: string[];
  namespace?: string;
  'project-root'?: string;
}

/** The command's set-up, or the usage error that stops it (one sentence). */
export function commandSetup(
  flags: CommonFlags,
  dir: string | undefined,
  io: { env: NodeJS.ProcessEnv; cwd: string },
): CommandSetup | { usage: string } {
  const root = resolve(io.cwd, dir ?? '.');
  try {
    if (!statSync(root).isDirectory()) return { usage: `${root} is not a directory.` };
  } catch {
    return { usage: `${root} does not exist.` };
  }
  const serviceUrl = flags.service ?? io.env.LINEAGE_LENS_SERVICE_URL ?? '';
  if (!serviceUrl) return { usage: 'no service URL: pass --service URL or set LINEAGE_LENS_SERVICE_URL.' };
  const apiKey = io.env.LINEAGE_LENS_API_KEY ?? '';
  if (!apiKey) return { usage: 'no API key: set the environment variable LINEAGE_LENS_API_KEY.' };
  const ws = readWorkspaceSettings(root);
  const settings: Record<string, unknown> = { ...ws.settings };
  if (flags.component?.length) settings.components = flags.component;
  if (flags.namespace !== undefined) settings.namespace = flags.namespace;
  if (flags['project-root'] !== undefined) settings.projectRoot = flags['project-root'];
  return {
    root,
    serviceUrl,
    apiKey,
    settings,
    ...(ws.problem !== undefined ? { settingsProblem: ws.problem } : {}),
  };
}
