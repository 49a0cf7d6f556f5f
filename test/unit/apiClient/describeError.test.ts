// One user-facing sentence per error kind.
import assert from 'node:assert/strict';
import { describeError } from '../../../server/src/api/describeError';
import { InvalidRequestError, ServiceError, TimeoutError } from '../../../server/src/api/errors';
import { SignedOutError } from '../../../server/src/api/serviceErrors';
import { toResponseError } from '../../../server/src/api/responseErrors';
import { describeFailure, needsSignIn } from '../../../common/src/serviceErrors';
import { UnreachableError } from '../../../server/src/api/errors';

describe('describeError', () => {
  it('names a rejected key for 401 and 403', () => {
    assert.equal(describeError(new ServiceError(401, 'nope', 2)), 'The service rejected the API key (401).');
    assert.equal(describeError(new ServiceError(403, 'nope', 4)), 'The service rejected the API key (403).');
  });

  it('says which operation was refused, with the status, title and the service message', () => {
    assert.equal(
      describeError(new ServiceError(404, 'no path "p9"', 1, 'Not Found', 3)),
      `The service refused 'path update' (operation 1) (404 Not Found): no path "p9".`,
    );
    assert.equal(
      describeError(new ServiceError(400, 'limit must be 1..1000.', 5)),
      "The service refused 'data assets by DARN' (operation 5) (400): limit must be 1..1000.",
    );
  });

  it('says the service failed for a 5xx', () => {
    assert.equal(
      describeError(new ServiceError(500, 'database locked', 9)),
      "The service failed on 'component versions' (operation 9) (500): database locked.",
    );
  });

  it('uses the sentence the client built for the other kinds', () => {
    const t = new TimeoutError(
      "The service at http://127.0.0.1:1 did not answer 'edge summaries' (operation 12) within 15000 ms.",
      12,
    );
    assert.equal(describeError(t), t.message);
    const r = new InvalidRequestError('The API key is too short.', undefined, 'apiKey');
    assert.equal(describeError(r), 'The API key is too short.');
  });

  it('handles errors that are not from the client', () => {
    assert.equal(describeError(new Error('boom')), 'Unexpected error: boom');
    assert.equal(describeError('weird'), 'Unexpected error: weird');
  });
});

describe('one classification of service errors for the server and the client', () => {
  it('401 and 403 both ask for a new sign-in, on the wire as the client reads it', () => {
    for (const status of [401, 403]) {
      const err = new ServiceError(status, 'nope', 4);
      assert.equal(err.unauthorized, true);
      assert.equal(needsSignIn(toResponseError(err).data), true, String(status));
    }
    assert.equal(needsSignIn(toResponseError(new SignedOutError()).data), true);
    for (const err of [
      new ServiceError(404, 'no', 4),
      new ServiceError(500, 'x', 4),
      new TimeoutError('t', 4),
    ])
      assert.equal(needsSignIn(toResponseError(err).data), false, err.message);
  });

  it('reads the same on the client: the ResponseError the client gets words to the server sentence', () => {
    for (const err of [
      new ServiceError(401, 'nope', 2),
      new ServiceError(403, 'nope', 4),
      new ServiceError(404, 'no path "p9"', 1, 'Not Found', 3),
      new ServiceError(500, 'database locked', 9),
      new ServiceError(302, 'The service redirected operation 4 to another address; not followed.', 4),
      new UnreachableError('The service at http://127.0.0.1:1 is unreachable (connection refused).', 4),
      new TimeoutError('The service did not answer within 10 ms.', 4),
      new SignedOutError(),
    ]) {
      // What crosses the connection: the ResponseError's message and data, as JSON.
      const sent = JSON.parse(JSON.stringify(toResponseError(err).toJson())) as {
        message: string;
        data: never;
      };
      const serverSentence = err instanceof SignedOutError ? err.message : describeError(err);
      assert.equal(sent.message, serverSentence);
      assert.equal(describeFailure(sent.data, sent.message), serverSentence, err.message);
    }
  });
});
