// Anchors keep their identity, on real repositories the tests create, with paths named as scanners name
// them (ingress = the handler, egress = the callee the anchor covers; the anchor's own name absent, a
// phrase or the identifier): an anchor follows the code it was scanned on and never lands on another
// function because that function bears a name of its path.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AnchorIndex, GitMapper, fileUri } from '../../../server/src/anchors';
import type { AnchorEntry, TrackedAnchor } from '../../../server/src/anchors';
import type { PathCodeAnchor } from '../../../common/src/api/paths';
import { GitRepo, lines } from '../../helpers/gitRepo';
import { Editor, pathEntry, range } from './workspace';

const CHECKOUT_GO = lines(
  'package main', // 1
  '', // 2
  'func (cs *checkoutService) PlaceOrder(ctx context.Context, req *pb.PlaceOrderRequest) error {', // 3
  '\tif err := cs.chargeCard(ctx, req); err != nil {', // 4
  '\t\treturn err', // 5
  '\t}', // 6
  '\tcs.sendOrderConfirmation(ctx, req.Email)', // 7
  '\treturn nil', // 8
  '}', // 9
  '', // 10
  'func (cs *checkoutService) chargeCard(ctx context.Context, req *pb.PlaceOrderRequest) error {', // 11
  '\treturn nil', // 12
  '}', // 13
  '', // 14
  'func (cs *checkoutService) sendOrderConfirmation(ctx context.Context, email string) error {', // 15
  '\t_, err := cs.email.SendOrderConfirmation(ctx, email)', // 16
  '\treturn err', // 17
  '}', // 18
);
/** CHECKOUT_GO without sendOrderConfirmation (lines 14–18). */
const CHECKOUT_GO_DELETED = CHECKOUT_GO.split('\n').slice(0, 13).join('\n') + '\n';

const CHECKOUT_PATH = {
  ingress: { signature_name: 'hipstershop.CheckoutService/PlaceOrder' },
  egress: { signature_name: 'main/checkoutService/sendOrderConfirmation' },
};
/** The anchor's own name as scanners and people give it: absent, a phrase, the identifier. */
const NAMINGS: Array<string | undefined> = [
  undefined,
  'sends the order confirmation',
  'sendOrderConfirmation',
];

function anchorEntry(
  anchor: Omit<PathCodeAnchor, 'anchor_id'>,
  path: typeof CHECKOUT_PATH,
  commit?: string,
): AnchorEntry {
  return pathEntry('checkout', anchor, path, commit);
}

describe('anchors: identity (real repositories, realistic naming)', () => {
  const disposables: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const d of disposables.splice(0).reverse()) await d();
  });

  /** An index over `root`, with git mapping when `withGit`; files read as the server reads them. */
  async function indexOver(root: string, entries: AnchorEntry[], withGit = true): Promise<AnchorIndex> {
    const git = withGit ? new GitMapper({ log: () => undefined, watch: false }) : undefined;
    const index = new AnchorIndex({
      folders: [{ uri: fileUri(root), fsPath: root, projectRoot: '' }],
      readFile: (p) => fs.readFile(p, 'utf8'),
      readFileSync: (p) => readFileSync(p, 'utf8'),
      ...(git ? { git } : {}),
    });
    disposables.push(() => index.dispose());
    await index.setAnchors(entries);
    return index;
  }
  const get = (index: AnchorIndex, e: AnchorEntry): TrackedAnchor =>
    index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!;

  async function newRepo(): Promise<GitRepo> {
    const repo = await GitRepo.create();
    disposables.push(() => repo.dispose());
    return repo;
  }

  /** A plain copy of a repository's working tree, without its history. */
  async function copyWithoutGit(repo: GitRepo): Promise<string> {
    const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-copy-')));
    disposables.push(() => fs.rm(dir, { recursive: true, force: true }));
    await fs.cp(repo.root, dir, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
    return dir;
  }

  /** A clone of the repository's newest commit only (git clone --depth 1). */
  async function shallowClone(repo: GitRepo): Promise<string> {
    const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'anchors-shallow-')));
    disposables.push(() => fs.rm(dir, { recursive: true, force: true }));
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.root}`, dir]);
    return dir;
  }

  describe('a handler calling a function that is then deleted', () => {
    for (const name of NAMINGS) {
      const naming = name === undefined ? 'no name' : JSON.stringify(name);
      it(`deleted by a commit since the scan (${naming}): stale, never on the handler`, async () => {
        const repo = await newRepo();
        await repo.write('src/checkoutservice/main.go', CHECKOUT_GO);
        const scanned = repo.commit('scan');
        await repo.write('src/checkoutservice/main.go', CHECKOUT_GO_DELETED);
        repo.commit('drop the confirmation');
        const e = anchorEntry(
          { file: 'src/checkoutservice/main.go', line_start: 15, line_end: 18, ...(name ? { name } : {}) },
          CHECKOUT_PATH,
          scanned,
        );
        const index = await indexOver(repo.root, [e]);
        const t = get(index, e);
        assert.equal(t.state, 'stale');
        assert.equal(t.unverified, undefined);
        const uri = fileUri(repo.abs('src/checkoutservice/main.go'));
        // Nothing of its lineage on PlaceOrder (hover, lenses and Go to Definition read anchorsAt).
        assert.deepEqual(index.anchorsAt(uri, { line: 4, character: 2 }), []);
        assert.deepEqual(index.anchorsAt(uri, { line: 2, character: 30 }), []);
      });

      it(`deleted in an unsaved edit, no git (${naming}): stale, never on the handler`, async () => {
        const repo = await newRepo();
        await repo.write('src/checkoutservice/main.go', CHECKOUT_GO);
        repo.commit('scan');
        const root = await copyWithoutGit(repo);
        const e = anchorEntry(
          { file: 'src/checkoutservice/main.go', line_start: 15, line_end: 18, ...(name ? { name } : {}) },
          CHECKOUT_PATH,
        );
        const index = await indexOver(root, [e], false);
        const uri = fileUri(path.join(root, 'src/checkoutservice/main.go'));
        const ed = new Editor(index, uri, CHECKOUT_GO);
        assert.equal(get(index, e).state, 'resolved');
        assert.equal(get(index, e).unverified, true);
        ed.deleteLines(13, 17);
        const [t] = index.anchorsInFile(uri);
        assert.equal(t!.state, 'stale');
        assert.deepEqual(index.anchorsAt(uri, { line: 4, character: 2 }), []);
      });
    }

    it('deleted in an unsaved edit with git: stale', async () => {
      const repo = await newRepo();
      await repo.write('main.go', CHECKOUT_GO);
      const scanned = repo.commit('scan');
      const e = anchorEntry({ file: 'main.go', line_start: 15, line_end: 18 }, CHECKOUT_PATH, scanned);
      const index = await indexOver(repo.root, [e]);
      const uri = fileUri(repo.abs('main.go'));
      const ed = new Editor(index, uri, CHECKOUT_GO);
      await index.whenIdle();
      assert.equal(get(index, e).state, 'resolved');
      ed.deleteLines(13, 17);
      assert.equal(index.anchorsInFile(uri)[0]!.state, 'stale');
      assert.deepEqual(index.anchorsAt(uri, { line: 4, character: 2 }), []);
    });

    it('deleted on disk without git: stale, the handler (another height) not even offered', async () => {
      const repo = await newRepo();
      await repo.write('main.go', CHECKOUT_GO_DELETED);
      repo.commit('now');
      const root = await copyWithoutGit(repo);
      const e = anchorEntry({ file: 'main.go', line_start: 15, line_end: 18 }, CHECKOUT_PATH);
      const index = await indexOver(root, [e], false);
      assert.equal(get(index, e).state, 'stale');
    });
  });

  it('with history, a function moved past the handler is followed by identity, and its change is known', async () => {
    const repo = await newRepo();
    await repo.write('main.go', CHECKOUT_GO);
    const scanned = repo.commit('scan');
    // sendOrderConfirmation moved above PlaceOrder and rewritten a little; chargeCard unchanged.
    const src = CHECKOUT_GO.split('\n');
    const moved = [
      ...src.slice(0, 2),
      'func (cs *checkoutService) sendOrderConfirmation(ctx context.Context, email string) error {',
      '\t_, err := cs.email.SendOrderConfirmation(ctx, email, true)',
      '\treturn err',
      '}',
      '',
      ...src.slice(2, 13),
      '',
    ].join('\n');
    await repo.write('main.go', moved);
    repo.commit('move it up');
    const send = anchorEntry({ file: 'main.go', line_start: 15, line_end: 18 }, CHECKOUT_PATH, scanned);
    const charge = anchorEntry(
      { file: 'main.go', line_start: 11, line_end: 13, name: 'chargeCard' },
      CHECKOUT_PATH,
      scanned,
    );
    const index = await indexOver(repo.root, [send, charge]);
    const s = get(index, send);
    assert.equal(s.state, 'relocated');
    assert.deepEqual(s.range, range(2, 0, 5, 1));
    assert.equal(s.sinceScan?.change, 'changed'); // its text differs from the scanned one
    const c = get(index, charge);
    assert.equal(c.state, 'resolved');
    assert.equal(c.sinceScan?.change, 'exact'); // shifted, unchanged
    assert.deepEqual(c.range, range(15, 0, 17, 1));
  });

  it('with history, a function moved to another file is followed there; its handler never takes it', async () => {
    const repo = await newRepo();
    await repo.write('src/checkoutservice/main.go', CHECKOUT_GO);
    const scanned = repo.commit('scan');
    await repo.write('src/checkoutservice/main.go', CHECKOUT_GO_DELETED);
    const confirm = lines(
      'package main',
      '',
      '// sendOrderConfirmation e-mails the order.',
      'func (cs *checkoutService) sendOrderConfirmation(ctx context.Context, email string) error {',
      '\t_, err := cs.email.SendOrderConfirmation(ctx, email)',
      '\treturn err',
      '}',
    );
    await repo.write('src/checkoutservice/confirm.go', confirm);
    repo.commit('split the confirmation out');
    const e = anchorEntry(
      { file: 'src/checkoutservice/main.go', line_start: 15, line_end: 18 },
      CHECKOUT_PATH,
      scanned,
    );
    const index = await indexOver(repo.root, [e]);
    const t = get(index, e);
    const confirmUri = fileUri(repo.abs('src/checkoutservice/confirm.go'));
    assert.equal(t.state, 'relocated');
    assert.equal(t.uri, confirmUri);
    assert.deepEqual(t.range, range(3, 0, 6, 1));
    assert.equal(t.sinceScan?.change, 'exact'); // the same code, elsewhere
    assert.deepEqual(index.anchorsAt(confirmUri, { line: 4, character: 2 }), [t]);
    assert.deepEqual(
      index.anchorsAt(fileUri(repo.abs('src/checkoutservice/main.go')), { line: 4, character: 2 }),
      [],
    );
    const [d] = index.diagnosticsFor(confirmUri);
    assert.equal(d!.code, 'anchor-relocated');
    assert.match(
      d!.message,
      /moved here from "src\/checkoutservice\/main\.go": the definition it was scanned on is now at line 4/,
    );
    // Its record names another file: nothing a repair could write there.
    assert.equal(index.drift(e.componentId, e.pathId, e.anchor.anchor_id), undefined);
    // Edited in its new file, it is tracked there.
    const ed = new Editor(index, confirmUri, confirm);
    ed.insert(0, 0, '// header\n');
    assert.deepEqual(index.anchor(e.componentId, e.pathId, e.anchor.anchor_id)!.range, range(4, 0, 7, 1));
  });

  it('many anchors of a definition moved to another file all follow it; the rest of the file keeps its own', async () => {
    const repo = await newRepo();
    await repo.write('src/checkoutservice/main.go', CHECKOUT_GO);
    const scanned = repo.commit('scan');
    await repo.write('src/checkoutservice/main.go', CHECKOUT_GO_DELETED);
    await repo.write(
      'src/checkoutservice/confirm.go',
      lines(
        'package main',
        '',
        'func (cs *checkoutService) sendOrderConfirmation(ctx context.Context, email string) error {',
        '\t_, err := cs.email.SendOrderConfirmation(ctx, email)',
        '\treturn err',
        '}',
      ),
    );
    repo.commit('split the confirmation out');
    const file = 'src/checkoutservice/main.go';
    const movers = Array.from({ length: 300 }, () =>
      anchorEntry({ file, line_start: 15, line_end: 18 }, CHECKOUT_PATH, scanned),
    );
    const stays = [0, 1, 2].map(() =>
      anchorEntry({ file, line_start: 11, line_end: 13, name: 'chargeCard' }, CHECKOUT_PATH, scanned),
    );
    // Interleaved, as a component's paths come.
    const entries = movers.flatMap((m, i) => (i < stays.length ? [m, stays[i]!] : [m]));
    const index = await indexOver(repo.root, entries);
    const confirmUri = fileUri(repo.abs('src/checkoutservice/confirm.go'));
    for (const e of movers) {
      const t = get(index, e);
      assert.equal(t.uri, confirmUri);
      assert.equal(t.state, 'relocated');
      assert.deepEqual(t.range, range(2, 0, 5, 1));
    }
    const mainUri = fileUri(repo.abs(file));
    assert.deepEqual(
      index.anchorsInFile(mainUri).map((t) => t.entry.pathId),
      stays.map((e) => e.pathId),
    );
    assert.ok(stays.every((e) => get(index, e).state === 'resolved'));
    assert.equal(index.anchorsInFile(confirmUri).length, movers.length);
    assert.equal(index.anchorsAt(confirmUri, { line: 3, character: 2 }).length, movers.length);
  });

  it('module.exports = function charge, unchanged since the scan: resolved, with and without git', async () => {
    const repo = await newRepo();
    const charge = lines(
      "const cardValidator = require('simple-card-validator');", // 1
      '', // 2
      'class InvalidCreditCard extends Error {}', // 3
      '', // 4
      'module.exports = function charge (request) {', // 5
      '  const { amount, credit_card: creditCard } = request;', // 6
      '  const cardInfo = cardValidator(creditCard.credit_card_number);', // 7
      '  if (!cardInfo.isValid()) throw new InvalidCreditCard();', // 8
      '  return { transaction_id: amount.units };', // 9
      '};', // 10
    );
    await repo.write('src/paymentservice/charge.js', charge);
    const scanned = repo.commit('scan');
    const payment = {
      ingress: { signature_name: 'hipstershop.PaymentService/Charge' },
      egress: { signature_name: 'paymentservice/charge' },
    };
    const e = anchorEntry(
      { file: 'src/paymentservice/charge.js', line_start: 5, line_end: 10 },
      payment,
      scanned,
    );
    assert.equal(get(await indexOver(repo.root, [e]), e).state, 'resolved');
    const plain = anchorEntry({ file: 'src/paymentservice/charge.js', line_start: 5, line_end: 10 }, payment);
    const t = get(await indexOver(await copyWithoutGit(repo), [plain], false), plain);
    assert.equal(t.state, 'resolved');
    assert.equal(t.unverified, true);
  });

  describe("without the scanned commit: the path's other name never wins", () => {
    const EMAIL_V1 = lines(
      'import os', // 1
      '', // 2
      'class EmailService:', // 3
      '    def SendOrderConfirmation(self, request, context):', // 4
      '        email = request.email', // 5
      '        self.send_email(email, request.order)', // 6
      '', // 7
      'def send_email(client, email_address, content):', // 8
      '    response = client.send_message(', // 9
      '        sender=os.environ["SENDER"],', // 10
      '        to=email_address,', // 11
      '        content=content)', // 12
      '    return response', // 13
    );
    /** Lines added above and the handler moved below: send_email now starts 6 lines lower (line 14). */
    const EMAIL_V2 = lines(
      'import os',
      'import logging',
      '',
      'logger = logging.getLogger("emailservice")',
      '',
      '',
      '',
      'class EmailService:',
      '    def SendOrderConfirmation(self, request, context):',
      '        email = request.email',
      '        logger.info("sending")',
      '        self.send_email(email, request.order)',
      '',
      'def send_email(client, email_address, content):',
      '    response = client.send_message(',
      '        sender=os.environ["SENDER"],',
      '        to=email_address,',
      '        content=content)',
      '    return response',
    );
    const EMAIL_PATH = {
      ingress: { signature_name: 'hipstershop.EmailService/SendOrderConfirmation' },
      egress: { signature_name: 'email_server/send_email' },
    };

    async function history(): Promise<{ repo: GitRepo; scanned: string }> {
      const repo = await newRepo();
      await repo.write('src/emailservice/email_server.py', EMAIL_V1);
      const scanned = repo.commit('scan');
      await repo.write('src/emailservice/email_server.py', EMAIL_V2);
      repo.commit('logging');
      return { repo, scanned };
    }

    it('a shallow clone without the scanned commit: on send_email, unverified', async () => {
      const { repo, scanned } = await history();
      const dir = await shallowClone(repo);
      const e = anchorEntry(
        { file: 'src/emailservice/email_server.py', line_start: 8, line_end: 13 },
        EMAIL_PATH,
        scanned,
      );
      const t = get(await indexOver(dir, [e]), e);
      assert.equal(t.state, 'relocated');
      assert.deepEqual([t.range!.start.line, t.range!.end.line], [13, 18]);
      assert.equal(t.unverified, true);
    });

    it('fetching the scanned commits into the shallow clone makes the anchor verified', async () => {
      const { repo, scanned } = await history();
      const dir = await shallowClone(repo);
      const e = anchorEntry(
        { file: 'src/emailservice/email_server.py', line_start: 8, line_end: 13 },
        EMAIL_PATH,
        scanned,
      );
      const index = await indexOver(dir, [e]);
      assert.equal(get(index, e).unverified, true);
      const outcome = await index.fetchScannedCommits();
      assert.deepEqual(outcome, { fetched: 1, missing: 0, failures: [] });
      const t = get(index, e);
      assert.equal(t.unverified, undefined);
      assert.equal(t.sinceScan?.commit, scanned);
      assert.deepEqual([t.range!.start.line, t.range!.end.line], [13, 18]);
      // Nothing left to fetch.
      assert.deepEqual(await index.fetchScannedCommits(), { fetched: 0, missing: 0, failures: [] });
    });

    it('the full clone: on send_email, verified', async () => {
      const { repo, scanned } = await history();
      const e = anchorEntry(
        { file: 'src/emailservice/email_server.py', line_start: 8, line_end: 13 },
        EMAIL_PATH,
        scanned,
      );
      const t = get(await indexOver(repo.root, [e]), e);
      assert.deepEqual([t.range!.start.line, t.range!.end.line], [13, 18]);
      assert.equal(t.unverified, undefined);
    });

    it('a name defined twice, the recorded lines holding neither: ambiguous, not resolved', async () => {
      const twice = lines(
        'class EmailService:', // 1
        '    def SendOrderConfirmation(self, request, context):', // 2
        '        return send(request)', // 3
        '', // 4
        '', // 5
        '', // 6
        '', // 7
        '', // 8
        'class DummyEmailService:', // 9
        '    def SendOrderConfirmation(self, request, context):', // 10
        '        return None', // 11
      );
      const repo = await newRepo();
      await repo.write('email_server.py', twice);
      repo.commit('now');
      const root = await copyWithoutGit(repo);
      // Both boundaries name the handler (the anchor's own code is one of the two).
      const both = {
        ingress: { signature_name: 'hipstershop.EmailService/SendOrderConfirmation' },
        egress: { signature_name: 'email_server/SendOrderConfirmation' },
      };
      const e = anchorEntry({ file: 'email_server.py', line_start: 5, line_end: 6 }, both);
      const index = await indexOver(root, [e], false);
      const t = get(index, e);
      assert.equal(t.state, 'ambiguous');
      assert.deepEqual(
        t.candidates!.map((r) => r.start.line),
        [1, 9],
      );
      const [d] = index.diagnosticsFor(t.uri!);
      assert.equal(d!.code, 'anchor-ambiguous');
      assert.deepEqual(index.anchorsAt(t.uri!, { line: 4, character: 0 }), []);
    });
  });
});
