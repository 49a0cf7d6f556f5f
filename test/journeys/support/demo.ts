// The demo dataset the runner seeded the service with (demo/dataset.json), for what the journeys expect
// to see: names come from the data, not from copies in the tests.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { session } from './session';
import { pathDocumentLabel } from '../../../common/src/pathLabels';

export interface DemoAnchor {
  anchor_id: string;
  name: string;
  file: string;
  line_start: number;
  line_end: number;
  column_start: number;
  column_end: number;
}

export interface DemoPath {
  path_id: string;
  path_type: string;
  replaces_path_id?: string;
  transformation_summary?: string;
  ingress: { signature_name: string };
  egress: { signature_name: string };
  code_anchors?: DemoAnchor[];
}

export interface DemoComponent {
  id: string;
  name: string;
  friendly_name?: string;
  namespace: string;
  type: string;
  approval?: { status: string };
  paths?: DemoPath[];
}

export interface DemoDataset {
  components: DemoComponent[];
  tagApplications?: Array<{ boundary_id: string; field_path: string; tag: string }>;
  contracts?: Array<{ id: string; name?: string; dataAssetResourceName?: string }>;
  webhooks?: Array<{ id: string; name?: string }>;
}

let cached: DemoDataset | undefined;
export function demo(): DemoDataset {
  cached ??= JSON.parse(
    fs.readFileSync(path.join(session().repoRoot, 'demo', 'dataset.json'), 'utf8'),
  ) as DemoDataset;
  return cached;
}

export function component(name: string): DemoComponent {
  const c = demo().components.find((x) => x.name === name);
  if (!c) throw new Error(`the demo dataset has no component ${name}`);
  return c;
}

/** The label the Components view gives a component. */
export function displayName(c: DemoComponent): string {
  return c.friendly_name || c.name;
}

/** The last segment of a signature ("com.shop.checkout.OrderHandler.createOrder" → "createOrder"). */
export function lastSegment(signature: string): string {
  return signature.split(/[./]/).pop() ?? signature;
}

/** The short label the Components view gives a path whose sides end differently from its siblings'. */
export function pathRowLabel(p: DemoPath): string {
  return pathDocumentLabel(p);
}

/**
 * Where the graph journeys put the cursor: checkout-api's path createOrder → chargeCard is anchored at
 * the chargeCard call in createOrder.ts; `billingEmail: body.email,` is three lines below it, `email`
 * at column 27. `file` is relative to the workspace.
 */
export function emailInChargeCard(): { anchor: DemoAnchor; file: string; line: number; column: number } {
  const charge = component('checkout-api').paths!.find((p) =>
    p.code_anchors?.some((a) => a.name === 'chargeCard'),
  )!;
  const anchor = charge.code_anchors!.find((a) => a.name === 'chargeCard' && a.file.includes('handlers'))!;
  const file = `checkout-api/${anchor.file.replace(/^checkout-api\//, '')}`;
  return { anchor, file, line: anchor.line_start + 3, column: 27 };
}
