// Many anchors in one file over a real anchor index: anchors on the same lines placed alike and moved
// by edits each on its own; which components' drifted anchors changed (features/anchorDriftChanges.ts),
// the drifts of a file's anchors read one by one (driftsInFile), updates one at a time.
import { strict as assert } from 'node:assert';
import { AnchorDriftChanges } from '../../../server/src/features/anchorDriftChanges';
import type { AnchorIndex } from '../../../server/src/anchors';
import { Editor, TempWorkspace, allAnchors, entry } from './workspace';

describe('anchors: many anchors in one file', () => {
  let ws: TempWorkspace;
  let index: AnchorIndex;
  afterEach(async () => {
    index?.dispose();
    await ws?.dispose();
  });

  const FILE = 'src/dense.ts';
  const LINES = 20;
  const text = Array.from({ length: LINES }, (_, l) => `export function fn_${l}() { return ${l}; }`).join(
    '\n',
  );

  /** `perLine` anchors on each line, in components c0 and c1; those of c1 on line 5 recorded on line 15 (more than three lines away: relocated). */
  async function dense(perLine: number): Promise<void> {
    ws = await TempWorkspace.create();
    await ws.write(`ws/${FILE}`, text);
    index = ws.index([ws.folder('ws')], { definitions: null });
    const entries = [];
    for (let l = 0; l < LINES; l++)
      for (let i = 0; i < perLine; i++) {
        const component = i % 2 === 0 ? 'c0' : 'c1';
        const recorded = component === 'c1' && l === 5 ? 15 : l;
        entries.push(
          entry(
            { file: FILE, name: `fn_${l}`, line_start: recorded + 1 },
            [`fn_${l}`],
            component,
            `p${l}-${i}`,
          ),
        );
      }
    await index.setAnchors(entries);
  }

  it('anchors on the same lines are placed alike, and an edit moves those below it only', async () => {
    await dense(100);
    const uri = ws.uri(`ws/${FILE}`);
    const byLine = () => {
      const lines = new Map<number, string[]>();
      for (const t of index.anchorsInFile(uri)) {
        const l = Number(/^p(\d+)-/.exec(t.entry.pathId)![1]);
        const at = JSON.stringify(t.range);
        lines.set(l, [...new Set([...(lines.get(l) ?? []), at])]);
      }
      return lines;
    };
    const len = (l: number) => `export function fn_${l}() { return ${l}; }`.length;
    const on = (line: number, end: number) =>
      JSON.stringify({ start: { line, character: 0 }, end: { line, character: end } });
    const before = byLine();
    assert.deepEqual(before.get(2), [on(2, len(2))]);
    // c1's anchors of line 5 were recorded on line 15 and relocated: the same place as c0's.
    assert.deepEqual(before.get(5), [on(5, len(5))]);
    const editor = new Editor(index, uri, text);
    // A line inserted above line 3: the anchors from line 3 on move down, each line's together.
    editor.insert(3, 0, '// a comment\n');
    const after = byLine();
    for (let l = 0; l < LINES; l++) {
      const shifted = l >= 3 ? 1 : 0;
      assert.deepEqual(after.get(l), [on(l + shifted, len(l))], `line ${l}`);
    }
    // An edit inside line 2's function grows its anchors' ranges only.
    editor.insert(2, len(2) - 3, ' + 1');
    assert.deepEqual(byLine().get(2), [on(2, len(2) + 4)]);
    assert.deepEqual(byLine().get(1), after.get(1));
    assert.ok(
      index
        .anchorsInFile(uri)
        .every(
          (t) =>
            t.state ===
            (t.entry.componentId === 'c1' && /^p5-/.test(t.entry.pathId) ? 'relocated' : 'resolved'),
        ),
    );
  });

  it('reads the same drifts as the per-anchor lookup, and reports a component only when its drifted set changes', async () => {
    await dense(300);
    const uri = ws.uri(`ws/${FILE}`);
    // The file's drifts, read one by one, are those index.drift gives anchor by anchor.
    const byFile = [...index.driftsInFile(uri)].filter((d) => d !== undefined);
    const byId = allAnchors(index)
      .map((t) => index.drift(t.entry.componentId, t.entry.pathId, t.entry.anchor.anchor_id))
      .filter((d) => d !== undefined);
    assert.equal(byFile.length, 150);
    assert.deepEqual(
      byFile.map((d) => [d.anchor.entry.pathId, d.current.line_start]),
      byId.map((d) => [d.anchor.entry.pathId, d.current.line_start]),
    );
    assert.ok(byFile.every((d) => d.anchor.entry.componentId === 'c1' && d.current.line_start === 6));

    const changes = new AnchorDriftChanges(index);
    assert.deepEqual(await changes.update([uri]), ['c1']);
    assert.deepEqual(await changes.update([uri]), []);
    assert.deepEqual(await changes.update([ws.uri('ws/src/none.ts')]), []);

    // A line inserted above line 5 in the editor: every anchor below it moves, in both components.
    const editor = new Editor(index, uri, text);
    editor.insert(3, 0, '// a comment\n');
    const [first, second] = await Promise.all([changes.update([uri]), changes.update([uri])]);
    assert.deepEqual(first.sort(), ['c0', 'c1']);
    // One update at a time: the second compares with what the first saw.
    assert.deepEqual(second, []);
    // Undone: the anchors are back where recorded but for c1's on line 5 (recorded on line 15).
    editor.deleteLines(3, 3);
    assert.deepEqual((await changes.update([uri])).sort(), ['c0', 'c1']);
    const again = [...index.driftsInFile(uri)].filter((d) => d !== undefined);
    assert.equal(again.length, 150);
  });
});
