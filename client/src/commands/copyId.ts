// Copy ID on any tree node that names something on the service.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import type { LineageContext } from '../lineageContext';
import { AssetNode } from '../views/assetsView';
import { ComponentNode, PathNode } from '../views/componentNodes';
import { ContractNode } from '../views/contractNodes';
import { HistoryComponentNode } from '../views/historyFilterNodes';
import { EdgeNode, ApiKeyNode, WebhookNode } from '../views/serviceView';

export function idOf(node: unknown): string | undefined {
  if (node instanceof ComponentNode) return node.id;
  if (node instanceof HistoryComponentNode) return node.componentId;
  if (node instanceof PathNode) return node.pathId;
  if (node instanceof ContractNode) return node.contractId;
  if (node instanceof WebhookNode) return node.webhookId;
  if (node instanceof ApiKeyNode) return node.record.id;
  if (node instanceof EdgeNode) return node.edge.id;
  if (node instanceof AssetNode) return node.item.data?.id ?? node.item.darn;
  return undefined;
}

export function registerCopyIdCommand(ctx: LineageContext): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.copyId, async (node?: unknown) => {
      const id = idOf(node);
      if (!id) return;
      await vscode.env.clipboard.writeText(id);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0}', id), 3000);
    }),
  );
}
