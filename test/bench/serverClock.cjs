// Runs a language server (argv[2]: its script, then its arguments) with a clock on its stdio: the time
// from the bytes of a request arriving to the bytes of its answer leaving, for the one method named
// by SERVER_CLOCK_METHOD. The same clock wraps our server and the peer in the path-document benchmark,
// so their times inside the server can be compared without the pipes and the scheduler that both
// share (the benchmark reports those too, as the client sees them). On `shutdown` the times are
// written to SERVER_CLOCK_OUT as a JSON array of milliseconds, in request order.
'use strict';
const { writeFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');

const method = process.env.SERVER_CLOCK_METHOD ?? 'textDocument/hover';
const out = process.env.SERVER_CLOCK_OUT;
const times = [];
let since = -1;
// The benchmark sends one request at a time, so the next write after a request is its answer.
process.stdin.on('data', (chunk) => {
  const text = chunk.toString('utf8');
  if (text.includes(`"method":"${method}"`)) since = performance.now();
  else if (out && text.includes('"method":"shutdown"')) writeFileSync(out, JSON.stringify(times));
});
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (since >= 0) {
    times.push(performance.now() - since);
    since = -1;
  }
  return write(chunk, ...rest);
};
const script = process.argv[2];
process.argv.splice(1, 2, script);
require(script);
