// How agent tools' answers hold service text and size: every string one line without invisible
// characters and capped, the key redacted even when split by one, nothing that closes the JSON fence,
// pages within the stated limits whatever the items, cursors tied to their question, and the base of a
// change impact never read as an option.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  agentToolInputProblem,
  decodeCursor,
  encodeCursor,
  MAX_ANSWER_CHARS,
  MAX_DATA_TEXT,
  MAX_PAGE_ITEMS,
} from '../../common/src/agentTools';
import { modelDataText } from '../../common/src/untrustedText';
import { cleanData, pagedAnswer } from '../../server/src/features/agentTools/answer';
import { changeImpactRequest } from '../../server/src/features/agentTools/changeImpact';

const KEY = 'll_secret_0123456789abcdef';

describe('agent tool answers', () => {
  it('modelDataText: one line, no controls, bidi or zero-width characters, at most the cap', () => {
    assert.equal(modelDataText('a\nb\r\nc\u2028d\te'), 'a b c d e');
    assert.equal(modelDataText('ig\u200bnore\u202e\u2066 this\u061c'), 'ignore this');
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 2000 }),
        fc.integer({ min: 1, max: 500 }),
        (s, max) => {
          const out = modelDataText(s, max);
          assert.ok(out.length <= max);
          assert.doesNotMatch(
            out,
            /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/,
          );
        },
      ),
    );
  });

  it('cleanData: strings and keys cleaned, the key redacted even when an invisible character splits it', () => {
    const hostile = {
      name: `x ${KEY.slice(0, 5)}\u200b${KEY.slice(5)} y`,
      [`k\n${KEY}`]: [{ deep: `${'z'.repeat(1000)}` }],
      n: 3,
      ok: true,
    };
    const clean = cleanData(hostile, [KEY]) as Record<string, unknown>;
    const text = JSON.stringify(clean);
    assert.ok(!text.includes(KEY));
    assert.equal(clean.name, 'x [redacted] y');
    assert.deepEqual(Object.keys(clean), ['name', 'k [redacted]', 'n', 'ok']);
    const deep = (clean['k [redacted]'] as Array<{ deep: string }>)[0]!.deep;
    assert.equal(deep.length, MAX_DATA_TEXT);
  });

  it('pagedAnswer: each page within the item and character limits, no backtick in the JSON, all items once', () => {
    const items = Array.from({ length: 777 }, (_, i) => ({ i, text: `\`\`\`${'w'.repeat(400)} ${i}` }));
    const input = { tag: 'pii' };
    let offset = 0;
    const seen: number[] = [];
    for (let pages = 0; pages < 200; pages++) {
      const a = pagedAnswer({
        tool: 'fields_with_tag',
        input: offset ? { ...input, cursor: encodeCursor('fields_with_tag', input, offset) } : input,
        offset,
        itemsName: 'fields',
        summary: { tag: 'pii' },
        items,
        secrets: [],
      });
      assert.ok(a.text.length <= MAX_ANSWER_CHARS, `${a.text.length}`);
      const body = a.text.slice(a.text.indexOf('```json\n') + 8, a.text.lastIndexOf('\n```'));
      assert.ok(!body.includes('`'));
      const page = (JSON.parse(body) as { fields: Array<{ i: number }> }).fields;
      assert.ok(page.length > 0 && page.length <= MAX_PAGE_ITEMS);
      seen.push(...page.map((f) => f.i));
      if (!a.nextCursor) break;
      const next = decodeCursor('fields_with_tag', { ...input, cursor: a.nextCursor });
      assert.ok('offset' in next);
      offset = next.offset;
    }
    assert.deepEqual(
      seen,
      items.map((x) => x.i),
    );
  });

  it('says how much of the list it holds, in words: all of them, the one, or none', () => {
    const where = (n: number, itemsName: string) =>
      pagedAnswer({
        tool: 'change_impact',
        input: {},
        offset: 0,
        itemsName,
        summary: {},
        items: Array.from({ length: n }, (_, i) => ({ i })),
        secrets: [],
      }).text.split('\n')[1];
    assert.equal(where(3, 'entries'), 'All 3 entries are listed.');
    assert.equal(where(1, 'entries'), 'The one entry is listed.');
    assert.equal(where(1, 'fields'), 'The one field is listed.');
    assert.equal(where(0, 'findings'), 'No findings.');
  });

  it('a cursor belongs to its question: another tool or another input is refused', () => {
    const c = encodeCursor('fields_with_tag', { tag: 'pii' }, 100);
    assert.deepEqual(decodeCursor('fields_with_tag', { tag: 'pii', cursor: c }), { offset: 100 });
    assert.ok('error' in decodeCursor('fields_with_tag', { tag: 'phi', cursor: c }));
    assert.ok('error' in decodeCursor('field_flow', { tag: 'pii', cursor: c }));
    assert.ok('error' in decodeCursor('fields_with_tag', { tag: 'pii', cursor: 'nonsense' }));
  });

  it('inputs are checked against the schema, with what is wrong', () => {
    assert.equal(agentToolInputProblem('lineage_at', { file: 'a.ts', line: 3 }), undefined);
    assert.match(agentToolInputProblem('lineage_at', { file: 'a.ts', line: 0 }) ?? '', /line/);
    assert.match(agentToolInputProblem('lineage_at', { file: 'a.ts', line: 1, extra: 1 }) ?? '', /schema/);
  });

  it('change_impact base: working tree, branch, or a ref; never an option', () => {
    assert.deepEqual(changeImpactRequest(undefined), {});
    assert.deepEqual(changeImpactRequest('working tree'), {});
    assert.deepEqual(changeImpactRequest('branch'), { branch: true });
    assert.deepEqual(changeImpactRequest('origin/main'), { base: 'origin/main' });
    assert.throws(() => changeImpactRequest('--output=/tmp/x'), /not a branch or commit/);
    assert.throws(() => changeImpactRequest('main\nrm'), /not a branch or commit/);
  });
});

describe('agent tool answers: a large summary', () => {
  it('is cut to half an answer, the cut said, and the page still fits', () => {
    const components = Array.from({ length: 2000 }, (_, i) => ({
      component: `component-${i}`,
      appliedFields: i,
    }));
    const a = pagedAnswer({
      tool: 'fields_with_tag',
      input: { tag: 'pii' },
      offset: 0,
      itemsName: 'fields',
      summary: { tag: 'pii', components },
      items: Array.from({ length: 300 }, (_, i) => ({ field: `f${i}`, note: 'n'.repeat(200) })),
      secrets: [],
    });
    assert.ok(a.text.length <= MAX_ANSWER_CHARS, String(a.text.length));
    const listed = (a.data.components as unknown[]).length;
    assert.ok(listed > 0 && listed < 2000);
    assert.equal(a.data.componentsListed, `the first ${listed} of 2000`);
    assert.ok(a.nextCursor);
  });
});
