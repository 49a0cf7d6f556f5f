// elkjs alone, bundled as a file of its own (dist/server/elk.js): the layout process loads it through
// V8's code cache (util/codeCache.ts), which works on a script's source, not on a module it imports.
export { default as ELK } from 'elkjs/lib/elk.bundled.js';
