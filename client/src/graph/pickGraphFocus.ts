// Show Lineage Graph from the command palette (or a walkthrough link) with no editor to take the field
// or path under the cursor from: the user picks a component, or a whole namespace, to centre it on.
import * as vscode from 'vscode';
import { summaryLabel } from '../../../common/src/componentLabel';
import { ComponentTreeRequest, type GraphFocus, type GraphParams } from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { safePickText } from '../serviceErrors';

interface FocusItem extends vscode.QuickPickItem {
  focus?: GraphFocus;
}

/** The graph to open, or undefined when the user cancels or nothing is loaded (then it says so). */
export async function pickGraphFocus(ctx: LineageContext): Promise<GraphParams | undefined> {
  const { namespaces } = await ctx.request(ComponentTreeRequest);
  const items: FocusItem[] = [];
  for (const ns of namespaces) {
    const loaded = ns.components.filter((c) => !c.error);
    if (loaded.length === 0) continue;
    items.push({ label: safePickText(ns.name), kind: vscode.QuickPickItemKind.Separator });
    items.push({
      label: `$(symbol-namespace) ${safePickText(ns.name)}`,
      description: vscode.l10n.t('the whole namespace, its components collapsed'),
      focus: { kind: 'namespace', namespace: ns.name },
    });
    for (const c of loaded)
      items.push({
        label: `$(${c.type === 'DATA_STORE' ? 'database' : 'symbol-class'}) ${safePickText(summaryLabel(c))}`,
        description: safePickText(
          c.type === 'DATA_STORE' ? vscode.l10n.t('data store') : vscode.l10n.t('code'),
        ),
        focus: { kind: 'component', componentId: c.id },
      });
  }
  if (items.length === 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('No components are loaded yet: sign in, or add component ids in the settings.'),
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Show Lineage Graph'),
    placeHolder: vscode.l10n.t('A component or namespace to centre the graph on'),
    matchOnDescription: true,
  });
  return picked?.focus && { focus: picked.focus };
}
