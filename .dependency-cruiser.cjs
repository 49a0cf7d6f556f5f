// Fails lint on a cycle between folders of the language server (server/src/*), e.g. graph/ importing
// features/ while features/ imports graph/. The allowed imports per folder are eslint.config.mjs's
// serverLayers; this catches what a table cannot: a cycle through folders added or edited later.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Folders of server/src form layers (eslint.config.mjs, ARCHITECTURE.md): no cycle between them.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/src/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^server/src/',
    tsPreCompilationDeps: true,
    progress: { type: 'none' },
  },
};
