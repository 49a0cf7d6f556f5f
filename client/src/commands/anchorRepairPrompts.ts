// What the user sees before an anchor repair writes anything. One anchor: a modal naming the anchor,
// its path ("createOrder → insertOrder") and component by name, the old → new lines and the reason;
// ids only at the end of its details. Several: a multi-select quick pick of every drifted anchor,
// grouped by path, all checked, so some can be left as recorded. Either way, anchors in files with
// unsaved changes are pointed out (their new lines refer to text not on disk yet) and the user picks
// Save and Update, Update Anyway or Cancel. Service text is cleaned for where it is shown.
import * as vscode from 'vscode';
import { describeAnchorLines } from '../../../common/src/anchorLines';
import type { AnchorRepair } from '../../../common/src/protocol';
import { count } from '../counts';
import { safeMessage, safePickText } from '../serviceErrors';

/** What the user confirmed: the repairs to write, and the documents to save first. */
export interface ConfirmedRepairs {
  repairs: AnchorRepair[];
  save: vscode.TextDocument[];
}

/** Unsaved files named one per line in a dialog; the rest are counted. */
const LISTED_FILES = 8;

/** Open documents with unsaved changes that hold any of these anchors. */
export function unsavedDocuments(repairs: readonly AnchorRepair[]): vscode.TextDocument[] {
  const uris = new Set(repairs.map((r) => vscode.Uri.parse(r.uri).toString()));
  return vscode.workspace.textDocuments.filter((d) => d.isDirty && uris.has(d.uri.toString()));
}

function fileOf(r: AnchorRepair): string {
  return r.file || vscode.workspace.asRelativePath(vscode.Uri.parse(r.uri));
}

function linesOf(r: AnchorRepair): string {
  return `${describeAnchorLines(r.recorded)} → ${describeAnchorLines(r.current)}`;
}

function unsavedNames(docs: readonly vscode.TextDocument[]): string[] {
  const names = docs.slice(0, LISTED_FILES).map((d) => vscode.workspace.asRelativePath(d.uri));
  if (docs.length > LISTED_FILES) names.push(vscode.l10n.t('and {0} more', docs.length - LISTED_FILES));
  return names;
}

/** The buttons of a confirmation: plain Update, or Save and Update / Update Anyway over unsaved files. */
async function ask(
  message: string,
  detail: string[],
  unsaved: vscode.TextDocument[],
): Promise<vscode.TextDocument[] | undefined> {
  const saveAndUpdate = vscode.l10n.t('Save and Update');
  const anyway = vscode.l10n.t('Update Anyway');
  const buttons = unsaved.length ? [saveAndUpdate, anyway] : [vscode.l10n.t('Update')];
  const answer = await vscode.window.showWarningMessage(
    message,
    { modal: true, detail: detail.join('\n') },
    ...buttons,
  );
  if (answer === undefined) return undefined;
  return answer === saveAndUpdate ? unsaved : [];
}

function unsavedWarning(unsaved: readonly vscode.TextDocument[]): string[] {
  if (!unsaved.length) return [];
  return [
    '',
    unsaved.length === 1
      ? vscode.l10n.t(
          '{0} has unsaved changes: the new lines refer to the unsaved text. Save it so the file and the service agree.',
          vscode.workspace.asRelativePath(unsaved[0]!.uri),
        )
      : vscode.l10n.t(
          'These files have unsaved changes: the new lines refer to the unsaved text. Save them so the files and the service agree.',
        ),
    ...(unsaved.length > 1 ? unsavedNames(unsaved).map((n) => `• ${n}`) : []),
  ];
}

/** One anchor: a modal with its names, old → new lines and reason; ids at the end of the details. */
export async function confirmOne(r: AnchorRepair): Promise<ConfirmedRepairs | undefined> {
  const unsaved = unsavedDocuments([r]);
  const detail = [
    vscode.l10n.t(
      'Path {0} of {1}',
      safeMessage(r.pathLabel || r.pathId, 160),
      safeMessage(r.componentName || r.componentId, 80),
    ),
    vscode.l10n.t('{0}: lines {1}', safeMessage(fileOf(r), 160), linesOf(r)),
    '',
    vscode.l10n.t('The path is written with the reason "{0}".', r.reason),
    ...(r.commit
      ? [
          vscode.l10n.t(
            "These lines are newer than the commit the path is recorded at: the path is recorded at scanned commit {0}, which has them, with its other anchors in that commit's lines.",
            safeMessage(r.commit.slice(0, 12), 12),
          ),
        ]
      : []),
    ...unsavedWarning(unsaved),
    '',
    vscode.l10n.t(
      'Component {0} · path {1} · anchor {2}',
      safeMessage(r.componentId, 80),
      safeMessage(r.pathId, 80),
      safeMessage(r.anchorId, 80),
    ),
  ];
  const save = await ask(
    vscode.l10n.t('Update the anchor "{0}" on the service?', safeMessage(r.label, 80)),
    detail,
    unsaved,
  );
  return save && { repairs: [r], save };
}

interface RepairItem extends vscode.QuickPickItem {
  repair: AnchorRepair;
}

/**
 * Several anchors: every one listed (grouped by path, all selected) in a multi-select quick pick;
 * accepting it is the confirmation. Anchors in unsaved files then get the Save and Update question.
 */
export async function chooseMany(repairs: readonly AnchorRepair[]): Promise<ConfirmedRepairs | undefined> {
  const dirty = new Set(unsavedDocuments(repairs).map((d) => d.uri.toString()));
  // Grouped by path (the server lists by file and line). No separators: with checkboxes, VS Code
  // draws a separator's label on the right of its first row, squeezing that row's text; each row's
  // detail names its path and component instead.
  const byPath = new Map<string, AnchorRepair[]>();
  for (const r of repairs) {
    const key = JSON.stringify([r.componentId, r.pathId]);
    byPath.set(key, [...(byPath.get(key) ?? []), r]);
  }
  const items: RepairItem[] = [...byPath.values()].flat().map((r) => {
    const file = safePickText(fileOf(r).split('/').pop(), 80);
    const where = `${safePickText(r.pathLabel || r.pathId, 120)} · ${safePickText(r.componentName || r.componentId, 80)}`;
    return {
      label: safePickText(r.label, 80),
      description: r.commit
        ? vscode.l10n.t(
            'lines {0} · path recorded at commit {1}',
            linesOf(r),
            safePickText(r.commit.slice(0, 12), 12),
          )
        : vscode.l10n.t('lines {0}', linesOf(r)),
      detail: dirty.has(vscode.Uri.parse(r.uri).toString())
        ? vscode.l10n.t('$(circle-filled) {0} (unsaved) · {1}', file, where)
        : `${file} · ${where}`,
      picked: true,
      repair: r,
    };
  });
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: vscode.l10n.t('Update Drifted Anchors on the Service ({0})', count(repairs.length, 'anchor')),
    placeHolder: vscode.l10n.t('Uncheck anchors to leave as recorded; Enter updates the rest'),
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  const chosen = (picked ?? []).map((i) => i.repair);
  if (chosen.length === 0) return undefined;
  const unsaved = unsavedDocuments(chosen);
  if (unsaved.length === 0) return { repairs: chosen, save: [] };
  const inUnsaved = chosen.filter((r) => dirty.has(vscode.Uri.parse(r.uri).toString())).length;
  const save = await ask(
    unsaved.length === 1
      ? vscode.l10n.t(
          '{0} has unsaved changes. Save it before updating?',
          vscode.workspace.asRelativePath(unsaved[0]!.uri),
        )
      : vscode.l10n.t('{0} files have unsaved changes. Save them before updating?', unsaved.length),
    [
      inUnsaved === chosen.length
        ? vscode.l10n.t(
            'The new lines of the selected anchors refer to the unsaved text: save first so the files and the service agree.',
          )
        : vscode.l10n.t(
            'The new lines of {0} of the {1} selected refer to the unsaved text: save first so the files and the service agree.',
            inUnsaved,
            count(chosen.length, 'anchor'),
          ),
      ...(unsaved.length > 1 ? unsavedNames(unsaved).map((n) => `• ${n}`) : []),
    ],
    unsaved,
  );
  return save && { repairs: chosen, save };
}
