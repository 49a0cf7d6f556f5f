// A save gives the path a new id on the service (a new version). Its editor tabs still carry the old id
// in their URI, and so in the breadcrumb and the tab's folder; once VS Code has finished saving, each
// such tab is replaced by the saved path under its new URI, in the same group, with the same selections
// and scroll position. A tab typed into meanwhile — before the new tabs open or while they do — is left
// as it is (its URI still reaches the new id through the file system's aliases), so nothing typed is lost.
import * as vscode from 'vscode';
import { PATH_DOCUMENT_LANGUAGE } from '../../../common/src/protocol';

/** The open tabs of a document, with what its visible editor in that group showed. */
interface OpenTab {
  tab: vscode.Tab;
  selections?: readonly vscode.Selection[];
  top?: vscode.Range;
}

function tabsOf(uri: string): OpenTab[] {
  return vscode.window.tabGroups.all.flatMap((group) =>
    group.tabs
      .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri)
      .map((tab) => {
        const editor = vscode.window.visibleTextEditors.find(
          (e) => e.document.uri.toString() === uri && e.viewColumn === group.viewColumn,
        );
        return { tab, selections: editor?.selections, top: editor?.visibleRanges[0] };
      }),
  );
}

/**
 * Shows `newUri` where `oldUri` was open and closes the old tabs; false (nothing changed) when the old
 * document has unsaved changes or no tab.
 */
export async function reopenUnderNewUri(oldUri: vscode.Uri, newUri: vscode.Uri): Promise<boolean> {
  const old = vscode.workspace.textDocuments.find((d) => d.uri.toString() === oldUri.toString());
  if (old?.isDirty) return false;
  const tabs = tabsOf(oldUri.toString());
  if (tabs.length === 0) return false;
  let doc = await vscode.workspace.openTextDocument(newUri);
  if (doc.languageId !== PATH_DOCUMENT_LANGUAGE)
    doc = await vscode.languages.setTextDocumentLanguage(doc, PATH_DOCUMENT_LANGUAGE);
  // The focused tab last, so the focus ends where it was.
  tabs.sort(
    (a, b) => Number(a.tab.isActive && a.tab.group.isActive) - Number(b.tab.isActive && b.tab.group.isActive),
  );
  for (const { tab, selections, top } of tabs) {
    const focused = tab.isActive && tab.group.isActive;
    // The service's answer may be formatted differently: positions are kept where they still exist.
    const first = selections?.[0];
    const shown = await vscode.window.showTextDocument(doc, {
      viewColumn: tab.group.viewColumn,
      preserveFocus: !focused,
      preview: false,
      selection: first && doc.validateRange(first),
    });
    if (selections && selections.length > 1)
      shown.selections = selections.map(
        (s) => new vscode.Selection(doc.validatePosition(s.anchor), doc.validatePosition(s.active)),
      );
    if (top) shown.revealRange(doc.validateRange(top), vscode.TextEditorRevealType.AtTop);
  }
  // Typed into while the new tabs opened: the old ones stay (closing them would ask to save or lose
  // the edit), beside the saved path's.
  if (old?.isDirty) return true;
  // Tab objects are snapshots: close the old document's tabs as they are now.
  await vscode.window.tabGroups.close(tabsOf(oldUri.toString()).map((t) => t.tab));
  return true;
}
