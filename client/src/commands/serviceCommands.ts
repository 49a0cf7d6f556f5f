// Service administration commands: copy an API key (after asking), add and delete webhooks (13,
// after confirmation) and the commit-SHA search of the history filters (7).
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { ApiKeyValueRequest, DeleteWebhookRequest } from '../../../common/src/protocol';
import { updateIdList } from '../config';
import { addSecret } from '../logging';
import type { LineageContext } from '../lineageContext';
import { serviceErrorData, showRequestError } from '../serviceErrors';
import { ApiKeyNode, WebhookNode, type ServiceView } from '../views/serviceView';
import { withNotificationProgress } from '../notificationProgress';

export function registerServiceCommands(ctx: LineageContext, service: ServiceView): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.copyApiKey, async (arg?: unknown) => {
      if (!(arg instanceof ApiKeyNode)) return;
      const copy = vscode.l10n.t('Copy Key');
      const sure = await vscode.window.showWarningMessage(
        vscode.l10n.t('Copy the value of API key "{0}" to the clipboard?', arg.record.name || arg.record.id),
        { modal: true, detail: vscode.l10n.t('Anyone who can read your clipboard can then use the key.') },
        copy,
      );
      if (sure !== copy) return;
      // The view holds masked values only; the value is fetched now, for the clipboard alone.
      try {
        const { secretValue } = await ctx.request(ApiKeyValueRequest, { keyId: arg.record.id });
        addSecret(secretValue);
        await vscode.env.clipboard.writeText(secretValue);
        void vscode.window.setStatusBarMessage(vscode.l10n.t('API key copied'), 3000);
      } catch (err) {
        await showRequestError(vscode.l10n.t('Could not copy the API key'), err);
      }
    }),
    vscode.commands.registerCommand(Commands.addWebhook, async () => {
      const id = await vscode.window.showInputBox({
        title: vscode.l10n.t('Add Webhook'),
        prompt: vscode.l10n.t('Id of a webhook to manage in the Service view'),
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Enter a webhook id.')),
      });
      if (id?.trim()) await updateIdList('webhooks', id.trim(), true);
    }),
    vscode.commands.registerCommand(Commands.deleteWebhook, async (arg?: unknown) => {
      const id = arg instanceof WebhookNode ? arg.webhookId : typeof arg === 'string' ? arg : undefined;
      if (!id) return;
      const del = vscode.l10n.t('Delete');
      const sure = await vscode.window.showWarningMessage(
        vscode.l10n.t('Delete webhook {0} on the service?', id),
        { modal: true, detail: vscode.l10n.t('This cannot be undone.') },
        del,
      );
      if (sure !== del) return;
      try {
        await withNotificationProgress(
          { title: vscode.l10n.t('Deleting webhook…'), cancellable: true },
          (_p, token) => ctx.request(DeleteWebhookRequest, { webhookId: id }, token),
        );
        await updateIdList('webhooks', id, false);
        void vscode.window.showInformationMessage(vscode.l10n.t('Webhook {0} deleted.', id));
      } catch (err) {
        // Gone already (deleted elsewhere, or an id mistyped when added): nothing left to delete, so
        // the row goes too rather than staying with an error each time.
        const data = serviceErrorData(err);
        if (data?.kind === 'http' && data.status === 404) {
          await updateIdList('webhooks', id, false);
          void vscode.window.showInformationMessage(
            vscode.l10n.t('The service has no webhook {0}; it is removed from the Service view.', id),
          );
          return;
        }
        await showRequestError(vscode.l10n.t('Could not delete the webhook'), err);
      }
    }),
    vscode.commands.registerCommand(Commands.searchHistory, async () => {
      const sha = await vscode.window.showInputBox({
        title: vscode.l10n.t('Search History Filters by Commit SHA'),
        prompt: vscode.l10n.t('Commit SHA or its beginning; leave empty to show all'),
        value: service.historySearch ?? '',
        validateInput: (v) =>
          v.trim() === '' || /^[0-9a-f]{1,40}$/i.test(v.trim())
            ? undefined
            : vscode.l10n.t('A commit SHA is hexadecimal.'),
      });
      if (sha !== undefined) service.setHistorySearch(sha.trim());
    }),
  );
}
