// The extension host's own log (exthost.log, or remoteexthost.log under code-server): the folder above
// the extension's log folder (context.logUri). VS Code writes its warnings about an extension there.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_ID } from '../helpers';

/** The text of the extension host's log files; fails when there is none (a check must not pass blind). */
export function extensionHostLog(extensionLogDir: string): string {
  const dir = path.dirname(extensionLogDir);
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => /exthost.*\.log$/i.test(f) && fs.statSync(path.join(dir, f)).isFile())
    : [];
  if (files.length === 0)
    throw new Error(`no extension host log in ${dir}: ${fs.readdirSync(dir).join(', ')}`);
  return files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
}

/**
 * VS Code's warnings about resource-scoped settings read without a scope, made by this extension (VS
 * Code names the extension that read). Code run beside an installed extension, like this suite in the
 * .vsix run, is named `nullExtensionDescription` and is not the extension's; under the development
 * extension the suite's own files count as the extension's, so they read with a scope too.
 */
export function resourceScopeWarnings(log: string): string[] {
  return log
    .split('\n')
    .filter(
      (l) => l.includes('Accessing a resource scoped configuration') && l.includes(`[${EXTENSION_ID}]`),
    );
}
