// Reading and writing the `lineageLens.*` settings in VS Code. The section's name, defaults, cleaning
// and which changes need a server restart are common/src/settings.ts's, shared with the server.
import * as vscode from 'vscode';
import type { LineageSettings } from '../../common/src/protocol';
import type { Projection } from '../../common/src/api';
import { namesComponents, normalizeSettings, SECTION, stringList } from '../../common/src/settings';
import { parseServiceUrl } from '../../common/src/serviceUrl';

export { RESTART_NEEDED, SECTION } from '../../common/src/settings';

/**
 * The settings for the workspace as a whole. `null` says so explicitly: reading a resource-scoped
 * setting (components, namespace, contracts, …) without a scope makes VS Code log a warning.
 */
function cfg(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION, null);
}

/** Every `lineageLens.*` setting of the workspace as a whole, as plain JSON (what the server pulls). */
export function workspaceSettings(): Record<string, unknown> {
  return plain(cfg());
}

function plain(c: vscode.WorkspaceConfiguration): Record<string, unknown> {
  return JSON.parse(JSON.stringify(c)) as Record<string, unknown>;
}

/** Whether the settings, of the workspace or of any of its folders, name components or a namespace. */
export function settingsNameComponents(): boolean {
  const scopes = [null, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)];
  return scopes.some((scope) =>
    namesComponents(normalizeSettings(plain(vscode.workspace.getConfiguration(SECTION, scope)))),
  );
}

/**
 * The service URL. The setting is machine-scoped, so only user (global) values exist: a workspace
 * can never point the key at another host. We still read the global value explicitly.
 */
export function serviceUrl(): string {
  const v = cfg().inspect<string>('serviceUrl');
  return (v?.globalValue ?? v?.defaultValue ?? '').trim();
}

export async function setServiceUrl(url: string): Promise<void> {
  await cfg().update('serviceUrl', url, vscode.ConfigurationTarget.Global);
}

/** Whether a URL is acceptable as a service URL; returns an error message or undefined. */
export function validateServiceUrl(value: string): string | undefined {
  const target = parseServiceUrl(value);
  if (!('problem' in target)) return undefined;
  switch (target.problem) {
    case 'scheme':
      return vscode.l10n.t('Use an http:// or https:// URL.');
    case 'credentials':
      return vscode.l10n.t('Do not put credentials in the URL; the API key is asked for separately.');
    case 'queryOrFragment':
      return vscode.l10n.t('The service URL takes no query or fragment.');
    case 'missing':
    case 'invalid':
      return vscode.l10n.t('Not a valid URL, e.g. http://127.0.0.1:7878');
  }
}

/** The workspace's settings, cleaned as the server cleans them. */
export function lineageSettings(): LineageSettings {
  return normalizeSettings(workspaceSettings());
}

/** Whether the user allowed plain http:// to a host other than this machine (a machine setting too). */
export function allowInsecureHttp(): boolean {
  return cfg().inspect<boolean>('allowInsecureHttp')?.globalValue === true;
}

export async function setAllowInsecureHttp(allow: boolean): Promise<void> {
  await cfg().update('allowInsecureHttp', allow, vscode.ConfigurationTarget.Global);
}

export function contractIds(): string[] {
  return stringList(cfg().get<unknown>('contracts'));
}

export function webhookIds(): string[] {
  return stringList(cfg().get<unknown>('webhooks'));
}

export function promptForSaveReason(): boolean {
  return cfg().get<boolean>('promptForSaveReason', true);
}

/** Where a setting is defined (user by default), so a write there is the value that takes effect. */
function targetOf(c: vscode.WorkspaceConfiguration, key: string): vscode.ConfigurationTarget {
  const info = c.inspect(key);
  return info?.workspaceFolderValue !== undefined
    ? vscode.ConfigurationTarget.WorkspaceFolder
    : info?.workspaceValue !== undefined
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
}

/** Adds or removes one id of a list setting, at the level where the list is defined (user by default). */
export async function updateIdList(key: 'contracts' | 'webhooks', id: string, add: boolean): Promise<void> {
  const c = cfg();
  const current = stringList(c.get<unknown>(key));
  const next = add ? stringList([...current, id]) : current.filter((x) => x !== id);
  await c.update(key, next, targetOf(c, key));
}

/** The Components view's toggle: the projection setting, at the level where it is defined. */
export async function setProjection(p: Projection): Promise<void> {
  const c = cfg();
  await c.update('projection', p, targetOf(c, 'projection'));
}
