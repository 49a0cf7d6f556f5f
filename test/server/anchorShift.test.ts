// Small shifts without git, over stdio: the real local service, the real language server, a plain
// folder (no repository, so nothing maps the recorded lines). Each function moved 1, 2 or 3 lines since
// the scan (Go, Python, TypeScript), each also called below. A definition of the anchor's name within
// ±3 lines used to pass the name check and keep the anchor on its recorded lines; it must land exactly on
// the definition's current lines (diagnostic, lens, hover) and be listed as drifted for repair.
import { strict as assert } from 'node:assert';
import { HoverRequest } from 'vscode-languageserver-protocol';
import * as P from '../../common/src/protocol';
import type { LspClient } from '../helpers/lspClient';
import { hoverText } from './setup';
import {
  anchorDataset,
  diagnosticOfAnchor,
  lensLines,
  lineOf,
  plainWorkspace,
  startAnchorServer,
  type AnchorServer,
} from './anchorWorkspace';

const COMPONENT = '66666666-6666-4666-8666-666666666666';

interface Language {
  file: string;
  head: string;
  def(name: string): string[];
  caller(names: string[]): string[];
}

const LANGUAGES: Language[] = [
  {
    file: 'go/orders.go',
    head: 'package orders',
    def: (n) => [`func ${n}(o Order) error {`, '\treturn nil', '}'],
    caller: (ns) => ['func run(o Order) {', ...ns.map((n) => `\t${n}(o)`), '}'],
  },
  {
    file: 'py/orders.py',
    head: 'import os',
    def: (n) => [`def ${n}(order):`, '    return order'],
    caller: (ns) => ['def run(o):', ...ns.map((n) => `    ${n}(o)`)],
  },
  {
    file: 'ts/orders.ts',
    head: "import { Order } from './order';",
    def: (n) => [`export function ${n}(order: Order) {`, '  return order;', '}'],
    caller: (ns) => ['function run(o: Order) {', ...ns.map((n) => `  ${n}(o);`), '}'],
  },
];
const SHIFTS = [1, 2, 3];
const nameOf = (l: Language, shift: number) => (l.file.endsWith('.py') ? `step_${shift}` : `step${shift}`);

/** As scanned: the functions one blank line apart; now: one more blank line above each (+1, +2, +3). */
function text(l: Language, now: boolean): string[] {
  const out = [l.head];
  for (const s of SHIFTS) out.push('', ...(now ? [''] : []), ...l.def(nameOf(l, s)));
  return [...out, '', ...l.caller(SHIFTS.map((s) => nameOf(l, s)))];
}

interface Anchored {
  id: string;
  language: Language;
  name: string;
  /** 0-based lines as scanned and as they are now. */
  recorded: [number, number];
  now: [number, number];
}

const ANCHORS: Anchored[] = LANGUAGES.flatMap((l) =>
  SHIFTS.map((shift) => {
    const name = nameOf(l, shift);
    const height = l.def(name).length - 1;
    const at = (ls: string[]) => lineOf(ls, ` ${name}(`);
    const recorded = at(text(l, false));
    const now = at(text(l, true));
    assert.equal(now - recorded, shift);
    return {
      id: `anc-${name}-${l.file}`,
      language: l,
      name,
      recorded: [recorded, recorded + height] as [number, number],
      now: [now, now + height] as [number, number],
    };
  }),
);
const pathId = (i: number) => `eeeeeeee-6666-4000-8000-${String(i + 1).padStart(12, '0')}`;

describe('language server: definitions shifted 1–3 lines without git', function () {
  let server: AnchorServer | undefined;
  let client: LspClient;

  before(async () => {
    const { dir, workspace } = plainWorkspace(
      'lineage-shift-',
      Object.fromEntries(LANGUAGES.map((l) => [l.file, text(l, true)])),
    );
    server = await startAnchorServer({
      dir,
      workspace,
      component: COMPONENT,
      namespace: 'shift',
      anchorCount: ANCHORS.length,
      dataset: anchorDataset({
        component: COMPONENT,
        name: 'shift',
        namespace: 'shift',
        scanned: 'abcdef1',
        paths: ANCHORS.map((a, i) => ({
          pathId: pathId(i),
          anchor: {
            anchor_id: a.id,
            name: a.name,
            file: a.language.file,
            line_start: a.recorded[0] + 1,
            line_end: a.recorded[1] + 1,
          },
        })),
      }),
    });
    client = server.client;
  });
  after(async () => server?.stop());

  for (const l of LANGUAGES)
    it(`${l.file}: each anchor lands on its definition's current lines, relocated (diagnostic, lens, hover)`, async () => {
      const uri = client.fileUri(l.file);
      const mine = ANCHORS.filter((a) => a.language === l);
      const ds = await client.waitForDiagnostics(uri, (d) =>
        mine.every((a) => diagnosticOfAnchor(a.id, d) !== undefined),
      );
      for (const a of mine) {
        const d = diagnosticOfAnchor(a.id, ds)!;
        assert.equal(d.code, 'anchor-relocated', a.id);
        assert.deepEqual([d.range.start.line, d.range.end.line], a.now, a.id);
        assert.match(d.message, new RegExp(`moved from line ${a.recorded[0] + 1} to line ${a.now[0] + 1}`));
      }
      const lenses = new Set(await lensLines(client, uri));
      for (const a of mine) {
        assert.ok(lenses.has(a.now[0]), `${a.id}: a lens on line ${a.now[0] + 1}: ${[...lenses]}`);
        const hover = hoverText(
          await client.conn.sendRequest(HoverRequest.type, {
            textDocument: { uri },
            position: { line: a.now[1], character: 0 },
          }),
        );
        assert.match(hover, new RegExp(`sink\\\\?\\.p${ANCHORS.indexOf(a)}\\b`), a.id);
      }
    });

  it('every shifted anchor is listed as drifted, to its definition’s lines', async () => {
    const { repairs } = await client.conn.sendRequest(P.AnchorRepairsRequest, { componentId: COMPONENT });
    assert.deepEqual(
      repairs
        .map((r) => [r.anchorId, r.recorded.line_start, r.current.line_start, r.current.line_end])
        .sort(),
      ANCHORS.map((a) => [a.id, a.recorded[0] + 1, a.now[0] + 1, a.now[1] + 1]).sort(),
    );
  });
});
