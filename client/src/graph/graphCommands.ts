// Show Lineage Graph and Show Impact: from the Components view (component, path, field), a hover link,
// a code lens, or the editor (the anchored code or field name under the cursor), and Reveal Component
// for the graph's "reveal in the Components view".
import { Commands } from '../../../common/src/commands.generated';
import * as vscode from 'vscode';
import {
  type FieldRef,
  type GraphParams,
  type ImpactTarget,
  ImpactRequest,
  TargetsAtRequest,
} from '../../../common/src/protocol';
import type { LineageContext } from '../lineageContext';
import { showRequestError } from '../serviceErrors';
import { ComponentNode, FieldNode, PathNode } from '../views/componentNodes';
import type { ComponentsView } from '../views/componentsView';
import type { GraphPanels } from './graphPanel';
import type { ImpactView } from './impactView';
import { pickGraphFocus } from './pickGraphFocus';

function isFieldRef(v: unknown): v is FieldRef {
  const f = v as Partial<FieldRef> | undefined;
  return typeof f?.boundaryId === 'string' && typeof f.field === 'string';
}

/** What a command argument names: a tree node, or the plain objects hovers and lenses pass. */
function targetOf(arg: unknown): ImpactTarget | { kind: 'component'; componentId: string } | undefined {
  if (arg instanceof FieldNode) return arg.ref ? { kind: 'field', field: arg.ref } : undefined;
  if (arg instanceof PathNode) return { kind: 'path', componentId: arg.componentId, pathId: arg.pathId };
  if (arg instanceof ComponentNode) return { kind: 'component', componentId: arg.id };
  const a = arg as Record<string, unknown> | undefined;
  if (!a || typeof a !== 'object') return undefined;
  if (a.kind === 'field' && isFieldRef(a.field)) return { kind: 'field', field: a.field };
  if (a.kind === 'paths' && Array.isArray(a.paths)) return a as ImpactTarget;
  if (typeof a.componentId === 'string' && typeof a.pathId === 'string')
    return { kind: 'path', componentId: a.componentId, pathId: a.pathId };
  if (typeof a.componentId === 'string') return { kind: 'component', componentId: a.componentId };
  if (isFieldRef(a)) return { kind: 'field', field: a };
  return undefined;
}

type GraphTarget = NonNullable<ReturnType<typeof targetOf>>;

/** The graph centred on `t`, as the panel asks the server for it. */
function paramsOf(t: GraphTarget): GraphParams | undefined {
  if (t.kind === 'field') return { focus: { kind: 'field', field: t.field } };
  if (t.kind === 'path') return { focus: { kind: 'path', componentId: t.componentId, pathId: t.pathId } };
  if (t.kind === 'paths') return t.paths[0] && { focus: { kind: 'path', ...t.paths[0] } };
  return { focus: { kind: 'component', componentId: t.componentId } };
}

/** The field or path under the editor's cursor (the user picks when there are several). */
async function targetAtCursor(ctx: LineageContext): Promise<ImpactTarget | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const pos = editor.selection.active;
  const at = await ctx.request(TargetsAtRequest, {
    uri: editor.document.uri.toString(),
    position: { line: pos.line, character: pos.character },
  });
  const items: Array<vscode.QuickPickItem & { target: ImpactTarget }> = [
    ...at.fields.map((f) => ({
      label: `$(symbol-field) ${f.label}`,
      target: { kind: 'field', field: { boundaryId: f.boundaryId, field: f.field } } as ImpactTarget,
    })),
    ...at.paths.map((p) => ({
      label: `$(git-commit) ${p.label}`,
      target: { kind: 'path', componentId: p.componentId, pathId: p.pathId } as ImpactTarget,
    })),
  ];
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No lineage path is anchored at the cursor.'));
    return undefined;
  }
  if (items.length === 1 || at.fields.length === 1) return items[0]!.target;
  return (await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Which field or path?') }))
    ?.target;
}

export function registerGraphCommands(
  ctx: LineageContext,
  graph: GraphPanels,
  impact: ImpactView,
  components: ComponentsView,
): void {
  ctx.push(
    // A graph link or item in front of the user: the server lays that graph out ahead of a click, in the
    // direction and with the filters the panel would ask for.
    ctx.onDidOfferGraph((arg) => {
      const t = targetOf(arg);
      const params = t && paramsOf(t);
      ctx.warmGraphLayout(params ? { graph: graph.laidOutParams(params) } : {});
    }),
    vscode.commands.registerCommand(Commands.showGraph, async (arg?: unknown) => {
      try {
        // From the palette with no editor: the user picks what to centre on.
        if (arg === undefined && !vscode.window.activeTextEditor) {
          const picked = await pickGraphFocus(ctx);
          if (picked) graph.show(picked);
          return;
        }
        const t = arg === undefined || arg instanceof vscode.Uri ? await targetAtCursor(ctx) : targetOf(arg);
        const params = t && paramsOf(t);
        if (!params) return;
        graph.show(params, t.kind === 'field' ? `${t.field.boundaryId}#${t.field.field}` : undefined);
      } catch (err) {
        await showRequestError(vscode.l10n.t('Show Lineage Graph'), err);
      }
    }),
    vscode.commands.registerCommand(Commands.showNamespaceGraph, async (arg?: unknown) => {
      const name = (arg as { name?: unknown } | undefined)?.name;
      if (typeof name === 'string') graph.show({ focus: { kind: 'namespace', namespace: name } });
    }),
    vscode.commands.registerCommand(Commands.showImpact, async (arg?: unknown) => {
      try {
        if (arg === undefined && !vscode.window.activeTextEditor) {
          void vscode.window.showInformationMessage(
            vscode.l10n.t(
              'Put the cursor on anchored code or a field name, or choose a field or path in the Components view, to see its impact.',
            ),
          );
          return;
        }
        const t = arg === undefined || arg instanceof vscode.Uri ? await targetAtCursor(ctx) : targetOf(arg);
        if (!t || t.kind === 'component') {
          if (t)
            void vscode.window.showInformationMessage(
              vscode.l10n.t('Choose a field or a path to see its impact.'),
            );
          return;
        }
        await impact.show(await ctx.request(ImpactRequest, { target: t }));
      } catch (err) {
        await showRequestError(vscode.l10n.t('Show Impact'), err);
      }
    }),
    vscode.commands.registerCommand(Commands.revealComponent, async (arg?: unknown) => {
      const id = (arg as { componentId?: unknown } | undefined)?.componentId;
      if (typeof id !== 'string') return;
      const node = await components.findComponent(id);
      if (node) await components.view.reveal(node, { select: true, focus: true, expand: true });
      else
        void vscode.window.showInformationMessage(
          vscode.l10n.t('Component {0} is not in the Components view.', id),
        );
    }),
  );
}
