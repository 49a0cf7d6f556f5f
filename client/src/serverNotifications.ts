// The server's notifications, checked on receipt against their schemas (common/src/protocolSchemas.ts)
// like everything else that crosses a process: one that does not match is logged and dropped, so a
// view never acts on a malformed status or list.
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { NotificationType } from 'vscode-languageserver-protocol';
import { paramsProblem, paramsSchemaOf } from '../../common/src/protocolSchemas';
import type { SafeLog } from './logging';

export function onServerNotification<P>(
  client: LanguageClient,
  log: SafeLog,
  type: NotificationType<P>,
  handler: (params: P) => void,
): vscode.Disposable {
  const schema = paramsSchemaOf(type.method);
  return client.onNotification(type.method, (params: unknown) => {
    const problem = paramsProblem(schema, params);
    if (problem) {
      log.warn(`Ignored ${type.method} from the language server: ${problem}`);
      return;
    }
    handler(params as P);
  });
}
