// Moving through the graph with the arrow keys: to the nearest item in that direction, by the items'
// centres on screen (along the direction counts once, across it twice).
export interface Point {
  x: number;
  y: number;
}

/** The index of the item to move to from `from` with an arrow key, or -1 when there is none that way. */
export function nearestInDirection(from: Point, items: readonly Point[], key: string): number {
  let best = -1;
  let bestScore = Infinity;
  items.forEach((p, i) => {
    const dx = p.x - from.x;
    const dy = p.y - from.y;
    const along = key === 'ArrowRight' ? dx : key === 'ArrowLeft' ? -dx : key === 'ArrowDown' ? dy : -dy;
    const across = key === 'ArrowRight' || key === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) return;
    const score = along + across * 2;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}
