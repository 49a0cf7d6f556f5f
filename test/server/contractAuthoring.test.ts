// Authoring contract files through the language server over stdio: diagnostics of the file form
// (missing members, wrong types, a type outside the accepted set, unknown members, duplicate field
// names), completion, hovers, the outline and quick fixes; request-form files keep working; and the
// problems the YAML/JSON extension reports are left to it when the client says one validates the file.
import { strict as assert } from 'node:assert';
import {
  CodeActionRequest,
  CompletionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type MarkupContent,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { complianceDiagnostics } from '../../server/src/contracts/compliance';
import { contractOf, parseFile } from '../../server/src/contracts/contractFile';
import { LspClient } from '../helpers/lspClient';
import { BROKEN, WORKSPACE, workspaceText } from './setup';

function codes(d: Diagnostic[]): string[] {
  return d.map((x) => `${x.range.start.line}:${String(x.code)}`).sort();
}

function apply(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }) =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

describe('language server: authoring contract files', function () {
  let client: LspClient;
  before(async () => {
    // No service needed: authoring works signed out.
    client = await LspClient.start({ workspaceFolder: WORKSPACE });
  });
  after(async () => client?.stop());

  it('reports each problem of a file-form contract on its member', async () => {
    const uri = client.fileUri('contracts/broken.yaml');
    const from = client.mark();
    await client.open(uri, BROKEN, 'yaml');
    const d = await client.waitForDiagnostics(uri, (x) => x.length > 0, from);
    assert.deepEqual(codes(d), [
      '0:contract-missing-member', // namespace
      '12:contract-wrong-type', // optional: sometimes
      '4:contract-unknown-member', // colour
      '7:contract-unknown-field-type', // varchar
      '8:contract-duplicate-field', // order_id twice
    ]);
    assert.match(
      d.find((x) => x.code === 'contract-unknown-field-type')!.message,
      /varchar.*Accepted: string, bytes/,
    );
    assert.match(d.find((x) => x.code === 'contract-missing-member')!.message, /namespace/);
  });

  it('recognises a contract by content outside contracts/ and leaves other YAML alone', async () => {
    const uri = client.fileUri('schemas/refunds.yml');
    const from = client.mark();
    await client.open(
      uri,
      workspaceText('schemas/refunds.yml').replace('type: string', 'type: text'),
      'yaml',
    );
    const d = await client.waitForDiagnostics(uri, (x) => x.length > 0, from);
    assert.deepEqual(codes(d), ['8:contract-unknown-field-type']);
    const other = client.fileUri('assets/register.yaml');
    await client.open(other, workspaceText('assets/register.yaml'), 'yaml');
    const syms =
      (await client.conn.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: other } })) ?? [];
    assert.deepEqual(syms, []);
  });

  it('keeps request-form contracts working: no file-form complaints, its own schema checked', async () => {
    const uri = client.fileUri('contracts/orders.contract.yaml');
    const from = client.mark();
    await client.open(uri, workspaceText('contracts/orders.contract.yaml') + 'extra: 1\n', 'yaml');
    const d = await client.waitForDiagnostics(uri, (x) => x.length > 0, from);
    assert.deepEqual(codes(d), ['14:contract-unknown-member']);
  });

  it('completes member names (required first) and the accepted field types', async () => {
    const uri = client.fileUri('contracts/new.contract.yaml');
    const text = 'spec-version: 0.1.0\nna\nschema:\n  - name: a\n    ty\n  - name: b\n    type: \n';
    await client.open(uri, text, 'yaml');
    const at = async (line: number, character: number) =>
      ((await client.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line, character },
      })) ?? []) as CompletionItem[];
    const root = (await at(1, 2)).map((i) => i.label);
    assert.ok(root.includes('name') && root.includes('namespace') && root.includes('dataAssetResourceName'));
    assert.ok(!root.includes('spec-version'), 'members already present are not offered again');
    const field = (await at(4, 6)).map((i) => i.label);
    assert.ok(field.includes('type') && field.includes('optional') && field.includes('fields'));
    assert.ok(!field.includes('namespace'));
    const types = await at(6, 10);
    assert.ok(types.some((i) => i.label === 'timestamp') && types.some((i) => i.label === 'struct'));
  });

  it('completes the data asset with the DARNs the workspace knows, replacing the whole value', async () => {
    const complete = async (name: string, text: string, line: number, character: number) => {
      const uri = client.fileUri(`contracts/${name}`);
      await client.open(uri, text, name.endsWith('.json') ? 'json' : 'yaml');
      const items = ((await client.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line, character },
      })) ?? []) as CompletionItem[];
      return {
        items,
        apply: (label: string) => apply(text, [items.find((i) => i.label === label)!.textEdit as TextEdit]),
      };
    };
    // The cursor inside a half-typed DARN: the workspace's contract files' DARNs, named.
    const yaml = 'spec-version: 0.1.0\ndataAssetResourceName: postgres://fx-d\nschema: []\n';
    const y = await complete('darn.contract.yaml', yaml, 1, 30);
    const orders = y.items.find((i) => i.label === 'postgres://fx-db:public.orders');
    assert.ok(orders, JSON.stringify(y.items.map((i) => i.label)));
    // Known from two contract files: both named.
    assert.equal(orders.detail, 'contract Orders for finance · contract orders.contract.yaml');
    assert.equal(
      y.apply('postgres://fx-db:public.orders'),
      'spec-version: 0.1.0\ndataAssetResourceName: postgres://fx-db:public.orders\nschema: []\n',
    );
    // JSON: inside the quotes, the quotes kept.
    const json = '{\n  "dataAssetResourceName": "s3://old:thing",\n  "contractSchema": []\n}\n';
    const j = await complete('darn.contract.json', json, 1, 30);
    assert.equal(
      j.apply('postgres://fx-db:public.orders'),
      '{\n  "dataAssetResourceName": "postgres://fx-db:public.orders",\n  "contractSchema": []\n}\n',
    );
    // Elsewhere on the line (on the key): member names, as before.
    const onKey = await complete('darn2.contract.yaml', yaml, 1, 4);
    assert.ok(!onKey.items.some((i) => i.label.includes('://')), 'no DARNs on the key');
  });

  it('completes by where the line sits: nested fields, the wrapped request form, not constraints', async () => {
    const complete = async (name: string, text: string, line: number, character: number) => {
      const uri = client.fileUri(`contracts/${name}`);
      await client.open(uri, text, 'yaml');
      const items = ((await client.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line, character },
      })) ?? []) as CompletionItem[];
      return items.map((i) => i.label);
    };
    const nested =
      'spec-version: 0.1.0\nschema:\n  - name: address\n    type: struct\n    fields:\n' +
      '      - name: city\n        ty\n      - na\n    constraints:\n      mi\n';
    // A member of a nested field, and a new nested field: field members, not the contract's.
    for (const [line, character] of [
      [6, 10],
      [7, 10],
    ] as const) {
      const labels = await complete('nested.contract.yaml', nested, line, character);
      assert.ok(labels.includes('type') && labels.includes('fields'), `${line}: ${labels.join()}`);
      assert.ok(!labels.includes('namespace'), `${line}: ${labels.join()}`);
    }
    // Constraints are free-form: nothing to offer.
    assert.deepEqual(await complete('nested.contract.yaml', nested, 9, 8), []);

    // The request form wrapped in `contract:`: its members at the first level, element members below.
    const wrapped = 'contract:\n  contractSchema:\n    - name: id\n      ty\n    - na\n  da\n';
    const contractLevel = await complete('wrapped.contract.yaml', wrapped, 5, 4);
    assert.deepEqual(contractLevel, ['dataAssetResourceName']);
    const newElement = await complete('wrapped.contract.yaml', wrapped, 4, 8);
    assert.ok(newElement.includes('type') && newElement.includes('optional'), newElement.join());
    const element = await complete('wrapped.contract.yaml', wrapped, 3, 8);
    assert.ok(element.includes('type') && element.includes('optional'), element.join());
    assert.ok(!element.includes('dataAssetResourceName'), element.join());
  });

  it('explains members on hover and outlines the fields', async () => {
    const uri = client.fileUri('contracts/orders-finance.yaml');
    const text = workspaceText('contracts/orders-finance.yaml');
    await client.open(uri, text, 'yaml');
    const line = text.split('\n').findIndex((l) => l.startsWith('namespace:'));
    const hover = await client.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line, character: 3 },
    });
    assert.match((hover?.contents as MarkupContent).value, /\*\*namespace\*\* \(required\)/);
    const syms = (await client.conn.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri },
    })) as DocumentSymbol[];
    const schema = syms.find((s) => s.name === 'schema')!;
    assert.deepEqual(
      schema.children!.map((c) => [c.name, c.detail]),
      [
        ['order_id', 'string'],
        ['customer', 'struct'],
        ['total_cents', 'string'],
      ],
    );
    assert.deepEqual(
      schema.children![1]!.children!.map((c) => c.name),
      ['email', 'loyaltyTier'],
    );
  });

  it('does not offer a member already written beside the line, above or below it', async () => {
    const uri = client.fileUri('contracts/siblings.contract.yaml');
    const text =
      'spec-version: 0.1.0\nschema:\n  - name: a\n    type: string\n    op\n    doc: x\n  - name: b\n    type: long\n';
    await client.open(uri, text, 'yaml');
    const labels = (
      ((await client.conn.sendRequest(CompletionRequest.type, {
        textDocument: { uri },
        position: { line: 4, character: 6 },
      })) ?? []) as CompletionItem[]
    ).map((i) => i.label);
    assert.ok(labels.includes('optional') && labels.includes('fields'), labels.join());
    for (const present of ['name', 'type', 'doc'])
      assert.ok(!labels.includes(present), `${present} is already there: ${labels.join()}`);
  });

  it('says which accepted type a typo meant, and the quick fix writes it', async () => {
    const uri = client.fileUri('contracts/typo.contract.yaml');
    const text =
      'spec-version: 0.1.0\nid: 6f1c2a9e-3b7d-4e8a-9c51-2d4f8b7a1e30\nname: t\nnamespace: n\ndataAssetResourceName: s3://b:p\nschema:\n' +
      '  - name: a\n    type: lnog\n  - name: b\n    type: Strng\n  - name: c\n    type: varchar\n';
    const from = client.mark();
    await client.open(uri, text, 'yaml');
    const d = (await client.waitForDiagnostics(uri, (x) => x.length === 3, from)).sort(
      (a, b) => a.range.start.line - b.range.start.line,
    );
    assert.match(d[0]!.message, /lnog is not an accepted field type\. Did you mean long\?/);
    assert.match(d[1]!.message, /Did you mean string\?/);
    assert.doesNotMatch(d[2]!.message, /Did you mean/, 'varchar is no near miss of one type');
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d[0]!.range,
      context: { diagnostics: d },
    })) as Array<{ title: string; edit: WorkspaceEdit }>;
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Change to long', 'Change to string'],
    );
    const fixed = apply(
      text,
      actions.flatMap((a) => a.edit.changes![uri]!),
    );
    assert.match(fixed, /type: long\n {2}- name: b\n {4}type: string\n/);
  });

  it('offers to mark a field optional when the data asset lacks it (compliance)', async () => {
    const uri = client.fileUri('contracts/payments.contract.yaml');
    const text =
      'spec-version: 0.1.0\nid: 0b9e7c4d-52a1-4f3e-8d6b-7a2c9e1f4b58\nname: payments\nnamespace: billing\ndataAssetResourceName: s3://b:p\n' +
      'schema:\n  - name: amount\n    type: long\n  - name: currency\n    type: string\n' +
      '  - name: note\n    type: string\n    optional: false\n';
    await client.open(uri, text, 'yaml');
    // The problems as the compliance check places them (operation 10's violations on their fields).
    const file = parseFile(text, 'contract');
    const placed = complianceDiagnostics(file, contractOf(file), [
      {
        violationType: 'MISSING_REQUIRED_PROPERTY',
        field: 'currency',
        message: 'required field currency is missing',
      },
      {
        violationType: 'MISSING_REQUIRED_PROPERTY',
        field: 'note',
        message: 'required field note is missing',
      },
    ]);
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: placed[0]!.range,
      context: { diagnostics: placed },
    })) as Array<{ title: string; edit: WorkspaceEdit }>;
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Mark currency optional in the contract', 'Mark note optional in the contract'],
    );
    // Both fixes, as VS Code's "Fix All" applies them: edits of the same text, at once.
    const fixed = apply(
      text,
      actions.flatMap((a) => a.edit.changes![uri]!),
    );
    assert.match(fixed, /- name: currency\n {4}optional: true\n {4}type: string\n/);
    assert.match(fixed, /- name: note\n {4}type: string\n {4}optional: true\n$/);
    // The fixed file is still a valid contract, and it says the two fields may be absent.
    const contract = contractOf(parseFile(fixed, 'contract')).contract;
    const optional = (n: string) => contract.contractSchema.find((f) => f.name === n)?.optional;
    assert.deepEqual([optional('currency'), optional('note'), optional('amount')], [true, true, undefined]);
  });

  it('offers quick fixes that add missing required members, leaving a valid contract', async () => {
    const uri = client.fileUri('contracts/started.yaml');
    const text = 'dataAssetResourceName: s3://b:p\nschema:\n  - name: a\n';
    const from = client.mark();
    await client.open(uri, text, 'yaml');
    const d = await client.waitForDiagnostics(uri, (x) => x.length > 0, from);
    const missing = d.filter((x) => x.code === 'contract-missing-member');
    assert.deepEqual(missing.map((x) => x.message.split(' ').pop()).sort(), [
      'id.',
      'name.',
      'namespace.',
      'spec-version.',
      'type.',
    ]);
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
      context: { diagnostics: missing },
    })) as Array<{ title: string; edit: WorkspaceEdit }>;
    assert.equal(actions.length, 5);
    let fixed = text;
    for (const a of actions) fixed = apply(fixed, a.edit.changes![uri]!);
    const fixedUri = client.fileUri('contracts/fixed.yaml');
    const from2 = client.mark();
    await client.open(fixedUri, fixed, 'yaml');
    const after = await client.waitForDiagnostics(fixedUri, () => true, from2);
    // Only the empty placeholders remain to be filled in.
    assert.deepEqual(
      after.map((x) => x.message).sort(),
      ['name must not be empty.', 'namespace must not be empty.'],
      fixed,
    );
  });
});

describe('language server: contract files another extension validates', function () {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({
      workspaceFolder: WORKSPACE,
      initializationOptions: { externalSchemaValidation: { json: true, yaml: true } },
    });
  });
  after(async () => client?.stop());

  it('reports only what the schema cannot say (no double squiggles)', async () => {
    const uri = client.fileUri('contracts/broken.yaml');
    const from = client.mark();
    await client.open(uri, BROKEN, 'yaml');
    const d = await client.waitForDiagnostics(uri, (x) => x.length > 0, from);
    assert.deepEqual(codes(d), ['4:contract-unknown-member', '8:contract-duplicate-field']);
    // A file the schema contribution does not match (by name) still gets every problem from us.
    const other = client.fileUri('schemas/broken.yml');
    const from2 = client.mark();
    await client.open(other, BROKEN, 'yaml');
    const all = await client.waitForDiagnostics(other, (x) => x.length > 0, from2);
    assert.equal(all.length, 5);
  });

  it('leaves completion and member hovers to that extension too, not the outline or quick fixes', async () => {
    const uri = client.fileUri('contracts/broken.yaml');
    const completion = await client.conn.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 7, character: 10 },
    });
    assert.deepEqual(completion, []);
    const hover = await client.conn.sendRequest(HoverRequest.type, {
      textDocument: { uri },
      position: { line: 2, character: 2 },
    });
    assert.equal(hover, null);
    const syms = (await client.conn.sendRequest(DocumentSymbolRequest.type, {
      textDocument: { uri },
    })) as DocumentSymbol[];
    assert.ok(syms.some((s) => s.name === 'schema'));
    // Outside the contribution's globs (matched by content only), our completion still answers.
    const other = client.fileUri('schemas/broken.yml');
    const items = (await client.conn.sendRequest(CompletionRequest.type, {
      textDocument: { uri: other },
      position: { line: 7, character: 10 },
    })) as CompletionItem[];
    assert.ok(items.some((i) => i.label === 'timestamp'));
  });

  it("offers the quick fix for the JSON extension's missing-property problem", async () => {
    const uri = client.fileUri('contracts/partial.contract.json');
    const text = '{\n  "spec-version": "0.1.0",\n  "name": "P"\n}\n';
    await client.open(uri, text, 'json');
    // As VS Code's JSON language service reports it, on the object.
    const fromJson: Diagnostic = {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
      severity: 2,
      message: 'Missing property "namespace".',
    };
    const actions = (await client.conn.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: fromJson.range,
      context: { diagnostics: [fromJson] },
    })) as Array<{ title: string; edit: WorkspaceEdit }>;
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Add the required member namespace'],
    );
    const fixed = apply(text, actions[0]!.edit.changes![uri]!);
    assert.deepEqual(Object.keys(JSON.parse(fixed) as object), ['namespace', 'spec-version', 'name']);
  });
});
