// Compressed rows filled by counting (the anchor index's lines, the lineage model's arcs): the number of
// entries of row r counted into starts[r + 1], startsFromCounts turns the counts into each row's
// start; filling an entry of row r at starts[r]++ moves that start to the next row's, and
// startsAfterFill moves the starts back. No copy of the starts is made for filling.

/** starts[r + 1] held row r's count: afterwards starts[r] is where row r begins (starts[rows], the total). */
export function startsFromCounts(starts: Int32Array, rows: number): void {
  for (let r = 0; r < rows; r++) starts[r + 1]! += starts[r]!;
}

/** After every entry was filled at starts[row]++: the starts as they were before filling. */
export function startsAfterFill(starts: Int32Array, rows: number): void {
  for (let r = rows; r > 0; r--) starts[r] = starts[r - 1]!;
  starts[0] = 0;
}
