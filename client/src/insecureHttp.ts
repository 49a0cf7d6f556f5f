// Plain http:// to a host other than this machine would carry the API key in clear text. The language
// server sends nothing to such a URL unless `lineageLens.allowInsecureHttp` is on; this tells the user
// why (once per URL and window) and offers to allow it or to pick another URL.
import { Commands } from '../../common/src/commands.generated';
import * as vscode from 'vscode';
import { insecureHttpHost } from '../../common/src/api/loopback';
import type { Credentials } from '../../common/src/protocol';
import { setAllowInsecureHttp } from './config';
import type { SafeLog } from './logging';

const warned = new Set<string>();

export function warnInsecureHttp(ctx: { log: SafeLog }, creds: Credentials): void {
  const url = creds.serviceUrl;
  const host = insecureHttpHost(URL.canParse(url) ? new URL(url) : undefined);
  if (!host || creds.allowInsecureHttp || warned.has(creds.serviceUrl)) return;
  warned.add(creds.serviceUrl);
  ctx.log.warn(
    `Not connecting to ${creds.serviceUrl}: plain http:// to another host would send the API key unencrypted (setting lineageLens.allowInsecureHttp).`,
  );
  const allow = vscode.l10n.t('Allow Unencrypted HTTP');
  const change = vscode.l10n.t('Use Another URL…');
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t(
        'Lineage Lens did not connect to {0}: over plain http:// your API key would cross the network unencrypted. Use https://, or allow unencrypted HTTP for this machine.',
        host,
      ),
      allow,
      change,
    )
    .then(async (choice) => {
      if (choice === allow) await setAllowInsecureHttp(true);
      else if (choice === change) await vscode.commands.executeCommand(Commands.connect);
    });
}
