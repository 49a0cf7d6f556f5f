// One anchor's slot (anchors/slot.ts) is the TrackedAnchor callers see: its flags share one number and
// its rarely set fields live apart, so each must still read back what was written, independently of
// the others, and a placement afresh must clear what a relocation left.
import { strict as assert } from 'node:assert';
import { newSlot, place } from '../../../server/src/anchors/slot';
import { LineTable } from '../../../server/src/anchors/lineTable';
import { entry, range } from './workspace';

// `charge` more than three lines below line 1: the text rules move an anchor recorded there to it.
const TEXT = ['package x', '', '', '', '', '', 'func other() {', '}', 'func charge() {', '}'].join('\n');

describe('anchors: a slot is its TrackedAnchor', () => {
  it('keeps each flag apart from the others', () => {
    const s = newSlot(entry({ file: 'a.go', line_start: 1 }, ['charge']));
    const flags = ['deleted', 'dirty', 'history', 'trustMapped', 'firstLineKept'] as const;
    for (const f of flags) assert.equal(s[f], false, f);
    assert.equal(s.unverified, undefined);
    for (const on of flags) {
      s[on] = true;
      for (const f of flags) assert.equal(s[f], f === on, `${f} after setting ${on}`);
      s.unverified = true;
      assert.equal(s.unverified, true);
      s[on] = false;
      assert.equal(s.unverified, true, `unverified kept when ${on} is cleared`);
      s.unverified = undefined;
      assert.equal(s.unverified, undefined);
    }
  });

  it('reads back rarely set fields, and clears them', () => {
    const s = newSlot(entry({ file: 'a.go', line_start: 1 }, ['charge']));
    s.problem = 'moved';
    s.relocatedFrom = range(1, 0, 1, 4);
    s.candidates = [range(2, 0, 3, 1)];
    s.otherDefinitions = [range(5, 0, 6, 1)];
    s.clamped = 'line 9 not within the file';
    s.movedFrom = 'b.go';
    assert.equal(s.problem, 'moved');
    assert.deepEqual(s.relocatedFrom, range(1, 0, 1, 4));
    assert.deepEqual(s.candidates, [range(2, 0, 3, 1)]);
    assert.deepEqual(s.otherDefinitions, [range(5, 0, 6, 1)]);
    assert.equal(s.clamped, 'line 9 not within the file');
    assert.equal(s.movedFrom, 'b.go');
    s.problem = undefined;
    s.candidates = undefined;
    assert.equal(s.problem, undefined);
    assert.equal(s.candidates, undefined);
    assert.deepEqual(s.relocatedFrom, range(1, 0, 1, 4), 'the others stay');
  });

  it('a placement afresh clears what an earlier relocation set', () => {
    const s = newSlot(entry({ file: 'a.go', line_start: 1, line_end: 1 }, ['charge']));
    place(s, 'file:///a.go', new LineTable(TEXT));
    assert.equal(s.state, 'relocated');
    assert.ok(s.relocatedFrom && s.problem);
    assert.deepEqual(s.range, range(8, 0, 8, 15));
    // The code is back on the recorded line: placed there, nothing left of the relocation.
    place(s, 'file:///a.go', new LineTable(['func charge() {', '}'].join('\n')));
    assert.equal(s.state, 'resolved');
    assert.equal(s.relocatedFrom, undefined);
    assert.equal(s.problem, undefined);
    assert.deepEqual(s.range, range(0, 0, 0, 15));
  });

  it('gives a TrackedAnchor in JSON: its fields, rare ones included, and none of the bookkeeping', () => {
    const s = newSlot(entry({ file: 'a.go', line_start: 1, line_end: 1 }, ['charge']));
    place(s, 'file:///a.go', new LineTable(TEXT));
    const json = JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(json).sort(), [
      'entry',
      'problem',
      'range',
      'relocatedFrom',
      'state',
      'unverified',
      'unverifiedWhy',
      'uri',
    ]);
    assert.equal(json.problem, s.problem);
    assert.deepEqual(json.relocatedFrom, range(0, 0, 0, 9));
    // Placed without git's mapping, in what may be a repository: its commit is what is missing.
    assert.equal(json.unverifiedWhy, 'commitMissing');
  });

  it('says why it is unverified: no repository, the commit missing, or the code there but not parsed', () => {
    const s = newSlot(entry({ file: 'a.go', line_start: 1, line_end: 1 }, ['charge']));
    place(s, 'file:///a.go', new LineTable(TEXT));
    assert.equal(s.unverifiedWhy, 'commitMissing');
    s.noRepository = true;
    assert.equal(s.unverifiedWhy, 'noRepository');
    s.noRepository = false;
    s.history = true;
    assert.equal(s.unverifiedWhy, 'notParsed');
    s.unverified = false;
    assert.equal(s.unverifiedWhy, undefined, 'a verified anchor has no reason');
  });

  it('checks the names it is given clean, and has no other names when the entry lists none', () => {
    const s = newSlot({ ...entry({ file: 'a.go' }, [' charge ', '', 'charge', 'pay']), otherNames: [] });
    assert.deepEqual(s.names, ['charge', 'pay']);
    assert.equal(s.other, undefined);
    const clean = entry({ file: 'a.go' }, ['charge']);
    assert.equal(newSlot(clean).names, clean.expectedNames);
  });
});
