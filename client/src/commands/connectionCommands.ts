// Sign In, Sign Out, Connect to a Service and Show Output.
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import { apiKeyProblem } from '../../../common/src/untrustedText';
import { serviceUrl, setServiceUrl, validateServiceUrl } from '../config';
import type { LineageContext } from '../lineageContext';

/** Argument accepted by `lineageLens.signIn` when called from code (tests, other extensions). */
export interface SignInArgs {
  apiKey: string;
  serviceUrl?: string;
}

function isSignInArgs(arg: unknown): arg is SignInArgs {
  return !!arg && typeof arg === 'object' && typeof (arg as SignInArgs).apiKey === 'string';
}

export function registerConnectionCommands(ctx: LineageContext): void {
  ctx.push(
    vscode.commands.registerCommand(Commands.signIn, (arg?: unknown) =>
      signIn(ctx, isSignInArgs(arg) ? arg : undefined),
    ),
    vscode.commands.registerCommand(Commands.signOut, () => signOut(ctx)),
    vscode.commands.registerCommand(Commands.connect, () => connect(ctx)),
    vscode.commands.registerCommand(Commands.showOutput, () => ctx.log.channel.show(true)),
  );
}

async function askServiceUrl(current: string): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: vscode.l10n.t('Lineage Lens: Service URL'),
    prompt: vscode.l10n.t('Base URL of the Data Lineage and Contract Service'),
    value: current || 'http://127.0.0.1:7878',
    ignoreFocusOut: true,
    validateInput: (v) => validateServiceUrl(v),
  });
  return url?.trim().replace(/\/+$/, '');
}

/** Why the key cannot be used, for the input box: only characters an HTTP header can carry. */
function keyMessage(key: string): string | undefined {
  switch (apiKeyProblem(key)) {
    case 'empty':
      return vscode.l10n.t('Enter the API key.');
    case 'notHeaderSafe':
      return /\s/.test(key)
        ? vscode.l10n.t('An API key has no spaces.')
        : vscode.l10n.t('An API key holds only printable ASCII characters (it travels in an HTTP header).');
    case 'tooShort':
      return vscode.l10n.t('This API key is too short.');
    default:
      return undefined;
  }
}

async function askApiKey(url: string, why?: string): Promise<string | undefined> {
  const forUrl = vscode.l10n.t('API key for {0}. It is kept in the secret storage of VS Code only.', url);
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('Lineage Lens: API Key'),
    prompt: why ? `${why} ${forUrl}` : forUrl,
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => keyMessage(v.trim()),
  });
  return key?.trim();
}

/** Asks for the key once (or takes it from a programmatic call) and keeps it in SecretStorage. */
export async function signIn(ctx: LineageContext, args?: SignInArgs): Promise<boolean> {
  let url = args?.serviceUrl?.trim().replace(/\/+$/, '') || serviceUrl();
  if (!url || validateServiceUrl(url)) {
    if (args) throw new Error(vscode.l10n.t('A valid service URL is needed to sign in.'));
    const asked = await askServiceUrl(url);
    if (!asked) return false;
    url = asked;
  }
  const key = args ? args.apiKey.trim() : await askApiKey(url);
  if (!key) return false;
  const problem = keyMessage(key);
  if (problem) throw new Error(problem);
  if (url !== serviceUrl()) await setServiceUrl(url);
  await ctx.keys.store(url, key);
  await ctx.pushCredentials();
  ctx.log.info(`Signed in to ${url}`);
  if (!args) void vscode.window.showInformationMessage(vscode.l10n.t('Lineage Lens: signed in to {0}.', url));
  return true;
}

/**
 * Signs in to the service already answering at `url` (Start the Local Demo Service found one, e.g. the
 * one npm start runs): the prompt says why a key is asked for instead of a service being started.
 */
export async function signInToRunningService(ctx: LineageContext, url: string): Promise<boolean> {
  const key = await askApiKey(
    url,
    vscode.l10n.t(
      'A service already runs at this URL (npm start prints its key in its terminal): Lineage Lens uses it instead of starting another.',
    ),
  );
  if (!key) return false;
  await ctx.keys.store(url, key);
  await ctx.pushCredentials();
  ctx.log.info(`Signed in to ${url}`);
  return true;
}

export async function signOut(ctx: LineageContext): Promise<void> {
  await ctx.keys.clear();
  await ctx.pushCredentials();
  ctx.log.info('Signed out; the API key was removed from the secret storage');
  void vscode.window.showInformationMessage(vscode.l10n.t('Lineage Lens: signed out.'));
}

/** "Connect to a service": asks for the URL, then the key. */
async function connect(ctx: LineageContext): Promise<boolean> {
  const url = await askServiceUrl(serviceUrl());
  if (!url) return false;
  if (url !== serviceUrl()) await setServiceUrl(url);
  const key = await askApiKey(url);
  if (!key) {
    await ctx.pushCredentials();
    return false;
  }
  await ctx.keys.store(url, key);
  await ctx.pushCredentials();
  ctx.log.info(`Signed in to ${url}`);
  return true;
}
