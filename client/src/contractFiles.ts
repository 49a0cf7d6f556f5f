// Contract files in the workspace: `*.contract.{yaml,yml,json}` anywhere and data files under a
// `contracts/` folder.
import * as vscode from 'vscode';

export const CONTRACT_FILE_GLOB =
  '{**/*.contract.yaml,**/*.contract.yml,**/*.contract.json,**/contracts/**/*.yaml,**/contracts/**/*.yml,**/contracts/**/*.json}';
const EXCLUDE = '{**/node_modules/**,**/.git/**,**/dist/**}';
const MAX_FILES = 500;

export async function findContractFiles(token?: vscode.CancellationToken): Promise<vscode.Uri[]> {
  const files = await vscode.workspace.findFiles(CONTRACT_FILE_GLOB, EXCLUDE, MAX_FILES, token);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** Whether a file looks like a contract file by its name or folder. */
export function isContractFile(uri: vscode.Uri): boolean {
  return /\.contract\.(ya?ml|json)$/i.test(uri.path) || /\/contracts\/.*\.(ya?ml|json)$/i.test(uri.path);
}

export function watchContractFiles(onChange: () => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(CONTRACT_FILE_GLOB, false, true, false);
  return vscode.Disposable.from(watcher, watcher.onDidCreate(onChange), watcher.onDidDelete(onChange));
}
