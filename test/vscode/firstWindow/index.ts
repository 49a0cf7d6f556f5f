// Entry of the second extension-host launch (scripts/vscode/run-extension-tests.mjs): a window with an
// empty folder, a fresh profile and no key. The same mocha runner as the main suite, over the test
// files bundled beside this one.
export { run } from '../suite/index';
