// The one order for text shown to people or written in API responses: the same as
// `a.localeCompare(b)` with no arguments, through one shared collator. `localeCompare` builds its
// comparison state on every call; a component with thousands of tagged fields spent most of its
// read time there (the service's CPU profile, and the check benchmark).
const collator = new Intl.Collator();

export const compareText: (a: string, b: string) => number = collator.compare;
