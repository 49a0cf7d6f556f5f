// Members removed from a JSON text before parsing (server/src/api/dropMembers.ts): the result parses
// to the value with those members deleted at every depth, whatever their place among the others;
// names appearing as values or inside strings stay; a text it cannot follow comes back as it was.
// (A real component answer, through the API client: test/api/dropMembers.test.ts.)
import { strict as assert } from 'node:assert';
import { MemberDropper, dropMembers } from '../../server/src/api/dropMembers';
import { withoutMembers } from '../helpers/withoutMembers';

const NAME = 'field_depends_on_tags';

function check(text: string, names: readonly string[] = [NAME]): string {
  const out = dropMembers(Buffer.from(text), names).toString('utf8');
  assert.deepEqual(JSON.parse(out), withoutMembers(JSON.parse(text), names), `${text}\n→ ${out}`);
  return out;
}

describe('dropMembers', () => {
  it('cuts a member wherever it is among the others, with one comma', () => {
    check(`{"${NAME}":[1,2],"a":1}`);
    check(`{"a":1,"${NAME}":[1,2],"b":2}`);
    check(`{"a":1,"${NAME}":[1,2]}`);
    check(`{"${NAME}":[1,2]}`);
    check(`{"a":1,"${NAME}":[1],"${NAME}":[2]}`);
    check(`{"${NAME}":[1],"${NAME}":[2]}`);
    check(`{"${NAME}":[1],"${NAME}":[2],"a":3}`);
    check(` { "a" : 1 ,\n  "${NAME}" :\t[ {"x":"]"} ] \n } `);
  });

  it('cuts at any depth, and values of every kind', () => {
    check(`{"p":[{"i":{"${NAME}":{"k":[[[]]]},"s":"v"}},{"${NAME}":"text"}],"q":{"${NAME}":12.5e3}}`);
    check(`[{"${NAME}":true},{"${NAME}":null,"z":false},{"${NAME}":-1}]`);
  });

  it('keeps the name where it is a value or inside a string, and strings with escapes', () => {
    const text = `{"a":"${NAME}","b":["${NAME}"],"c":"\\"${NAME}\\":[1]","d\\"":"x\\\\","${NAME}":["\\"]\\\\"]}`;
    const out = check(text);
    assert.ok(out.includes(`"a":"${NAME}"`) && out.includes(`["${NAME}"]`));
  });

  it('cuts several names; none found gives the same buffer back', () => {
    check(`{"field_tags":[1],"a":{"${NAME}":[2],"field_tags":[]},"b":1}`, [NAME, 'field_tags']);
    const body = Buffer.from('{"a":[1,2,{"b":"c"}]}');
    assert.equal(dropMembers(body, [NAME]), body);
    assert.equal(dropMembers(body, []), body);
  });

  it('steps over arrays seen in earlier texts exactly as if it read them', () => {
    // One dropper for many texts, as the API client has: its second text meets the first's arrays.
    const dropper = new MemberDropper([NAME, 'field_tags']);
    const refs = '[{"tag_id":"t1","name":"pii","nearest_hops":1},{"tag_id":"t]","name":"x\\"]","n":2}]';
    const texts = [
      `{"a":{"${NAME}":[{"field_path":"e","depends_on":${refs}},{"depends_on":[]}]},"b":1}`,
      `{"x":[1,2],"p":[{"${NAME}":[{"depends_on":${refs}},{"depends_on":${refs}}],"k":2}],"field_tags":[[1],[2]]}`,
      // The same first elements, then more; the same bytes then a different closing.
      `{"${NAME}":[{"depends_on":${refs.slice(0, -1)},{"tag_id":"t3"}]}],"z":[1,2]}`,
      `{"${NAME}":${refs},"q":{"field_tags":[1,2]}}`,
      `{"${NAME}":[{"depends_on":[[1],[2]]}],"r":[[1],[2]]}`,
      `{"${NAME}":[{"depends_on":[[1],[2]]}],"r":[[1],[2]]}`,
    ];
    for (const round of [1, 2])
      for (const text of texts) {
        const dropped = dropper.drop(Buffer.from(text));
        assert.equal(dropped.nesting, 'within');
        const out = dropped.text.toString('utf8');
        assert.deepEqual(
          JSON.parse(out),
          withoutMembers(JSON.parse(text), [NAME, 'field_tags']),
          `${round}: ${text}`,
        );
      }
  });

  it('reads the nesting of what it keeps: too deep outside the members, never inside them', () => {
    const dropper = new MemberDropper([NAME]);
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    // Deep only inside a member cut: what is kept nests 2 deep.
    const inside = Buffer.from(`{"a":[1],"${NAME}":${deep(50)}}`);
    const cutInside = dropper.drop(inside, 10);
    assert.equal(cutInside.nesting, 'within');
    assert.deepEqual(JSON.parse(cutInside.text.toString()), { a: [1] });
    // Deep in what is kept: refused, the text given back as it was.
    const outside = Buffer.from(`{"a":${deep(10)},"${NAME}":[1]}`);
    assert.equal(dropper.drop(outside, 10).nesting, 'tooDeep');
    assert.equal(dropper.drop(outside, 11).nesting, 'within');
    // Brackets inside strings do not count.
    assert.equal(dropper.drop(Buffer.from(`{"a":"${'['.repeat(20)}"}`), 10).nesting, 'within');
    // Not followed (a string that never ends): unchecked, for the parser to refuse.
    assert.equal(dropper.drop(Buffer.from('{"a":"open'), 10).nesting, 'unchecked');
  });

  it('leaves a text it cannot follow as it was', () => {
    for (const text of [`{"a":"never closed`, `{"${NAME}":[1,2`, `{"${NAME}":"open`, `{"${NAME}":}`]) {
      const body = Buffer.from(text);
      assert.equal(dropMembers(body, [NAME]), body, text);
    }
  });
});
