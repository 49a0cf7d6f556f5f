// The status bar item mirrors the server's StatusNotification; its click offers the actions that fit
// the state (QuickPick).
import { Commands } from '../../common/src/commands.generated';
import * as vscode from 'vscode';
import { RefreshRequest, type ConnectionState, type ServiceStatus } from '../../common/src/protocol';
import { serviceUrl } from './config';
import type { LineageContext } from './lineageContext';
import { safeText, showRequestError } from './serviceErrors';
import { count } from './counts';
import { formatMoment } from '../../common/src/moments';

const ICONS: Record<ConnectionState, string> = {
  signedOut: '$(account)',
  connecting: '$(sync~spin)',
  connected: '$(database)',
  keyRejected: '$(error)',
  unreachable: '$(debug-disconnect)',
  stale: '$(warning)',
};

function stateLabel(state: ConnectionState): string {
  switch (state) {
    case 'signedOut':
      return vscode.l10n.t('signed out');
    case 'connecting':
      return vscode.l10n.t('connecting');
    case 'connected':
      return vscode.l10n.t('connected');
    case 'keyRejected':
      return vscode.l10n.t('key rejected');
    case 'unreachable':
      return vscode.l10n.t('unreachable');
    case 'stale':
      return vscode.l10n.t('stale data');
  }
}

/**
 * `localDatabase`: the database file of the local service at the configured URL, when it is one this
 * extension runs or `npm start` runs. Returns the item's current text and tooltip (for the extension's API).
 */
export function registerStatusBar(
  ctx: LineageContext,
  localDatabase: () => string | undefined,
): { text(): string; tooltip(): string } {
  const item = vscode.window.createStatusBarItem('lineageLens.status', vscode.StatusBarAlignment.Left, 50);
  item.name = vscode.l10n.t('Lineage Lens Connection');
  item.command = Commands.statusActions;
  const render = (s: ServiceStatus): void => {
    // Connected with incomplete data (discovery failed, capped, failed components): a warning, not a tick.
    const incomplete = s.state === 'connected' && !!s.warning;
    item.text = incomplete
      ? `$(warning) ${vscode.l10n.t('Lineage: {0}', vscode.l10n.t('incomplete'))}`
      : `${ICONS[s.state]} ${vscode.l10n.t('Lineage: {0}', stateLabel(s.state))}`;
    const lines = [safeText(s.message)];
    if (s.state === 'connected' || s.state === 'stale') {
      lines.push(`${count(s.componentCount, 'component')}, ${count(s.anchorCount, 'anchor')}`);
    }
    // Which service, so two local services are never mistaken for one.
    const url = serviceUrl();
    if (url) lines.push(vscode.l10n.t('Service: {0}', url));
    const db = localDatabase();
    if (db) lines.push(vscode.l10n.t('Local demo service, database: {0}', db));
    // Connected and stale messages say when the data was loaded already; one time, said once.
    if (s.lastLoadedAt && s.state !== 'connected' && s.state !== 'stale')
      lines.push(vscode.l10n.t('Last loaded: {0}', formatMoment(s.lastLoadedAt)));
    item.tooltip = lines.filter(Boolean).join('\n');
    item.backgroundColor =
      s.state === 'keyRejected' || s.state === 'unreachable'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : s.state === 'stale' || incomplete
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
  };
  render(ctx.status);
  item.show();
  ctx.push(
    item,
    ctx.onDidChangeStatus(render),
    // The tooltip names the configured service (and its database): current even before a new status.
    vscode.workspace.onDidChangeConfiguration(
      (e) => e.affectsConfiguration('lineageLens.serviceUrl') && render(ctx.status),
    ),
  );
  ctx.push(vscode.commands.registerCommand(Commands.statusActions, () => showActions(ctx)));
  ctx.push(vscode.commands.registerCommand(Commands.refresh, () => refresh(ctx)));
  return {
    text: () => item.text,
    tooltip: () => (typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '')),
  };
}

interface Action extends vscode.QuickPickItem {
  command: string;
}

function actionsFor(state: ConnectionState): Action[] {
  const a = (label: string, command: string, detail?: string): Action => ({ label, command, detail });
  const signIn = a(`$(sign-in) ${vscode.l10n.t('Sign In')}`, Commands.signIn);
  const connect = a(`$(plug) ${vscode.l10n.t('Connect to a Service…')}`, Commands.connect);
  const demo = a(`$(play) ${vscode.l10n.t('Start the Local Demo Service')}`, Commands.startDemoService);
  const refresh = a(`$(refresh) ${vscode.l10n.t('Refresh')}`, Commands.refresh);
  const signOut = a(`$(sign-out) ${vscode.l10n.t('Sign Out')}`, Commands.signOut);
  const output = a(`$(output) ${vscode.l10n.t('Show Output')}`, Commands.showOutput);
  switch (state) {
    case 'signedOut':
      return [signIn, connect, demo, output];
    case 'keyRejected':
      return [
        { ...signIn, detail: vscode.l10n.t('The service rejected the stored key: enter another one.') },
        signOut,
        output,
      ];
    case 'unreachable':
      return [{ ...refresh, label: `$(refresh) ${vscode.l10n.t('Retry')}` }, connect, demo, output];
    case 'stale':
      return [refresh, output, signOut];
    case 'connecting':
      return [output, connect];
    case 'connected':
      return [refresh, output, signOut];
  }
}

async function showActions(ctx: LineageContext): Promise<void> {
  const pick = await vscode.window.showQuickPick(actionsFor(ctx.status.state), {
    title: vscode.l10n.t('Lineage Lens: {0}', stateLabel(ctx.status.state)),
    placeHolder: safeText(ctx.status.message),
  });
  if (pick) await vscode.commands.executeCommand(pick.command);
}

async function refresh(ctx: LineageContext): Promise<void> {
  await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Window,
      title: vscode.l10n.t('Lineage Lens: refreshing'),
      cancellable: false,
    },
    async () => {
      try {
        await ctx.request(RefreshRequest);
        ctx.fireDataChanged();
      } catch (err) {
        await showRequestError(vscode.l10n.t('Refresh failed'), err);
      }
    },
  );
}
