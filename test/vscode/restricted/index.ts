// Entry of the third extension-host launch (scripts/vscode/run-extension-tests.mjs): the demo folder
// in Restricted Mode, its settings written by someone hostile. The same mocha runner as the main
// suite, over the test files bundled beside this one.
export { run } from '../suite/index';
