// The client warms the server's layout process up when a hover links to the lineage graph
// (client/src/graph/hoverOffersGraph.ts): the links line as the server writes it
// (server/src/features/pathHover.ts) counts; a hover without the link, or naming the command only in
// text, does not.
import { strict as assert } from 'node:assert';
import { hoverOffersGraph } from '../../client/src/graph/hoverOffersGraph';
import { links } from '../../server/src/features/pathHover';
import { COMMANDS } from '../../common/src/protocol';

describe('a hover that offers the lineage graph', () => {
  const ref = { componentId: 'c1', pathId: 'p1' };

  it('is recognised by the links line the server writes, with or without a field', () => {
    assert.ok(hoverOffersGraph(['**createOrder → insertOrder**', links(ref, undefined)]));
    assert.ok(
      hoverOffersGraph([links(ref, 'https://git.example/x', { boundaryId: 'b:c1:p1:s', field: 'email' })]),
    );
  });

  it('is not a hover without the link', () => {
    assert.equal(hoverOffersGraph([]), false);
    assert.equal(hoverOffersGraph(['`email` · pii']), false);
    assert.equal(hoverOffersGraph([`run ${COMMANDS.showGraph} from the palette`]), false);
    assert.equal(
      hoverOffersGraph([links(ref, undefined).replaceAll(`command:${COMMANDS.showGraph}`, 'command:other')]),
      false,
    );
  });
});
