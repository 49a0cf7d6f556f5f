// A Change Impact row's diff: the changed file as it was at the analysis's base (HEAD, or the branch's
// merge-base) beside the working file, as a git client opens "changes". The base side is read by the
// server (which ran the analysis and knows its base commit) through a read-only document scheme, so it
// works where VS Code's git extension is off or absent.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../../../common/src/commands.generated';
import { ChangeImpactBaseTextRequest } from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, safeText, showRequestError } from '../serviceErrors';

export const BASE_SCHEME = 'lineage-impact-base';

/** What a row passes to the command. */
export interface BaseDiffTarget {
  /** The analysed workspace folder. */
  folderUri: string;
  /** Posix path relative to it, as the report names it. */
  file: string;
  /** 1-based line to show. */
  line: number;
}

function asTarget(arg: unknown): BaseDiffTarget | undefined {
  const a = arg as Partial<BaseDiffTarget> | undefined;
  if (typeof a?.folderUri !== 'string' || typeof a.file !== 'string') return undefined;
  return { folderUri: a.folderUri, file: a.file, line: Number.isInteger(a.line) ? a.line! : 1 };
}

/** The base side's URI: the file's path (for the tab's name), the folder in the query. */
function baseUri(t: BaseDiffTarget): vscode.Uri {
  return vscode.Uri.from({ scheme: BASE_SCHEME, path: `/${t.file}`, query: t.folderUri });
}

export function registerBaseDiff(ctx: LineageContext): void {
  const request = (folderUri: string, file: string) =>
    ctx.request(ChangeImpactBaseTextRequest, { folderUri, file });
  /** The base text the command has just read, for the document it opens (read once, not asked again). */
  let justRead: { uri: string; text: string } | undefined;
  ctx.push(
    vscode.workspace.registerTextDocumentContentProvider(BASE_SCHEME, {
      async provideTextDocumentContent(uri) {
        const read = justRead?.uri === uri.toString() ? justRead : undefined;
        justRead = undefined;
        if (read) return read.text;
        try {
          return (await request(uri.query, uri.path.replace(/^\//, ''))).text ?? '';
        } catch (err) {
          ctx.log.warn(`Base version of ${uri.path}: ${describeError(err)}`);
          return '';
        }
      },
    }),
    vscode.commands.registerCommand(Commands.openChangeImpactDiff, async (arg?: unknown) => {
      const t = asTarget(arg);
      if (!t) return;
      const file = vscode.Uri.joinPath(vscode.Uri.parse(t.folderUri), ...t.file.split('/'));
      const line = Math.max(0, t.line - 1);
      const selection = new vscode.Range(line, 0, line, 0);
      let base: { text: string | null; ref: string };
      try {
        base = await request(t.folderUri, t.file);
      } catch (err) {
        return showRequestError(vscode.l10n.t('Could not read the file at the base'), err);
      }
      const exists = await vscode.workspace.fs.stat(file).then(
        () => true,
        () => false,
      );
      // Added since the base: only the file; gone from the working tree: only the base.
      if (base.text === null) return void vscode.window.showTextDocument(file, { selection });
      justRead = { uri: baseUri(t).toString(), text: base.text };
      if (!exists) return void vscode.window.showTextDocument(baseUri(t), { selection });
      const name = path.posix.basename(t.file);
      await vscode.commands.executeCommand(
        'vscode.diff',
        baseUri(t),
        file,
        `${name} (${safeText(base.ref, 40)}) ↔ ${name}`,
        { selection, preview: true },
      );
    }),
  );
}
