// How an anchor's coordinates read in messages, the same on both sides: "369–377", "12", or
// "12:5–12:20" when the record has columns (1-based, inclusive, as the service stores them).
export interface AnchorLinesLike {
  line_start?: number | null;
  line_end?: number | null;
  column_start?: number | null;
  column_end?: number | null;
}

export function describeAnchorLines(c: AnchorLinesLike): string {
  const start = c.line_start ?? 1;
  const end = c.line_end ?? start;
  if (typeof c.column_start === 'number' || typeof c.column_end === 'number')
    return `${start}:${c.column_start ?? 1}–${end}:${c.column_end ?? ''}`.replace(/:$/, '');
  return end === start ? `${start}` : `${start}–${end}`;
}
