// The client lays out a hover's lineage graph ahead of a click (client/src/graph/hoverGraphLink.ts): the
// links line as the server writes it (server/src/features/pathHover.ts) gives the command's argument,
// ids with characters the link encodes among them; a hover without the link, or naming the command only
// in text, gives nothing; a link whose argument cannot be read still counts.
import { strict as assert } from 'node:assert';
import { hoverGraphLink } from '../../client/src/graph/hoverGraphLink';
import { links } from '../../server/src/features/pathHover';
import { COMMANDS } from '../../common/src/protocol';

describe('the lineage-graph link of a hover', () => {
  const ref = { componentId: 'c1', pathId: 'p1' };

  it('gives the argument the server wrote: the path, or the hovered field', () => {
    assert.deepEqual(hoverGraphLink(['**createOrder → insertOrder**', links(ref, undefined)]), { arg: ref });
    const field = { boundaryId: 'b:c1:p1:s', field: 'email' };
    assert.deepEqual(hoverGraphLink([links(ref, 'https://git.example/x', field)]), {
      arg: { kind: 'field', field },
    });
  });

  it('reads ids the link had to encode (parentheses, quotes, spaces, non-ASCII)', () => {
    const odd = { componentId: "svc (eu) 'west'", pathId: 'p) ](x) ü*!' };
    assert.deepEqual(hoverGraphLink([links(odd, undefined)]), { arg: odd });
  });

  it('is the link even when its argument cannot be read', () => {
    const broken = `[Lineage graph](command:${COMMANDS.showGraph}?%7Bnot-json)`;
    assert.deepEqual(hoverGraphLink([broken]), { arg: undefined });
    assert.deepEqual(hoverGraphLink([`[Lineage graph](command:${COMMANDS.showGraph})`]), { arg: undefined });
  });

  it('is nothing in a hover without the link', () => {
    assert.equal(hoverGraphLink([]), undefined);
    assert.equal(hoverGraphLink(['`email` · pii']), undefined);
    assert.equal(hoverGraphLink([`run ${COMMANDS.showGraph} from the palette`]), undefined);
    assert.equal(
      hoverGraphLink([links(ref, undefined).replaceAll(`command:${COMMANDS.showGraph}`, 'command:other')]),
      undefined,
    );
  });
});
