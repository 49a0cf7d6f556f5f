// Path documents (lineage: URIs) over stdio: rendering, links and definitions into the source,
// validation diagnostics, completion, member hovers, and the save round trip with its refusals.
import { strict as assert } from 'node:assert';
import {
  CompletionRequest,
  DefinitionRequest,
  DiagnosticSeverity,
  DiagnosticTag,
  DocumentFormattingRequest,
  DocumentLinkRequest,
  HoverRequest,
  ResponseError,
  type CompletionItem,
  type DocumentLink,
  type LocationLink,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DataChangedNotification,
  PathDocumentRequest,
  SERVICE_ERROR_CODE,
  SavePathRequest,
  pathDocumentUri,
  type PathDocument,
  type ServiceErrorData,
} from '../../common/src/protocol';
import { ORDERS, P_CREATE, hoverText, startHarness, stopHarness, type Harness } from './setup';

function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the document`);
  const before = text.slice(0, offset + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

describe('language server: path documents', function () {
  let h: Harness;
  let doc: PathDocument;
  const uri = pathDocumentUri(ORDERS, P_CREATE);

  before(async function () {
    h = await startHarness();
    doc = await h.client.conn.sendRequest(PathDocumentRequest, { componentId: ORDERS, pathId: P_CREATE });
    await h.client.open(uri, doc.text, 'lineage-path');
  });
  after(async () => stopHarness(h));

  it('renders the path as 2-space JSON in the round-trip format with a revision', () => {
    const value = JSON.parse(doc.text) as Record<string, unknown>;
    assert.equal(value.path_id, P_CREATE);
    assert.equal(
      value.transformation_summary,
      'Copies `x` [click](javascript:alert(1)) <img src=x onerror=alert(1)> **bold**',
    );
    assert.ok(doc.text.startsWith('{\n  "path_id"'));
    assert.match(doc.revision, /^[0-9a-f]{16,}$/);
  });

  it('flags read-only members as ignored and nothing else on the document as read', async () => {
    const diags = await h.client.waitForDiagnostics(uri, (d) => d.length > 0);
    // Faded hints on the members, kept out of the Problems panel.
    assert.ok(
      diags.every(
        (d) => d.severity === DiagnosticSeverity.Hint && d.tags?.includes(DiagnosticTag.Unnecessary),
      ),
      JSON.stringify(diags),
    );
    assert.ok(diags.some((d) => /path_id is read-only: it is ignored/.test(d.message)));
    assert.ok(diags.some((d) => /field_tags is read-only/.test(d.message)));
  });

  it('links each code anchor to its source and answers definitions there', async () => {
    const links = (await h.client.conn.sendRequest(DocumentLinkRequest.type, {
      textDocument: { uri },
    })) as DocumentLink[];
    assert.equal(links.length, 1);
    assert.equal(links[0]!.target, `${h.client.fileUri('src/orders.ts')}#L3,1`);
    const defs = (await h.client.conn.sendRequest(DefinitionRequest.type, {
      textDocument: { uri },
      position: positionOf(doc.text, '"anchor_id": "anc-create"', 3),
    })) as LocationLink[];
    assert.equal(defs[0]!.targetUri, h.client.fileUri('src/orders.ts'));
    assert.equal(defs[0]!.targetRange.start.line, 2);
  });

  it('completes enum values and field names from the boundary schemas', async () => {
    const complete = async (needle: string, delta: number) =>
      (
        (await h.client.conn.sendRequest(CompletionRequest.type, {
          textDocument: { uri },
          position: positionOf(doc.text, needle, delta),
        })) as CompletionItem[]
      ).map((i) => i.label);
    assert.deepEqual(await complete('"kind": "DataFlow"', 10), ['DataFlow', 'KeyValueBridge', 'ControlFlow']);
    assert.deepEqual(await complete('"egress": "KNOWN_INCOMPLETE"', 12), [
      'UNKNOWN',
      'KNOWN_INCOMPLETE',
      'KNOWN_COMPLETE',
    ]);
    assert.deepEqual(await complete('"ingress_field": "customerEmail"', 19), ['customerEmail', 'totalCents']);
    assert.deepEqual(await complete('"egress_field": "customer_email"', 18), [
      'customer_email',
      'total_cents',
    ]);
  });

  it('documents each member on hover', async () => {
    const text = hoverText(
      await h.client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: positionOf(doc.text, '"transformation_summary"', 3),
      }),
    );
    assert.match(text, /Brief summary of the transformation/);
    const kind = hoverText(
      await h.client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri },
        position: positionOf(doc.text, '"kind": "DataFlow"', 2),
      }),
    );
    assert.match(kind, /KeyValueBridge/);
  });

  it('hovers a field the document names with its side, type and tags (schema key, mapping value)', async () => {
    const value = JSON.parse(doc.text) as {
      ingress: { field_tags?: Array<{ field_path: string; tags: Array<{ name: string }> }> };
      egress: { field_depends_on_tags?: Array<{ field_path: string; depends_on: Array<{ name: string }> }> };
    };
    // Markdown escapes undone (`customer\\_email`), so the expectations read as the user does.
    const hover = async (needle: string, delta: number) =>
      hoverText(
        await h.client.conn.sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: positionOf(doc.text, needle, delta),
        }),
      ).replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1');
    // The schema's property key: the expected tags are the document's own entries for the field.
    const key = await hover('"customerEmail": {', 3);
    assert.match(key, /^\*\*customerEmail\*\* · ingress field · `string`/);
    const applied = value.ingress.field_tags?.find((e) => e.field_path === 'customerEmail')?.tags ?? [];
    assert.ok(applied.length > 0, 'the fixture tags customerEmail');
    for (const t of applied) assert.ok(key.includes(`● **${t.name}**`), key);
    // A mapping's egress value names an egress field; its depends-on tags are shown as derived.
    const mapped = await hover('"egress_field": "customer_email"', 19);
    assert.match(mapped, /^\*\*customer_email\*\* · egress field · `string`/);
    const derived = value.egress.field_depends_on_tags?.find((e) => e.field_path === 'customer_email');
    for (const t of derived?.depends_on ?? []) assert.ok(mapped.includes(`◌ *${t.name}*`), mapped);
    // A JSON Schema keyword inside a schema is documented as one, not as a path member.
    assert.match(await hover('"type": "integer"', 2), /\*\*type\*\* \(JSON Schema keyword\)/);
  });

  it('formats a path document (served by the server, not by the JSON extension), and only path documents', async () => {
    const squashed = JSON.stringify(JSON.parse(doc.text));
    await h.client.change(uri, [{ text: squashed }]);
    try {
      const format = (target: string) =>
        h.client.conn.sendRequest(DocumentFormattingRequest.type, {
          textDocument: { uri: target },
          options: { tabSize: 2, insertSpaces: true },
        }) as Promise<TextEdit[]>;
      const edits = await format(uri);
      const formatted = TextDocument.applyEdits(TextDocument.create(uri, 'lineage-path', 1, squashed), edits);
      assert.equal(formatted, JSON.stringify(JSON.parse(doc.text), null, 2));
      const source = h.client.fileUri('src/orders.ts');
      await h.client.open(source, 'const   x =   1;\n');
      assert.deepEqual(await format(source), []);
      await h.client.close(source);
    } finally {
      await h.client.change(uri, [{ text: doc.text }]);
    }
  });

  it('validates edits: required members, enums, exact coordinates, unknown members, JSON syntax', async () => {
    const broken = JSON.parse(doc.text) as {
      egress?: unknown;
      colour?: string;
      field_mappings: Array<{ kind: string }>;
      ingress: { boundary_coordinates: Record<string, unknown> };
    };
    delete broken.egress;
    broken.field_mappings[0]!.kind = 'Nope';
    broken.colour = 'blue';
    broken.ingress.boundary_coordinates.extra = 1;
    const text = JSON.stringify(broken, null, 2);
    let from = h.client.mark();
    await h.client.change(uri, [{ text }]);
    const diags = await h.client.waitForDiagnostics(
      uri,
      (d) => d.some((x) => x.severity === DiagnosticSeverity.Error),
      from,
    );
    const errors = diags.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => d.message);
    assert.ok(
      errors.some((m) => /missing the required member egress/.test(m)),
      errors.join('\n'),
    );
    assert.ok(errors.some((m) => /kind must be one of DataFlow, KeyValueBridge, ControlFlow/.test(m)));
    assert.ok(
      errors.some((m) =>
        /boundary_coordinates allows only payload_name and signature_name; extra is not allowed/.test(m),
      ),
    );
    const unknown = diags.find((d) => /Unknown member colour/.test(d.message));
    assert.equal(unknown?.severity, DiagnosticSeverity.Warning);
    assert.equal(unknown?.range.start.line, positionOf(text, '"colour"').line);

    from = h.client.mark();
    await h.client.change(uri, [{ text: '{\n  "ingress": {\n    "signature_name": "a"\n  },,\n}' }]);
    const syntax = await h.client.waitForDiagnostics(
      uri,
      (d) => d.some((x) => x.message.startsWith('JSON')),
      from,
    );
    assert.equal(syntax.find((d) => d.message.startsWith('JSON'))!.range.start.line, 3);

    from = h.client.mark();
    await h.client.change(uri, [{ text: doc.text }]);
    await h.client.waitForDiagnostics(
      uri,
      (d) => d.every((x) => x.severity === DiagnosticSeverity.Hint),
      from,
    );
  });

  it('refuses to save an invalid document and names the problem', async () => {
    const bad = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: P_CREATE,
      text: '{"ingress": ',
      baseRevision: doc.revision,
    });
    assert.equal(bad.kind, 'invalid');
    assert.match((bad as { message: string }).message, /not valid JSON/);
    const schema = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: P_CREATE,
      text: '{"ingress": {"signature_name": "a"}}',
      baseRevision: doc.revision,
    });
    assert.equal(schema.kind, 'invalid');
    assert.match((schema as { message: string }).message, /egress/);
    // Nested past what the parser's recursion can follow: refused with a message, the server still answering.
    const deep = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: P_CREATE,
      text: '{"ingress": {"schema": ' + '['.repeat(50_000) + ']'.repeat(50_000) + '}}',
      baseRevision: doc.revision,
    });
    assert.deepEqual(deep, { kind: 'invalid', message: 'The path nests values too deeply to be saved.' });
  });

  it('passes a service refusal on as a ResponseError with the service message', async () => {
    const text = doc.text.replace('**bold**', 'v2');
    await assert.rejects(
      h.client.conn.sendRequest(SavePathRequest, {
        componentId: ORDERS,
        pathId: P_CREATE,
        text,
        baseRevision: doc.revision,
        effectiveSinceCommitSha: 'fffffff',
      }),
      (err: ResponseError<ServiceErrorData>) => {
        assert.equal(err.code, SERVICE_ERROR_CODE);
        assert.equal(err.data?.kind, 'http');
        assert.equal(err.data?.status, 400);
        assert.match(err.message, /is not a scanned commit/);
        return true;
      },
    );
    await assert.rejects(
      h.client.conn.sendRequest(SavePathRequest, {
        componentId: ORDERS,
        pathId: 'no-such-path',
        text,
        baseRevision: doc.revision,
      }),
      (err: ResponseError<ServiceErrorData>) => err.code === SERVICE_ERROR_CODE && err.data?.status === 404,
    );
  });

  it('saves an edited path, returns the new document and refreshes the data; a stale base is a conflict', async () => {
    const from = h.client.mark();
    const text = doc.text.replace('**bold**', 'saved by the test');
    const saved = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: P_CREATE,
      text,
      baseRevision: doc.revision,
      reason: 'test',
    });
    assert.equal(saved.kind, 'saved');
    if (saved.kind !== 'saved') return;
    assert.notEqual(saved.pathId, P_CREATE);
    const value = JSON.parse(saved.document.text) as Record<string, unknown>;
    assert.equal(value.path_id, saved.pathId);
    assert.equal(value.path_type, 'USER_OVERRIDE');
    assert.match(String(value.transformation_summary), /saved by the test/);
    await h.client.waitFor<{ componentIds: string[] }>(
      DataChangedNotification.method,
      (p) => p.componentIds.includes(ORDERS),
      from,
    );
    const hover = hoverText(
      await h.client.conn.sendRequest(HoverRequest.type, {
        textDocument: { uri: h.client.fileUri('src/orders.ts') },
        position: { line: 4, character: 3 },
      }),
    );
    assert.match(hover, /saved by the test/);
    assert.match(hover, /^\*\*createOrder → insertOrder\*\* · Orders API · override/);

    const again = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: saved.pathId,
      text: saved.document.text,
      baseRevision: doc.revision,
    });
    assert.equal(again.kind, 'conflict');
    if (again.kind === 'conflict') assert.equal(again.current.text, saved.document.text);
    const forced = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: saved.pathId,
      text: saved.document.text,
      baseRevision: doc.revision,
      overwrite: true,
    });
    assert.equal(forced.kind, 'saved');
    const next = await h.client.conn.sendRequest(SavePathRequest, {
      componentId: ORDERS,
      pathId: (forced as { pathId: string }).pathId,
      text: saved.document.text,
      baseRevision: (forced as { document: PathDocument }).document.revision,
    });
    assert.equal(next.kind, 'saved', 'the returned revision is the one the next save compares against');
  });
});
