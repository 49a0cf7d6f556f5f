// The running workbench the journeys drive. scripts/vscode/run-journeys.mjs starts the local service,
// code-server with the extension under development and chromium, then puts this on globalThis before
// it loads the journey files (each journey file is its own bundle, so no module state is shared).
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface JourneySession {
  page: Page;
  workbenchUrl: string;
  /** The real local service, seeded with demo/dataset.json. */
  serviceUrl: string;
  /** The key the service printed for its new database: typed into the Sign In box, sent to check results. */
  apiKey: string;
  /** A temporary copy of demo/workspace (journeys may change it). */
  workspace: string;
  repoRoot: string;
  screenshotDir: string;
  runDir: string;
  /** Set by the first journey that loads the workbench (the journey bundles share no module state). */
  workbenchLoaded?: boolean;
}

export function session(): JourneySession {
  const s = (globalThis as { __lineageJourneySession?: JourneySession }).__lineageJourneySession;
  assert.ok(s, 'the journeys run only under scripts/vscode/run-journeys.mjs (no session on globalThis)');
  return s;
}
