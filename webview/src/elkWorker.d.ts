// elkjs's worker script, bundled as text (scripts/build.mjs: the `text` loader for this one file).
declare module 'elkjs/lib/elk-worker.min.js' {
  const source: string;
  export default source;
}
