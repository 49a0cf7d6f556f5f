// Contract files in the workspace: `*.contract.{yaml,yml,json}` anywhere and data files under a
// `contracts/` folder (the matcher is common/src/contractFileNames.ts).
import * as vscode from 'vscode';
import { CONTRACT_FILE_GLOB } from '../../common/src/contractFileNames';

export { CONTRACT_FILE_GLOB };
const EXCLUDE = '{**/node_modules/**,**/.git/**,**/dist/**}';
const MAX_FILES = 500;

export async function findContractFiles(token?: vscode.CancellationToken): Promise<vscode.Uri[]> {
  const files = await vscode.workspace.findFiles(CONTRACT_FILE_GLOB, EXCLUDE, MAX_FILES, token);
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export function watchContractFiles(onChange: () => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(CONTRACT_FILE_GLOB, false, true, false);
  return vscode.Disposable.from(watcher, watcher.onDidCreate(onChange), watcher.onDidDelete(onChange));
}
