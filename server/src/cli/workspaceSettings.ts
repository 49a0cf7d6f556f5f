// The checkout's own Lineage Lens settings, as the editor would read them: `lineageLens.*` in
// .vscode/settings.json (JSON with comments). Command-line flags override them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import { SECTION } from '../../../common/src/settings';

/** The `lineageLens` members of .vscode/settings.json as a plain object ({} when absent). */
export function readWorkspaceSettings(root: string): { settings: Record<string, unknown>; problem?: string } {
  const file = join(root, '.vscode', 'settings.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { settings: {} };
  }
  const errors: ParseError[] = [];
  const all = parse(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length || !all || typeof all !== 'object')
    return { settings: {}, problem: '.vscode/settings.json is not valid JSON; its settings are ignored.' };
  const out: Record<string, unknown> = {};
  const prefix = `${SECTION}.`;
  for (const [k, v] of Object.entries(all)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  const nested = all[SECTION];
  if (nested && typeof nested === 'object') Object.assign(out, nested);
  return { settings: out };
}
