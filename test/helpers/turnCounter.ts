// Turns of the event loop, counted: what shows whether work blocked the loop or let it turn.

/** Counts turns of the event loop: a setImmediate chain runs once per turn (one queued within a turn waits for the next). */
export function turnCounter(): { now(): number; stop(): void } {
  let turns = 0;
  let stopped = false;
  const tick = () => {
    turns++;
    if (!stopped) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turns, stop: () => (stopped = true) };
}
