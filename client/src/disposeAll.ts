// Disposing a list of disposables in order. VS Code's Disposable.dispose() is typed `any`: this takes
// the results nowhere, and `disposeAll(list.splice(0))` also empties the list for a second dispose.
export function disposeAll(disposables: Iterable<{ dispose(): unknown }>): void {
  for (const d of disposables) d.dispose();
}
