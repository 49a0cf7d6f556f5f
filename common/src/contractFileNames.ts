// Which files are contract files by their name: `*.contract.{yaml,yml,json}` anywhere and YAML/JSON
// files under a `contracts/` folder. The one matcher for the client (discovery, menus), the server
// (authoring a file that does not look like a contract yet) and the manifest: package.json's
// yamlValidation / jsonValidation globs and the contract-file menus' `when` clauses are written from
// this module by scripts/generate-manifest.mjs (the build fails when they differ). Files with other
// names are still recognised by their content (common/src/api/contractFile.ts).

/** Globs of the manifest's `yamlValidation` contribution. */
export const YAML_CONTRACT_GLOBS = [
  '**/*.contract.yaml',
  '**/*.contract.yml',
  '**/contracts/**/*.yaml',
  '**/contracts/**/*.yml',
] as const;
/** Globs of the manifest's `jsonValidation` contribution (VS Code's JSON extension always validates these). */
export const JSON_CONTRACT_GLOBS = ['**/*.contract.json', '**/contracts/**/*.json'] as const;

/** All contract file globs, as one glob for `workspace.findFiles` and file watchers. */
export const CONTRACT_FILE_GLOB = `{${[...YAML_CONTRACT_GLOBS, ...JSON_CONTRACT_GLOBS].join(',')}}`;

/** `<name>.contract.<yaml|yml|json>`: tested on the file name (or the path's end). */
const NAMED = String.raw`\.contract\.(ya?ml|json)$`;
/** A YAML or JSON file anywhere under a `contracts/` folder: tested on the path. */
const IN_CONTRACTS_FOLDER = String.raw`(^|/)contracts/(.*/)?[^/]+\.(ya?ml|json)$`;

const BY_NAME = new RegExp(`${NAMED}|${IN_CONTRACTS_FOLDER}`, 'i');

/** Whether a path or URI (forward slashes) names a contract file. */
export function isContractFileName(path: string): boolean {
  return BY_NAME.test(path);
}

/** The same test as a `when` clause, for the manifest's menus (regex literals escape "/"). */
export const CONTRACT_FILE_WHEN = [
  `resourceFilename =~ /${NAMED}/i`,
  `resourcePath =~ /${IN_CONTRACTS_FOLDER.replace(/\//g, '\\/')}/i`,
].join(' || ');

/** Whether the file is YAML or JSON by its extension (either may hold a contract). */
export function contractSyntaxOf(path: string): 'yaml' | 'json' | undefined {
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  if (/\.json$/i.test(path)) return 'json';
  return undefined;
}
