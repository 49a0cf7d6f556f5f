// The database of the service `npm start` runs is named only while the configured URL is that service.
import { strict as assert } from 'node:assert';
import {
  LAUNCHED_SERVICE_DB_ENV,
  LAUNCHED_SERVICE_URL_ENV,
  launchedServiceDatabase,
} from '../../../client/src/launchedService';

const env = {
  [LAUNCHED_SERVICE_URL_ENV]: 'http://127.0.0.1:7878',
  [LAUNCHED_SERVICE_DB_ENV]: '/repo/.cache/demo-service/service.db',
};

describe("npm start's service in the status bar", () => {
  it('names its database when the configured URL is that service, however it is spelt', () => {
    for (const url of ['http://127.0.0.1:7878', 'http://127.0.0.1:7878/', 'HTTP://127.0.0.1:7878'])
      assert.equal(launchedServiceDatabase(url, env), '/repo/.cache/demo-service/service.db', url);
  });

  it('names none for another service, without a URL, or when npm start did not launch the editor', () => {
    assert.equal(launchedServiceDatabase('http://127.0.0.1:7879', env), undefined);
    assert.equal(launchedServiceDatabase('http://localhost:7878/prefix', env), undefined);
    assert.equal(launchedServiceDatabase('', env), undefined);
    assert.equal(launchedServiceDatabase('not a url', env), undefined);
    assert.equal(launchedServiceDatabase('http://127.0.0.1:7878', {}), undefined);
    assert.equal(
      launchedServiceDatabase('http://127.0.0.1:7878', {
        [LAUNCHED_SERVICE_URL_ENV]: env[LAUNCHED_SERVICE_URL_ENV],
      }),
      undefined,
    );
  });
});
