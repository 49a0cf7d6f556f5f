// Driving the VS Code workbench like a user: command palette, Quick Open, Go to Line, the Lineage views,
// hovers, the Problems panel. Every wait is on something appearing in the DOM, never a fixed sleep.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { component, displayName } from './demo';
import { session } from './session';

/** How long the UI may take to react (the machine is shared and slow under load). */
export const UI_TIMEOUT = 60_000;

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Saves .test-artifacts/screenshots/journeys/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = session().screenshotDir;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^A-Za-z0-9._-]+/g, '_')}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Loads the workbench on first use (later journeys share the window: each closes the editors and
 * overlays it does not want) and waits for the extension's status bar item.
 */
export async function openWorkbench(): Promise<Page> {
  const s = session();
  if (!s.workbenchLoaded) {
    await s.page.goto(s.workbenchUrl, { waitUntil: 'domcontentloaded', timeout: UI_TIMEOUT });
    s.workbenchLoaded = true;
  }
  const page = s.page;
  await dismissOverlays(page);
  await page.locator('.monaco-workbench').waitFor({ timeout: UI_TIMEOUT });
  await lineageStatusItem(page).waitFor({ timeout: UI_TIMEOUT });
  return page;
}

/** The extension's status bar entry ("Lineage: …"). */
export function lineageStatusItem(page: Page): Locator {
  return page.locator('.statusbar-item', { hasText: /Lineage/ }).first();
}

/** Waits until the extension's status bar entry reads `re`; returns its text. */
export async function statusBarShows(page: Page, re: RegExp): Promise<string> {
  const item = page.locator('.statusbar-item', { hasText: re }).first();
  await item.waitFor({ timeout: UI_TIMEOUT });
  return textOf(item);
}

export function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/** The row of the open quick pick whose label is exactly `label`. */
export function quickPickRow(page: Page, label: string | RegExp): Locator {
  const re = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}$`) : label;
  return quickInput(page)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: re }) })
    .first();
}

/**
 * Ticks a row of a multi-select quick pick. A click toggles it, and a pick may come with rows ticked
 * already (Look Up Data Assets ticks the kept look-up): clicked only when not ticked, then waited on.
 */
export async function tickPickRow(row: Locator): Promise<void> {
  await row.waitFor({ timeout: UI_TIMEOUT });
  if ((await row.getAttribute('aria-checked')) !== 'true') await row.click();
  await row.and(row.page().locator('[aria-checked="true"]')).waitFor({ timeout: UI_TIMEOUT });
}

/** Closes whatever quick input, hover or notification toast has the focus. */
export async function dismissOverlays(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await quickInput(page).isVisible()); i++) await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

/** F1, type the command's title, pick it (the row with exactly that label). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await dismissOverlays(page);
  await page.keyboard.press('F1');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(`>${title}`);
  const row = quickPickRow(page, title);
  await row.waitFor({ timeout: UI_TIMEOUT });
  await row.click();
}

/** Waits for an input box with the given title and returns its text field. */
export async function inputBox(page: Page, title: string | RegExp): Promise<Locator> {
  const widget = quickInput(page);
  await widget.locator('.quick-input-title', { hasText: title }).waitFor({ timeout: UI_TIMEOUT });
  return widget.locator('input.input');
}

/** Quick Open (Ctrl+P) a workspace file by its relative path; waits for its editor tab to be active. */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  await dismissOverlays(page);
  await page.keyboard.press('Control+P');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(relativePath);
  const base = path.basename(relativePath);
  const row = quickInput(page)
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(base)}$`) }) })
    .filter({ has: page.locator('.label-description', { hasText: path.dirname(relativePath) }) })
    .first();
  await row.waitFor({ timeout: UI_TIMEOUT });
  await row.click();
  await activeTab(page, base).waitFor({ timeout: UI_TIMEOUT });
  // Commands whose palette entry needs the editor's context (editorLangId) are listed only once the
  // opened editor has focus: wait for it, as a user's next keystroke would land there.
  await activeEditor(page).and(page.locator('.monaco-editor.focused')).waitFor({ timeout: UI_TIMEOUT });
}

/** The active editor tab whose label is `name`. */
export function activeTab(page: Page, name: string | RegExp): Locator {
  const re = typeof name === 'string' ? new RegExp(`^${escapeRegExp(name)}`) : name;
  return page.locator('.tabs-container .tab.active', { has: page.locator('.label-name', { hasText: re }) });
}

/** The active editor (the focused editor group's text editor). */
export function activeEditor(page: Page): Locator {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

/**
 * Waits for a code lens of the active editor whose text matches, shown on screen (the workbench keeps
 * hidden copies of lenses too). Put the cursor on the line first, so the lens above it is in view.
 */
export async function visibleLens(page: Page, text: string | RegExp): Promise<void> {
  await activeEditor(page)
    .locator('.codelens-decoration a', { hasText: text })
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: UI_TIMEOUT });
}

/** Ctrl+G to `line` (1-based) and optionally `column`; waits for the status bar to show the position. */
export async function goToLine(page: Page, line: number, column?: number): Promise<void> {
  await activeEditor(page).locator('.view-lines').click();
  await page.keyboard.press('Control+G');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  await input.fill(column ? `:${line}:${column}` : `:${line}`);
  await page.keyboard.press('Enter');
  await cursorPosition(page, new RegExp(`^Ln ${line}, Col ${column ?? 1}\\b`));
}

/** Waits until the status bar's cursor position matches `re` (e.g. /^Ln 9, Col 23/); returns its text. */
export async function cursorPosition(page: Page, re: RegExp): Promise<string> {
  const item = page.locator('#status\\.editor\\.selection', { hasText: re });
  await item.waitFor({ timeout: UI_TIMEOUT });
  return (await item.innerText()).trim();
}

/** Moves the real mouse over the character just right of the text cursor. */
export async function hoverAtCursor(page: Page): Promise<void> {
  const cursor = activeEditor(page).locator('.cursors-layer .cursor').first();
  await cursor.waitFor({ state: 'attached', timeout: UI_TIMEOUT });
  const box = await cursor.boundingBox();
  assert.ok(box, 'the text cursor is on screen');
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
}

/**
 * Hovers the character right of the text cursor until `shown` is visible, as a user moves the mouse
 * again when no hover came: the pointer is first moved away, so the move onto the text is one even
 * when the pointer already rested there (a move to where it is fires nothing). Three tries, the last
 * with the whole UI_TIMEOUT.
 */
export async function hoverAtCursorUntil(page: Page, shown: Locator): Promise<void> {
  for (let attempt = 1; attempt < 3; attempt++) {
    await page.mouse.move(0, 0);
    await hoverAtCursor(page);
    const seen = await shown.waitFor({ timeout: UI_TIMEOUT / 4 }).then(
      () => true,
      () => false,
    );
    if (seen) return;
  }
  await page.mouse.move(0, 0);
  await hoverAtCursor(page);
  await shown.waitFor({ timeout: UI_TIMEOUT });
}

/** The visible hover widget of the editor. */
export function hoverWidget(page: Page): Locator {
  return page
    .locator('.monaco-hover:not(.hidden)')
    .filter({ has: page.locator('.hover-contents, .rendered-markdown') })
    .first();
}

// ------------------------------------------------------------------ the Lineage views

/** Opens the Lineage container in the activity bar (the icon's tooltip is "Lineage"). */
export async function openLineageContainer(page: Page): Promise<void> {
  const pane = viewPane(page, 'Components');
  // The icon toggles: a click that lands as a reloaded window restores the container hides it again,
  // so when the views have not come, it is clicked again (three times at most).
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (await pane.isVisible()) return;
    // The item, not its label: the view's badge (the Change Impact count) is drawn over the label and
    // takes the pointer, and the workbench listens for clicks on the item that holds both.
    await page
      .locator('.activitybar .action-item')
      .filter({ has: page.locator('a[aria-label^="Lineage"]') })
      .first()
      .click({ position: { x: 6, y: 6 } });
    const shown = await pane.waitFor({ timeout: attempt === 3 ? UI_TIMEOUT : UI_TIMEOUT / 4 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
  }
  await pane.waitFor({ timeout: UI_TIMEOUT });
}

/** A view pane of the side bar, by its title (e.g. "Components"). */
export function viewPane(page: Page, title: string): Locator {
  return page
    .locator('.pane')
    .filter({
      has: page.locator('.pane-header .title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') }),
    })
    .first();
}

/** A tree row of a view whose label matches `label`. */
export function treeRow(pane: Locator, label: string | RegExp): Locator {
  const re = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}$`) : label;
  return pane
    .locator('.monaco-list-row[role="treeitem"]')
    .filter({ has: pane.page().locator('.label-name', { hasText: re }) })
    .first();
}

/**
 * Whether the part of a tree row (`.label-name` or `.label-description`) ends inside the row's label
 * area, i.e. the side bar does not cut it off with an ellipsis.
 */
export async function rowPartFits(
  row: Locator,
  part: '.label-name' | '.label-description',
): Promise<boolean> {
  return row.evaluate((r: PageElement, sel) => {
    const el = r.querySelector(sel);
    const box = r.querySelector('.monaco-icon-label-container');
    if (!el || !box) return false;
    return el.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1;
  }, part);
}

/**
 * The part of a page element that code run in the page (evaluate) uses: the test program is typed
 * without the DOM library, so Playwright's element types do not resolve there.
 */
export interface PageElement {
  textContent: string | null;
  ownerDocument: { getAnimations(): Array<{ finished: Promise<unknown> }> };
  getBoundingClientRect(): { top: number; bottom: number; right: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}

/** Expands a collapsed tree row (click on its twistie) and waits until it says so. */
export async function expandRow(row: Locator): Promise<void> {
  await row.waitFor({ timeout: UI_TIMEOUT });
  if ((await row.getAttribute('aria-expanded')) === 'true') return;
  await row.locator('.monaco-tl-twistie').click();
  await row.and(row.page().locator('[aria-expanded="true"]')).waitFor({ timeout: UI_TIMEOUT });
}

/** Collapses a tree row that is expanded (the journeys after leave the tree as they found it). */
export async function collapseRow(row: Locator): Promise<void> {
  if ((await row.getAttribute('aria-expanded')) !== 'true') return;
  await row.locator('.monaco-tl-twistie').click();
  await row.and(row.page().locator('[aria-expanded="false"]')).waitFor({ timeout: UI_TIMEOUT });
}

/**
 * Clicks an inline action (by its title) of a tree row; inline actions show on hover. With `opens`,
 * waits until it shows. A tree refresh that lands on the click (the extension reloads a component's
 * rows when its anchors' drift changes after a refresh) renders the row anew and VS Code drops the
 * click, as it would a user's: when what it opens has not come, it clicks again (three times at most,
 * so an action that never opens anything still fails).
 */
export async function clickRowAction(row: Locator, title: string, opens?: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await row.hover();
    const action = row.locator(`.actions .action-label[aria-label="${title}"]`);
    await action.waitFor({ timeout: UI_TIMEOUT });
    await action.click();
    if (!opens) return;
    if (attempt === 3) return opens.waitFor({ timeout: UI_TIMEOUT });
    const shown = await opens.waitFor({ timeout: UI_TIMEOUT / 4 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
  }
}

// ------------------------------------------------------------------ the lineage graph panel

/**
 * Narrows the Problems panel (open) to `glob` and waits for `row`. The panel restores the filter an
 * earlier session typed when it first shows, and that can land after ours: when the input's value
 * changes under us, it is typed again.
 */
export async function filterProblems(page: Page, glob: string, row: Locator): Promise<void> {
  const filter = page.getByPlaceholder(/^Filter \(e\.g\./).first();
  await filter.waitFor({ timeout: UI_TIMEOUT });
  const deadline = Date.now() + UI_TIMEOUT;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`the Problems filter would not keep ${glob}`);
    await filter.fill(glob);
    // Resolves when the value is no longer ours (each animation frame looks), or at the deadline.
    const replaced = filter
      .evaluate(
        (el, [g, ms]) =>
          new Promise<boolean>((resolve) => {
            const end = performance.now() + ms;
            const look = () => {
              if ((el as HTMLInputElement).value !== g) resolve(true);
              else if (performance.now() > end) resolve(false);
              else requestAnimationFrame(look);
            };
            look();
          }),
        [glob, left] as const,
      )
      .catch(() => false);
    const shown = row.waitFor({ timeout: left }).then(() => false);
    if (!(await Promise.race([shown, replaced]))) {
      await shown;
      return;
    }
    shown.catch(() => undefined); // superseded: the filter is typed again
  }
}
/** The graph webview's document: VS Code nests it in two frames (the host and the active frame). */
export function graphFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
}

/**
 * Runs `action` and waits until the graph is drawn anew (the renderer replaces its SVG on every
 * drawing) and reports ready.
 */
export async function redrawn(frame: FrameLocator, action: () => Promise<void>): Promise<void> {
  const before = await frame.locator('svg.graph').elementHandle({ timeout: UI_TIMEOUT });
  await action();
  await before?.waitForElementState('hidden', { timeout: UI_TIMEOUT });
  await frame.locator('body[data-ready="true"]:not([data-busy]) svg.graph').waitFor({ timeout: UI_TIMEOUT });
}

// ------------------------------------------------------------------ sign-in

/**
 * Signs in like a user: F1 → "Lineage Lens: Sign In" → the key (the service URL is already in the
 * profile's user settings, so only the key is asked) → waits for the Components view to fill.
 * Does nothing when already signed in (the status bar no longer offers to sign in).
 */
export async function signInThroughUi(page: Page): Promise<void> {
  const { apiKey, serviceUrl } = session();
  await openLineageContainer(page);
  const components = viewPane(page, 'Components');
  const checkout = treeRow(components, displayName(component('checkout-api')));
  if (await checkout.isVisible()) return;
  await runCommand(page, 'Lineage Lens: Sign In');
  const input = await inputBox(page, 'Lineage Lens: API Key');
  // The prompt names the service the key is for: proof the user-level serviceUrl setting reached the extension.
  await quickInput(page).getByText(serviceUrl).first().waitFor({ timeout: UI_TIMEOUT });
  await input.fill(apiKey);
  await page.keyboard.press('Enter');
  await checkout.waitFor({ timeout: UI_TIMEOUT });
}

/** Lower-level text of a locator, whitespace-normalised, for assertions. */
export async function textOf(l: Locator): Promise<string> {
  return (await l.innerText()).replace(/\s+/g, ' ').trim();
}

/** The narrow window of the screenshots that check a layout in a narrow panel. */
export const NARROW_WIDTH = 820;

/** Switches the colour theme as a user does (Preferences: Color Theme) and waits for the workbench to show it. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const shown = page.locator(`.monaco-workbench.${theme === 'dark' ? 'vs-dark' : 'vs'}`);
  if (await shown.isVisible()) return;
  await runCommand(page, 'Preferences: Color Theme');
  const input = quickInput(page).locator('input.input');
  await input.waitFor({ timeout: UI_TIMEOUT });
  const name = theme === 'dark' ? 'Dark Modern' : 'Light Modern';
  await input.fill(name);
  await quickPickRow(page, new RegExp(`^(Default )?${name}$`)).click();
  await shown.waitFor({ timeout: UI_TIMEOUT });
}

/**
 * Four screenshots of one state of the UI: the default window and a narrow one, in the light and the
 * dark theme (`<name>-light.png`, `-light-narrow`, `-dark`, `-dark-narrow`). Changing the theme closes
 * quick picks, so `show` brings the state up again (from wherever the last one left it) and waits for
 * it; it also runs after each resize. Leaves the window as it found it, light.
 */
export async function screenshotVariants(
  page: Page,
  name: string,
  show: (afterThemeChange: boolean) => Promise<unknown>,
): Promise<string[]> {
  const size = page.viewportSize() ?? { width: 1400, height: 900 };
  const files: string[] = [];
  try {
    for (const theme of ['light', 'dark'] as const) {
      const changed = !(await page
        .locator(`.monaco-workbench.${theme === 'dark' ? 'vs-dark' : 'vs'}`)
        .isVisible());
      if (changed) await setTheme(page, theme);
      await show(changed);
      for (const narrow of [false, true]) {
        const width = narrow ? NARROW_WIDTH : size.width;
        await page.setViewportSize({ width, height: size.height });
        await page.waitForFunction(
          (w) => (globalThis as unknown as { innerWidth: number }).innerWidth === w,
          width,
        );
        await show(false);
        files.push(await screenshot(page, `${name}-${theme}${narrow ? '-narrow' : ''}`));
      }
    }
  } finally {
    await page.setViewportSize(size);
    await setTheme(page, 'light');
  }
  return files;
}

/** Registers an afterEach (call inside a describe) that saves a screenshot of a failed journey step. */
export function screenshotOnFailure(prefix: string): void {
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    try {
      await screenshot(session().page, `${prefix}-FAILED`);
    } catch {
      /* the page is gone; the runner's logs tell why */
    }
  });
}
