// Server messages keep their level in the log and lose the language client's "[Info - time]" prefix.
import { strict as assert } from 'node:assert';
import { parseClientLogLine } from '../../../client/src/clientLogLine';

describe('language client log lines', () => {
  it('takes off the client prefix and keeps its level', () => {
    // The client pads the level ("[Info  - …]").
    assert.deepEqual(parseClientLogLine('[Info  - 1:35:39 PM] Loaded 7 components'), {
      level: 'info',
      text: 'Loaded 7 components',
    });
    assert.deepEqual(parseClientLogLine('[Warn - 13:35:39] Component x: 404'), {
      level: 'warn',
      text: 'Component x: 404',
    });
    assert.deepEqual(parseClientLogLine('[Error - 1:35:39 PM] hover failed'), {
      level: 'error',
      text: 'hover failed',
    });
    // Traces are asked for with lineageLens.trace.server: shown at the log's default level.
    assert.deepEqual(parseClientLogLine('[Trace - 1:35:39 PM] Sending request'), {
      level: 'info',
      text: 'Sending request',
    });
  });

  it('leaves other lines (server stderr, trace bodies) as info, unchanged', () => {
    assert.deepEqual(parseClientLogLine('Params: {"a": 1}'), { level: 'info', text: 'Params: {"a": 1}' });
    assert.deepEqual(parseClientLogLine('[Info] not the client format'), {
      level: 'info',
      text: '[Info] not the client format',
    });
  });
});
