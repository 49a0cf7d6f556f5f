// Runs a language server (argv[2]: its script, then its arguments) with a 1 ms timer beside it in the
// same process: a late tick is the event loop blocked (or the process waiting for a core) for that long.
// Every wait of LOOP_CLOCK_MIN_MS (5) or more is kept as [start, ms, cpu], the start in ms since the epoch,
// cpu the process's CPU time meanwhile (all its threads: a wait with far less CPU than wall time is the
// process waiting for a core on a loaded machine, not work; the collector's helper threads can add more),
// and written to LOOP_CLOCK_OUT as JSON when `shutdown` arrives, so a benchmark can take the longest
// within a window of its own. This is the server's own view; a probe request also waits for the pipes
// and, on a busy machine, for a core to run the client.
'use strict';
const { writeFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');

const out = process.env.LOOP_CLOCK_OUT;
const min = Number(process.env.LOOP_CLOCK_MIN_MS ?? 5);
const waits = [];
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  // A tick is due 1 ms after the last: what is beyond that, the loop could not run.
  if (now - last - 1 >= min)
    waits.push([
      performance.timeOrigin + last,
      now - last - 1,
      (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000,
    ]);
  last = now;
  lastCpu = cpu;
}, 1).unref();
process.stdin.on('data', (chunk) => {
  if (out && chunk.toString('utf8').includes('"method":"shutdown"'))
    writeFileSync(out, JSON.stringify(waits));
});
const script = process.argv[2];
process.argv.splice(1, 2, script);
require(script);
