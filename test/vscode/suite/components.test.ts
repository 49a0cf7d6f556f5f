// The Components view against the local service seeded with the demo dataset: namespaces and
// components, paths of both projections with the override badge, and applied tags on fields.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { livePath, livePaths, loadServiceNow } from './support/liveService';
import type { TreeNode } from '../../../client/src/views/treeNode';
import {
  componentLabel,
  demoDataset,
  hoversAtDemoAnchor,
  type DemoAnchor,
  inState,
  labelOf,
  lineageApi,
  signIn,
  waitForStatus,
} from './helpers';

async function childrenWithItems(
  provider: { getChildren(n?: TreeNode): Promise<TreeNode[]>; getTreeItem(n: TreeNode): vscode.TreeItem },
  node?: TreeNode,
) {
  const kids = await provider.getChildren(node);
  return kids.map((n) => ({ node: n, item: provider.getTreeItem(n) }));
}

describe('Components view', () => {
  before(async () => signIn(await lineageApi()));
  after(async () => vscode.commands.executeCommand('lineageLens.showCollapsedPaths'));

  it('lists the configured components under their namespaces', async () => {
    const api = await lineageApi();
    const configured =
      vscode.workspace.getConfiguration('lineageLens', null).get<string[]>('components') ?? [];
    assert.ok(configured.length > 0, 'the demo workspace configures components');
    const byId = new Map(demoDataset().components.map((c) => [c.id, c]));
    const tree = api.trees.components;
    const namespaces = await childrenWithItems(tree);
    const shown = new Map<string, string>(); // component label → namespace label
    const spoken = new Map<string, string | undefined>(); // component label → what a screen reader says
    for (const ns of namespaces) {
      for (const c of await childrenWithItems(tree, ns.node)) {
        shown.set(labelOf(c.item), labelOf(ns.item));
        spoken.set(labelOf(c.item), c.item.accessibilityInformation?.label);
      }
    }
    for (const id of configured) {
      const c = byId.get(id);
      assert.ok(c, `configured component ${id} is in the dataset`);
      assert.equal(
        shown.get(componentLabel(c)),
        c.namespace,
        `${componentLabel(c)} is shown under namespace ${c.namespace}`,
      );
      // Its type, shown by the icon alone, is read out in words, with its approval.
      const type = c.type === 'DATA_STORE' ? 'data store' : 'code';
      assert.equal(
        spoken.get(componentLabel(c)),
        [componentLabel(c), type, c.approval?.status.toLowerCase()].filter(Boolean).join(', '),
      );
    }
  });

  it('shows paths of the collapsed and the all projection, overrides badged', async () => {
    const api = await lineageApi();
    const tree = api.trees.components;
    const dataset = demoDataset();
    const comp = dataset.components.find(
      (c) => c.type === 'CODE' && (c.paths ?? []).some((p) => p.path_type === 'USER_OVERRIDE'),
    );
    assert.ok(comp?.paths, 'the demo has a component with an override');
    const findComponent = async () => {
      for (const ns of await tree.getChildren()) {
        for (const c of await tree.getChildren(ns))
          if (labelOf(tree.getTreeItem(c)) === componentLabel(comp)) return c;
      }
      assert.fail(`${comp.name} not in the tree`);
    };
    const pathItems = async () =>
      (await childrenWithItems(tree, await findComponent())).filter((x) =>
        x.item.contextValue?.startsWith('path'),
      );

    // The component's paths as the service has them now (another suite may have edited one: a new
    // version replaces it), loaded by the extension.
    await loadServiceNow();
    const ids = (ps: Array<{ path_id?: string }>) => ps.map((p) => p.path_id!).sort();
    const live = { collapsed: await livePaths(comp.id, 'collapsed'), all: await livePaths(comp.id, 'all') };
    await vscode.commands.executeCommand('lineageLens.showCollapsedPaths');
    const collapsed = await pathItems();
    const expectedCollapsed = ids(live.collapsed);
    assert.ok(expectedCollapsed.length < live.all.length, 'the override replaces a scan path');
    assert.deepEqual(collapsed.map((x) => x.item.id?.split('/').pop()).sort(), expectedCollapsed);
    const override = live.collapsed.find((p) => p.path_type === 'USER_OVERRIDE')!;
    const overrideItem = collapsed.find((x) => x.item.id?.endsWith(override.path_id!));
    assert.match(String(overrideItem?.item.description), /override/);

    await vscode.commands.executeCommand('lineageLens.showAllPaths');
    const all = await pathItems();
    assert.deepEqual(all.map((x) => x.item.id?.split('/').pop()).sort(), ids(live.all));
  });

  it('toggles the projection through its one setting: the tree and the hover agree', async () => {
    const api = await lineageApi();
    const tree = api.trees.components;
    type Anchored = {
      path_id: string;
      path_type?: string;
      replaces_path_id?: string;
      code_anchors?: DemoAnchor[];
    };
    // An override whose replaced scan path is anchored at the same place: 'all' shows both there.
    const comp = demoDataset().components.find((c) =>
      ((c.paths ?? []) as Anchored[]).some(
        (p) =>
          p.path_type === 'USER_OVERRIDE' &&
          ((c.paths ?? []) as Anchored[]).find((r) => r.path_id === p.replaces_path_id)?.code_anchors?.length,
      ),
    );
    assert.ok(comp, 'the demo has an override replacing an anchored scan path');
    const paths = comp.paths as Anchored[];
    const override = paths.find((p) => p.path_type === 'USER_OVERRIDE' && p.replaces_path_id)!;
    const replaced = paths.find((p) => p.path_id === override.replaces_path_id)!;
    const anchor = replaced.code_anchors!.find((a) => a.file && a.line_start)!;
    const hoverText = async () =>
      (await hoversAtDemoAnchor(anchor))
        .flatMap((h) => h.contents)
        .map((c) => (typeof c === 'string' ? c : c.value))
        .join('\n');
    const treePathIds = async () => {
      for (const ns of await tree.getChildren())
        for (const c of await tree.getChildren(ns))
          if (labelOf(tree.getTreeItem(c)) === componentLabel(comp))
            return (await tree.getChildren(c))
              .map((n) => tree.getTreeItem(n))
              .filter((i) => i.contextValue?.startsWith('path'))
              .map((i) => i.id?.split('/').pop());
      return assert.fail(`${comp.name} not in the tree`);
    };
    const setting = () => vscode.workspace.getConfiguration('lineageLens', null).get<string>('projection');
    // The server's anchor count in each projection, from the dataset and the components it loaded: a
    // status with that count says the server has loaded that projection (not just the tree).
    const loaded = new Set<string>();
    for (const ns of await tree.getChildren())
      for (const c of await tree.getChildren(ns)) loaded.add(labelOf(tree.getTreeItem(c)));
    // Counted on the service's paths as they are now: another suite may have edited one (in 'all', the
    // scan path and its override then both count).
    const anchorsIn = async (projection: 'collapsed' | 'all') => {
      let n = 0;
      for (const c of demoDataset().components.filter(
        (x) => x.type === 'CODE' && loaded.has(componentLabel(x)),
      ))
        for (const p of await livePaths(c.id, projection)) n += p.code_anchors?.length ?? 0;
      return n;
    };
    const collapsedCount = await anchorsIn('collapsed');
    const allCount = await anchorsIn('all');
    assert.ok(allCount > collapsedCount, "'all' anchors more than 'collapsed'");
    const loadedWith = (count: number) => (st: { state: string; anchorCount: number }) =>
      st.state === 'connected' && st.anchorCount === count;

    await vscode.commands.executeCommand('lineageLens.showCollapsedPaths');
    await waitForStatus(api, loadedWith(collapsedCount));
    assert.equal(setting(), 'collapsed');
    assert.ok(!(await treePathIds()).includes(replaced.path_id), 'collapsed tree: the scan path is replaced');
    const collapsedHover = await hoverText();
    assert.ok(collapsedHover.includes(override.path_id), 'collapsed hover shows the override');
    assert.ok(
      !collapsedHover.includes(replaced.path_id),
      'collapsed hover leaves the replaced scan path out',
    );

    try {
      await vscode.commands.executeCommand('lineageLens.showAllPaths');
      assert.equal(setting(), 'all', 'the toggle writes the setting');
      // The server reloads with the setting: the replaced path's anchors join the index.
      await waitForStatus(api, loadedWith(allCount));
      assert.ok((await treePathIds()).includes(replaced.path_id), "'all' tree shows the scan path");
      const allHover = await hoverText();
      assert.ok(allHover.includes(override.path_id), "'all' hover shows the override");
      assert.ok(allHover.includes(replaced.path_id), "'all' hover shows the scan path too, as the tree does");
    } finally {
      await vscode.commands.executeCommand('lineageLens.showCollapsedPaths');
      await waitForStatus(api, loadedWith(collapsedCount));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('badges fields with their applied tags and, in words, the tags they depend on', async () => {
    const api = await lineageApi();
    const tree = api.trees.components;
    await vscode.commands.executeCommand('lineageLens.showCollapsedPaths');
    const dataset = demoDataset();
    const tagName = (tag: string) => dataset.tagDefinitions?.find((d) => d.id === tag)?.name ?? tag;
    // Every applied tag on a boundary of a shown path must appear as ● name on that field.
    let checked = 0;
    const hopWords = new Set<string>();
    for (const ns of await tree.getChildren()) {
      for (const comp of await tree.getChildren(ns)) {
        for (const p of await tree.getChildren(comp)) {
          if (!tree.getTreeItem(p).contextValue?.startsWith('path')) continue;
          for (const b of await tree.getChildren(p)) {
            if (tree.getTreeItem(b).contextValue !== 'boundary') continue;
            const fields = await childrenWithItems(tree, b);
            for (const f of fields) {
              // Depends-on tags say how far upstream in words, never a bare hop count.
              const description = String(f.item.description ?? '');
              assert.doesNotMatch(description, /⇡|\(\d+\)/, `${labelOf(f.item)}: ${description}`);
              for (const m of description.matchAll(
                /◌ \S+ \((same service|1 service up|\d+ services up)\)/g,
              )) {
                hopWords.add(m[1]!);
                assert.match(
                  String(f.item.tooltip),
                  /Depends on, through lineage \(not applied here\): .*(from another field of this service|services? upstream)/,
                );
              }
            }
            for (const f of fields.filter((x) => x.item.contextValue === 'field.tagged')) {
              const apps = (dataset.tagApplications ?? []).filter((a) => a.field_path === labelOf(f.item));
              if (apps.length === 0) continue;
              assert.ok(
                apps.some((a) => String(f.item.description).includes(`● ${tagName(a.tag)}`)),
                `${labelOf(f.item)} shows one of its applied tags (${String(f.item.description)})`,
              );
              checked++;
            }
          }
        }
      }
    }
    assert.ok(checked > 0, 'at least one tagged field was shown');
    for (const w of ['same service', '1 service up', '2 services up'])
      assert.ok(hopWords.has(w), `a depends-on badge reads "${w}": ${[...hopWords].join(', ')}`);
  });

  it('goes from a path to its code anchor', async () => {
    const dataset = demoDataset();
    type Anchored = {
      path_id: string;
      replaces_path_id?: string;
      code_anchors?: Array<{ file?: string; line_start?: number }>;
    };
    let target: { componentId: string; path: Anchored } | undefined;
    for (const c of dataset.components) {
      const paths = (c.paths ?? []) as Anchored[];
      const replaced = new Set(paths.map((p) => p.replaces_path_id).filter(Boolean));
      const p = paths.find(
        (x) =>
          !replaced.has(x.path_id) &&
          x.code_anchors?.length === 1 &&
          x.code_anchors[0]?.file &&
          x.code_anchors[0].line_start,
      );
      if (p) {
        target = { componentId: c.id, path: p };
        break;
      }
    }
    assert.ok(target, 'the demo has a path with one anchor');
    // The path and its anchor as the service has them now (another suite may have edited the path).
    const live = await livePath(target.componentId, target.path.path_id);
    target = { componentId: target.componentId, path: { ...live, path_id: live.path_id! } };
    await loadServiceNow();
    const anchor = target.path.code_anchors![0]!;
    await vscode.commands.executeCommand('lineageLens.goToAnchor', {
      componentId: target.componentId,
      pathId: target.path.path_id,
    });
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'an editor opened');
    assert.ok(
      editor.document.uri.path.endsWith(`/${anchor.file}`),
      `${editor.document.uri.path} is ${anchor.file}`,
    );
    assert.equal(editor.selection.start.line, anchor.line_start! - 1);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it("shows a DATA_STORE component's schema fields with the tags they carry through lineage", async () => {
    const api = await lineageApi();
    const cfg = vscode.workspace.getConfiguration('lineageLens', null);
    const configured = cfg.get<string[]>('components') ?? [];
    const store = demoDataset().components.find((c) => c.type === 'DATA_STORE') as
      | {
          id: string;
          name: string;
          friendly_name?: string;
          schema?: { fields: Array<{ name: string; type: string }> };
        }
      | undefined;
    assert.ok(store?.schema, 'the demo has a data store');
    await cfg.update('components', [...configured, store.id], vscode.ConfigurationTarget.Workspace);
    try {
      await waitForStatus(api, (st) => inState('connected')(st) && st.componentCount > configured.length);
      const tree = api.trees.components;
      tree.refresh();
      let node;
      for (const ns of await tree.getChildren()) {
        node ??= (await tree.getChildren(ns)).find(
          (c) => labelOf(tree.getTreeItem(c)) === componentLabel(store),
        );
      }
      assert.ok(node, `${componentLabel(store)} is in the tree`);
      const item = tree.getTreeItem(node);
      assert.equal(
        (item.iconPath as vscode.ThemeIcon).id,
        'database',
        'a data store shows the database icon',
      );
      // appendText keeps the spaces as &nbsp;.
      assert.match((item.tooltip as vscode.MarkdownString).value, /^data(&nbsp;| )store/m);
      const rows = (await tree.getChildren(node)).map((n) => ({ n, item: tree.getTreeItem(n) }));
      // Its contract files first, each opening its file.
      const contracts = rows.filter((r) => r.item.contextValue === 'storeContract');
      assert.deepEqual(
        contracts.map((r) => [labelOf(r.item), r.item.command?.command]),
        [['orders.contract.yaml', 'vscode.open']],
      );
      const nodes = rows.filter((r) => !contracts.includes(r)).map((r) => r.n);
      const fields = nodes.map((f) => tree.getTreeItem(f));
      assert.deepEqual(
        fields.map((f) => `${labelOf(f)}:${String(f.description).split('  ')[0]}`),
        store.schema.fields.map((f) => `${f.name}:${f.type}`),
      );
      // The tags its fields carry through upstream services (the service's detail has none for a
      // store: the lineage derives them), as on a service's fields.
      const email = fields.find((f) => labelOf(f) === 'customer_email');
      assert.equal(String(email?.description), 'text  ◌ pii (1 service up)');
      assert.match(String(email?.tooltip), /Depends on, through lineage \(not applied here\): pii/);
      // Each field has its place in the graph: Show Impact on it opens the Impact view.
      const ref = (nodes[fields.indexOf(email!)] as unknown as { ref?: { boundaryId: string } }).ref;
      assert.ok(ref?.boundaryId, 'the field knows its place in the graph');
    } finally {
      await cfg.update('components', configured, vscode.ConfigurationTarget.Workspace);
    }
  });
});
