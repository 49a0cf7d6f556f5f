// Journey 9: `npm start` as a new user runs it (the browser VS Code, as on a machine without a desktop
// `code`): the terminal gives a URL and a key; the editor opens on the demo workspace, pointed at the
// service; after Sign In with that key the status bar's tooltip names the service and its database
// file. Ctrl-C in the terminal (SIGINT to the whole process group, as a terminal sends it) stops the
// service and the browser VS Code, says so in those words, names nothing it never started (no
// Chromium), and exits with 130.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { session } from './support/session';
import {
  goToLine,
  hoverAtCursor,
  hoverWidget,
  inputBox,
  lineageStatusItem,
  openFile,
  openLineageContainer,
  quickInput,
  runCommand,
  screenshot,
  statusBarShows,
  textOf,
  UI_TIMEOUT,
  visibleLens,
  type PageElement,
} from './support/workbench';

/** The lines a process writes (stdout and stderr), and a wait for the first line matching a pattern. */
class Lines {
  readonly all: string[] = [];
  private readonly waiters: Array<{ re: RegExp; resolve: (m: RegExpExecArray) => void }> = [];
  readonly exited: Promise<number | null>;

  constructor(child: ChildProcess) {
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => {
        this.all.push(line);
        for (const w of [...this.waiters]) {
          const m = w.re.exec(line);
          if (!m) continue;
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(m);
        }
      });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    );
  }

  /** The first line (already written or to come) that matches; fails if the process exits first. */
  next(re: RegExp): Promise<RegExpExecArray> {
    for (const line of this.all) {
      const m = re.exec(line);
      if (m) return Promise.resolve(m);
    }
    return Promise.race([
      new Promise<RegExpExecArray>((resolve) => this.waiters.push({ re, resolve })),
      this.exited.then((code) => {
        throw new Error(`npm start exited (${code}) before printing ${re}:\n${this.all.join('\n')}`);
      }),
    ]);
  }
}

describe('journey 9: npm start, sign in with the printed key, Ctrl-C', () => {
  let child: ChildProcess | undefined;
  let page: Page | undefined;
  let stateDir: string | undefined;
  after(async () => {
    await page?.close().catch(() => undefined);
    if (child && child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
  });

  it('opens the demo in the browser VS Code, and Ctrl-C stops only what it started', async function () {
    this.timeout(300_000);
    const s = session();
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lineage-npm-start-'));
    // Already built by the runner; random ports (7878/7879 belong to the user's own npm start); its
    // database, profile and logs in a temporary state folder.
    child = spawn(
      process.execPath,
      [
        path.join(s.repoRoot, 'scripts', 'start.mjs'),
        '--no-build',
        '--browser-vscode',
        '--port',
        '0',
        '--editor-port',
        '0',
        '--state-dir',
        stateDir,
      ],
      { cwd: s.repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const out = new Lines(child);
    const [, serviceUrl] = await out.next(
      /^\[start\] local service: (http:\/\/127\.0\.0\.1:\d+) \(new database/,
    );
    const [, editorUrl] = await out.next(/^\s+(http:\/\/127\.0\.0\.1:\d+\/\S+)\s*$/);
    await out.next(/press Ctrl-C to stop the service and the browser VS Code/);
    // The key is on the line after "paste this API key:".
    const apiKey = out.all[out.all.findIndex((l) => /paste this API key:\s*$/.test(l)) + 1]?.trim() ?? '';
    assert.match(apiKey, /^\S{16,}$/, 'npm start printed the API key');
    assert.ok(serviceUrl && editorUrl);
    // The demo workspace it opens is the git repository the demo dataset was scanned from.
    const repoDir = path.join(stateDir, 'demo-workspace');
    assert.ok(
      out.all.includes(
        `[start] demo workspace: ${repoDir}, a git repository of the 8 commits the demo dataset was scanned on`,
      ),
      out.all.join('\n'),
    );

    // The editor it launched: the demo workspace, the extension, the service URL already set.
    page = await s.page.context().newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(editorUrl, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT });
    await lineageStatusItem(page).waitFor({ timeout: UI_TIMEOUT });
    await statusBarShows(page, /signed out/i);
    await openLineageContainer(page);
    await screenshot(page, '09-1-npm-start-signed-out');

    await runCommand(page, 'Lineage Lens: Sign In');
    const input = await inputBox(page, 'Lineage Lens: API Key');
    await quickInput(page).getByText(serviceUrl).first().waitFor({ timeout: UI_TIMEOUT });
    await input.fill(apiKey);
    await page.keyboard.press('Enter');
    await statusBarShows(page, /Lineage: connected/);
    // The tooltip names the service and, as npm start told the editor, its database file.
    await lineageStatusItem(page).hover();
    const db = path.join(stateDir, 'demo-service', 'service.db');
    const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: `database: ${db}` }).first();
    await hover.waitFor({ timeout: UI_TIMEOUT });
    assert.match(await hover.innerText(), new RegExp(`Service: ${serviceUrl.replace(/[.]/g, '\\.')}`));
    await screenshot(page, '09-2-npm-start-connected-tooltip');

    // In that repository the anchors are checked against their scanned commits, as in a user's own
    // clone: the lens names its path without "≈", the hover says nothing of a missing commit.
    const file = 'checkout-api/src/handlers/createOrder.ts';
    const lines = fs.readFileSync(path.join(repoDir, file), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.startsWith('export async function createOrder'));
    await openFile(page, file);
    await goToLine(page, line + 1, lines[line]!.indexOf('createOrder') + 3);
    await visibleLens(page, /^createOrder → insertOrder · phi, pii$/);
    await hoverAtCursor(page);
    const pathHover = hoverWidget(page);
    await pathHover.getByText('createOrder → insertOrder').first().waitFor({ timeout: UI_TIMEOUT });
    await pathHover.evaluate((el: PageElement) =>
      Promise.all(el.ownerDocument.getAnimations().map((a) => a.finished.catch(() => undefined))),
    );
    const hovered = await textOf(pathHover);
    assert.match(hovered, /^createOrder → insertOrder · Checkout API · from the scan/, hovered);
    assert.doesNotMatch(hovered, /Probably here|not in this clone/, hovered);
    await screenshot(page, '09-3-npm-start-verified-hover');
    await page.close();
    page = undefined;

    // Ctrl-C: the terminal signals the whole foreground process group.
    process.kill(-child.pid!, 'SIGINT');
    const code = await out.exited;
    const said = out.all.filter((l) => l.startsWith('[start]')).join('\n');
    assert.equal(code, 130, `exit code after Ctrl-C; output:\n${out.all.join('\n')}`);
    assert.match(said, /^\[start\] SIGINT: stopping what npm start started$/m);
    assert.match(said, /^\[start\] local service stopped$/m);
    assert.match(said, /^\[start\] browser VS Code stopped$/m);
    assert.doesNotMatch(out.all.join('\n'), /chromium/i, 'names nothing it never started');
    assert.doesNotMatch(out.all.join('\n'), /cleanup:|Error/, 'a clean stop');
    // Stopped for real: neither the service nor the editor answers.
    for (const url of [serviceUrl, new URL(editorUrl).origin])
      await assert.rejects(fetch(url, { signal: AbortSignal.timeout(5000) }), `${url} still answers`);
  });
});
