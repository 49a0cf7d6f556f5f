#!/usr/bin/env bash
# Self-test of the offline VS Code harness: setup, then run the throwaway extension + suite in
# test/vscode/harness/selftest/ through scripts/vscode/run-suite.mjs and check that
#   1. a passing suite exits 0, writes its results JSON and a workbench screenshot;
#   2. a deliberately failing suite exits non-zero;
#   3. a hanging suite is stopped by the hard timeout (exit 124, clear message);
#   4. the extension packaged as a .vsix (vsce) and installed with --install-extension passes too.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$REPO_ROOT"
ST="$REPO_ROOT/test/vscode/harness/selftest"
OUT="$REPO_ROOT/.test-artifacts/harness-selftest"
rm -rf "$OUT"; mkdir -p "$OUT"
say() { printf '[vscode-selftest] %s\n' "$*"; }
fail() { printf '[vscode-selftest] FAIL: %s\n' "$*" >&2; exit 1; }

bash scripts/vscode/setup.sh

run() { # run <name> <timeout s> [--env K=V ...]
  local name=$1 timeout=$2; shift 2
  node scripts/vscode/run-suite.mjs --extension "$ST/extension" --tests "$ST/suite/index.js" \
    --timeout "$timeout" --name "selftest-$name" --env "HARNESS_SELFTEST_RESULTS=$OUT/$name.json" "$@"
}

say "1/4 passing suite"
set +e; run pass 180 --screenshot harness-selftest; rc=$?; set -e
[ "$rc" -eq 0 ] || fail "passing suite exited $rc"
node -e 'const r=require(process.argv[1]); if(!r.passed||r.vscodeVersion!=="1.100.3") process.exit(1)' "$OUT/pass.json" \
  || fail "results JSON $OUT/pass.json does not show a pass in VS Code 1.100.3"
[ -s .test-artifacts/screenshots/harness-selftest.png ] || fail "no screenshot"
say "    ok: exit 0, $OUT/pass.json passed, screenshot .test-artifacts/screenshots/harness-selftest.png"

say "2/4 deliberately failing suite (expect non-zero)"
set +e; run fail 180 --env HARNESS_SELFTEST_FAIL=1; rc=$?; set -e
[ "$rc" -ne 0 ] || fail "failing suite exited 0"
node -e 'const r=require(process.argv[1]); if(r.passed) process.exit(1)' "$OUT/fail.json" \
  || fail "results JSON $OUT/fail.json does not show the failure"
say "    ok: exit $rc"

say "3/4 hanging suite with --timeout 25 (expect exit 124)"
set +e; run hang 25 --env HARNESS_SELFTEST_HANG=1 2>"$OUT/hang.stderr"; rc=$?; set -e
cat "$OUT/hang.stderr" >&2
[ "$rc" -eq 124 ] || fail "hanging suite exited $rc, expected 124"
grep -q 'extension-host suite timed out after 25 s' "$OUT/hang.stderr" || fail "timeout message missing"
say "    ok: exit 124 with timeout message"

say "4/4 packaged .vsix installed via code-server --install-extension"
rm -rf "$OUT/vsix-src" && mkdir -p "$OUT/vsix-src" && cp -r "$ST/extension/." "$OUT/vsix-src/"
( cd "$OUT/vsix-src" && "$REPO_ROOT/node_modules/.bin/vsce" package --allow-missing-repository --skip-license \
    -o "$OUT/harness-selftest.vsix" </dev/null >"$OUT/vsce.log" 2>&1 ) || { cat "$OUT/vsce.log" >&2; fail "vsce package failed"; }
set +e
node scripts/vscode/run-suite.mjs --vsix "$OUT/harness-selftest.vsix" --tests "$ST/suite/index.js" --timeout 180 \
  --name selftest-vsix --env "HARNESS_SELFTEST_RESULTS=$OUT/vsix.json"; rc=$?
set -e
[ "$rc" -eq 0 ] || fail "vsix suite exited $rc"
say "    ok: exit 0"

say "PASS"
