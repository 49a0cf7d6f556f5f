// The name check's fast path in parsed languages: an occurrence of the name that plainly *defines* it
// (`func Name`, `def name`, `export function name`, `class Name`, …, keyword first on its line) confirms
// an anchor without parsing the file. Deliberately narrow: anything else (a method without a keyword,
// a declaration split over lines) is left to tree-sitter, so a call, an import or a comment near the
// anchor never confirms it. One fixed pattern per language for the text before the name (no pattern is
// built per name: this runs for every anchor of an index build).
import type { GrammarName } from './languages';

const TS_BEFORE =
  /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?\s*|class\s+|interface\s+|type\s+|(?:const\s+)?enum\s+)$/;
const TS_VARIABLE_BEFORE = /^\s*(?:export\s+)?(?:const|let|var)\s+$/;
/** `= (…) =>`, `= x =>`, `= function`, on the same line. */
const TS_FUNCTION_VALUE_AFTER =
  /^\s*(?::[^=]*)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]*)?=>|[\p{L}_$][\p{L}\p{N}_$]*\s*=>)/u;

const BEFORE: Record<GrammarName, RegExp> = {
  go: /^\s*(?:func\s+(?:\([^)]*\)\s*)?|type\s+)$/,
  python: /^\s*(?:async\s+)?(?:def|class)\s+$/,
  typescript: TS_BEFORE,
  tsx: TS_BEFORE,
  javascript: TS_BEFORE,
  java: /^\s*(?:(?:public|private|protected|static|final|abstract|sealed|non-sealed|strictfp)\s+)*(?:class|interface|enum|record)\s+$/,
  'c-sharp':
    /^\s*(?:(?:public|private|protected|internal|static|sealed|abstract|partial|readonly|file)\s+)*(?:class|interface|enum|struct|record(?:\s+(?:class|struct))?)\s+$/,
};

/**
 * Whether the occurrence of `name` at `column` of `line` (a whole word, found by the caller) is a
 * definition of it by these plain rules. False means "not plainly": the caller asks the parser.
 */
export function plainlyDefines(language: GrammarName, line: string, column: number, name: string): boolean {
  const before = line.slice(0, column);
  if (BEFORE[language].test(before)) return true;
  if (language === 'go' || language === 'python' || language === 'java' || language === 'c-sharp')
    return false;
  return TS_VARIABLE_BEFORE.test(before) && TS_FUNCTION_VALUE_AFTER.test(line.slice(column + name.length));
}
