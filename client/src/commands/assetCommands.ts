// Data asset commands: look up DARNs (5), load the next page, and register object-store assets from a
// file (11): a dry run first, the real run only after a modal confirmation.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { RegisterObjectStoreRequest } from '../../../common/src/protocol';
import { DARN_PATTERN } from '../../../common/src/api';
import { COMMANDS } from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { safeMessage, safeText, showRequestError } from '../serviceErrors';
import type { AssetsView } from '../views/assetsView';
import { withNotificationProgress } from '../notificationProgress';
import { pickDarns } from './darnPicker';

const darnRe = new RegExp(DARN_PATTERN);

/** Splits an input of DARNs separated by commas, spaces or new lines. */
export function parseDarnList(input: string): { darns: string[]; invalid: string[] } {
  const parts = [
    ...new Set(
      input
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  return { darns: parts.filter((p) => darnRe.test(p)), invalid: parts.filter((p) => !darnRe.test(p)) };
}

export function registerAssetCommands(ctx: LineageContext, assets: AssetsView): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.lookUpDataAssets, async (arg?: unknown) => {
      let darns: string[] | undefined = Array.isArray(arg)
        ? arg.filter((d): d is string => typeof d === 'string')
        : undefined;
      if (!darns?.length) {
        darns = await pickDarns(ctx, assets.query, parseDarnList);
        if (!darns) return;
      }
      await vscode.window.withProgress(
        {
          location: { viewId: 'lineageLens.assets' },
          title: vscode.l10n.t('Looking up data assets…'),
          cancellable: true,
        },
        (_p, token) => assets.lookUp(darns, token),
      );
    }),
    vscode.commands.registerCommand(Commands.loadMoreDataAssets, () =>
      vscode.window.withProgress(
        {
          location: { viewId: 'lineageLens.assets' },
          title: vscode.l10n.t('Loading more data assets…'),
          cancellable: true,
        },
        (_p, token) => assets.loadMore(token),
      ),
    ),
    vscode.commands.registerCommand(COMMANDS.revealDataAsset, async (arg?: unknown) => {
      // From a DARN's hover or document link: look it up and show it in the Data assets view.
      const darn = typeof arg === 'string' ? arg.trim() : '';
      if (!darnRe.test(darn)) return;
      await vscode.commands.executeCommand('lineageLens.assets.focus');
      await vscode.window.withProgress(
        { location: { viewId: 'lineageLens.assets' }, title: vscode.l10n.t('Looking up data assets…') },
        () => assets.lookUp([darn]),
      );
      await assets.revealFirst();
    }),
    vscode.commands.registerCommand(Commands.registerAssets, (arg?: unknown) => registerAssets(ctx, arg)),
  );
}

/** What a registration file can be: the request body, as YAML or JSON. */
const ASSET_FILE = /\.(ya?ml|json)$/i;

async function registerAssets(ctx: LineageContext, arg: unknown): Promise<void> {
  // The file given, else the active editor's when it can be one (YAML or JSON); else the user picks.
  const active = vscode.window.activeTextEditor?.document.uri;
  let uri = arg instanceof vscode.Uri ? arg : active && ASSET_FILE.test(active.path) ? active : undefined;
  if (!uri) {
    const picked = await vscode.window.showOpenDialog({
      title: vscode.l10n.t('Register Object-Store Assets from File'),
      canSelectMany: false,
      defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
      filters: { [vscode.l10n.t('Asset files')]: ['yaml', 'yml', 'json'] },
    });
    uri = picked?.[0];
    if (!uri) return;
  }
  const name = vscode.workspace.asRelativePath(uri);
  const run = (dryRun: boolean, prLink?: string) =>
    withNotificationProgress(
      {
        title: dryRun
          ? vscode.l10n.t('Dry run of the registration of {0}…', name)
          : vscode.l10n.t('Registering the assets of {0}…', name),
        cancellable: true,
      },
      (_p, token) => ctx.request(RegisterObjectStoreRequest, { uri: uri.toString(), dryRun, prLink }, token),
    );
  try {
    const preview = await run(true);
    if (!preview.success) {
      return void vscode.window.showErrorMessage(
        vscode.l10n.t('The dry run failed: {0}', safeMessage(preview.message)),
      );
    }
    const list = preview.registered
      .map((d) => `• ${safeText(d, 200)}`)
      .slice(0, 20)
      .join('\n');
    const more =
      preview.registered.length > 20
        ? `\n${vscode.l10n.t('…and {0} more', preview.registered.length - 20)}`
        : '';
    const register = vscode.l10n.t('Register');
    const sure = await vscode.window.showWarningMessage(
      preview.registered.length === 1
        ? vscode.l10n.t('Register 1 object-store asset from {0}?', name)
        : vscode.l10n.t('Register {0} object-store assets from {1}?', preview.registered.length, name),
      { modal: true, detail: `${safeText(preview.message)}\n\n${list}${more}` },
      register,
    );
    if (sure !== register) return;
    const prLink = await vscode.window.showInputBox({
      title: vscode.l10n.t('Pull Request Link (optional)'),
      prompt: vscode.l10n.t('URL of the pull request that adds these assets; leave empty for none'),
      ignoreFocusOut: true,
      validateInput: (v) =>
        v.trim() === '' || /^https?:\/\/\S+$/.test(v.trim())
          ? undefined
          : vscode.l10n.t('Use an http(s) URL.'),
    });
    if (prLink === undefined) return;
    const done = await run(false, prLink.trim() || undefined);
    ctx.log.info(`Registered ${done.registered.length} assets from ${name}: ${done.message}`);
    const show = vscode.l10n.t('Look Up');
    const choice = await (
      done.success ? vscode.window.showInformationMessage : vscode.window.showErrorMessage
    )(
      vscode.l10n.t('{0} ({1} registered)', safeMessage(done.message), done.registered.length),
      ...(done.registered.length ? [show] : []),
    );
    if (choice === show) await vscode.commands.executeCommand(Commands.lookUpDataAssets, done.registered);
  } catch (err) {
    await showRequestError(vscode.l10n.t('Registration from {0} failed', name), err);
  }
}
