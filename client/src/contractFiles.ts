// Contract files in the workspace: `*.contract.{yaml,yml,json}` anywhere and data files under a
// `contracts/` folder (the matcher is common/src/contractFileNames.ts), plus any other YAML or JSON
// file, which the language server recognises by content (`spec-version`, `dataAssetResourceName`).
import * as vscode from 'vscode';
import { CONTRACT_FILE_GLOB } from '../../common/src/contractFileNames';

export { CONTRACT_FILE_GLOB };
const EXCLUDE = '{**/node_modules/**,**/.git/**,**/dist/**}';
const MAX_FILES = 500;
/** Files that may hold a contract by content; the server reads them (a cheap text hint first). */
const CANDIDATE_GLOB = '**/*.{yaml,yml,json}';
/** YAML/JSON files that never hold a contract, left out of the content search. */
const CANDIDATE_EXCLUDE =
  '{**/node_modules/**,**/.git/**,**/dist/**,**/out/**,**/.vscode/**,**/package.json,**/package-lock.json,**/tsconfig*.json,**/.*}';
const MAX_CANDIDATES = 1500;

export interface ContractFileSearch {
  /** Contract files by name. */
  named: vscode.Uri[];
  /** Other YAML and JSON files, contracts only if their content says so. */
  candidates: vscode.Uri[];
}

/** Unordered: the caller orders what it lists. */
export async function findContractFiles(token?: vscode.CancellationToken): Promise<ContractFileSearch> {
  const [named, others] = await Promise.all([
    vscode.workspace.findFiles(CONTRACT_FILE_GLOB, EXCLUDE, MAX_FILES, token),
    vscode.workspace.findFiles(CANDIDATE_GLOB, CANDIDATE_EXCLUDE, MAX_CANDIDATES, token),
  ]);
  const byName = new Set(named.map((u) => u.toString()));
  return { named, candidates: others.filter((u) => !byName.has(u.toString())) };
}

/**
 * Fires when a contract file may have appeared, gone or changed what it holds: any YAML or JSON
 * file created, deleted or changed on disk (a file becomes a contract by its content). Bursts (a
 * checkout, a branch switch) come as one call.
 */
export function watchContractFiles(onChange: () => void): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(CANDIDATE_GLOB);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, 250);
  };
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate(changed),
    watcher.onDidDelete(changed),
    watcher.onDidChange(changed),
    { dispose: () => timer && clearTimeout(timer) },
  );
}
