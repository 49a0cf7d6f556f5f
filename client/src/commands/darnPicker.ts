// The Look Up Data Assets prompt: the DARNs the workspace already knows (its contract files, the data
// stores of the lineage; the server lists them) to tick, and a box to type others, separated by commas
// or spaces. Resolves with the DARNs chosen, or undefined when the user cancels.
import * as vscode from 'vscode';
import { KnownDarnsRequest, type KnownDarn } from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { describeError, safePickText } from '../serviceErrors';

interface DarnItem extends vscode.QuickPickItem {
  darn: string;
}

function sourceWords(k: KnownDarn): string {
  return k.sources
    .map((s) =>
      s.kind === 'contract'
        ? vscode.l10n.t('contract {0}', safePickText(s.name, 60))
        : vscode.l10n.t('data store {0}', safePickText(s.name, 60)),
    )
    .join(' · ');
}

export async function pickDarns(
  ctx: LineageContext,
  previous: readonly string[],
  parse: (input: string) => { darns: string[]; invalid: string[] },
): Promise<string[] | undefined> {
  let known: KnownDarn[] = [];
  try {
    known = await ctx.request(KnownDarnsRequest);
  } catch (err) {
    ctx.log.warn(`Known DARNs: ${describeError(err)}`); // the prompt still takes typed DARNs
  }
  const box = vscode.window.createQuickPick<DarnItem>();
  box.title = vscode.l10n.t('Look Up Data Assets');
  box.placeholder = vscode.l10n.t(
    'Tick DARNs the workspace knows, or type DARNs (type://source:path), separated by commas or spaces',
  );
  box.canSelectMany = true;
  box.matchOnDescription = true;
  box.ignoreFocusOut = true;
  box.items = known.map((k) => ({
    label: safePickText(k.darn, 200),
    description: sourceWords(k),
    darn: k.darn,
  }));
  box.selectedItems = box.items.filter((i) => previous.includes(i.darn));
  const title = box.title;
  try {
    return await new Promise<string[] | undefined>((resolve) => {
      box.onDidAccept(() => {
        const ticked = box.selectedItems.map((i) => i.darn);
        // Typed text is DARNs to look up, unless it only filtered the list to what was ticked.
        const { darns, invalid } =
          ticked.length && !parse(box.value).darns.length ? { darns: [], invalid: [] } : parse(box.value);
        const all = [...new Set([...ticked, ...darns])];
        if (invalid.length || !all.length) {
          box.title = `${title} — ${
            invalid.length
              ? vscode.l10n.t('Not a DARN: {0}', safePickText(invalid[0]!, 80))
              : vscode.l10n.t('Tick or type at least one DARN, e.g. s3://bucket:events/*.parquet')
          }`;
          return;
        }
        resolve(all);
        box.hide();
      });
      box.onDidHide(() => resolve(undefined));
      box.show();
    });
  } finally {
    box.dispose();
  }
}
