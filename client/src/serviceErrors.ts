// Turning errors from the language server (ResponseError with ServiceErrorData) into short, safe text
// for the user. Text that came from the service is untrusted: it is trimmed, stripped of control
// characters and of markdown link syntax (notifications render links) before it is shown.
import { Commands } from '../../common/src/commands.generated';
import * as vscode from 'vscode';
import { ResponseError } from 'vscode-languageclient/node';
import { SERVICE_ERROR_CODE, type ServiceErrorData } from '../../common/src/protocol';
import { iconLabelText, labelText, messageText } from '../../common/src/untrustedText';
import { describeFailure, needsSignIn } from '../../common/src/serviceErrors';
import { redact } from './logging';

const MAX_SHOWN = 400;

/** Untrusted text as a plain label (tree items, tooltips), secrets redacted. */
export function safeText(text: unknown, max = MAX_SHOWN): string {
  return labelText(redact(String(text ?? '')), max);
}

/** Untrusted text where VS Code draws `$(icon)` (quick-pick items), secrets redacted. */
export function safePickText(text: unknown, max = MAX_SHOWN): string {
  return iconLabelText(redact(String(text ?? '')), max);
}

/** Untrusted text for a notification, which renders `[label](link)` as a link; secrets redacted. */
export function safeMessage(text: unknown, max = MAX_SHOWN): string {
  return messageText(redact(String(text ?? '')), max);
}

export function serviceErrorData(err: unknown): ServiceErrorData | undefined {
  if (
    err instanceof ResponseError &&
    err.code === SERVICE_ERROR_CODE &&
    err.data &&
    typeof err.data === 'object'
  ) {
    return err.data as ServiceErrorData;
  }
  return undefined;
}

/** One line describing a failed request, worded as the server words it (common/src/serviceErrors.ts). */
export function describeError(err: unknown): string {
  const data = serviceErrorData(err);
  const message = err instanceof Error ? err.message : String(err ?? '');
  if (!data) return safeMessage(message) || vscode.l10n.t('Unknown error');
  return safeMessage(describeFailure(data, message));
}

export function isCancelled(err: unknown): boolean {
  return serviceErrorData(err)?.kind === 'cancelled' || (err instanceof ResponseError && err.code === -32800);
}

/**
 * Shows a failed request with the actions that help (sign in, output). It does not wait for the
 * user's choice, so the command that failed settles at once.
 */
export async function showRequestError(what: string, err: unknown): Promise<void> {
  if (isCancelled(err)) return;
  const data = serviceErrorData(err);
  const signIn = vscode.l10n.t('Sign In');
  const output = vscode.l10n.t('Show Output');
  const actions = needsSignIn(data) ? [signIn, output] : [output];
  void vscode.window.showErrorMessage(`${what}: ${describeError(err)}`, ...actions).then((choice) => {
    if (choice === signIn) void vscode.commands.executeCommand(Commands.signIn);
    if (choice === output) void vscode.commands.executeCommand(Commands.showOutput);
  });
}
