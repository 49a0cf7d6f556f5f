// "1 field", "3 fields": a count and its noun in English, for the texts that are not translated (the
// server's lenses and diagnostics, the command line, the graph webview). The extension's own views go
// through vscode.l10n (client/src/counts.ts), where each language words both forms.
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
