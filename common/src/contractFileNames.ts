// Which files are contract files by their name: `*.contract.{yaml,yml,json}` anywhere and YAML/JSON
// files under a `contracts/` folder. The one matcher for the client (discovery, menus), the server
// (authoring a file that does not look like a contract yet) and the manifest's yamlValidation /
// jsonValidation contributions (test/unit/manifest.test.ts keeps package.json in step). Files with
// other names are still recognised by their content (common/src/api/contractFile.ts).

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

const BY_NAME = /(^|\/)[^/]*\.contract\.(ya?ml|json)$|(^|\/)contracts\/(.*\/)?[^/]+\.(ya?ml|json)$/i;

/** Whether a path or URI (forward slashes) names a contract file. */
export function isContractFileName(path: string): boolean {
  return BY_NAME.test(path);
}

/** Whether the file is YAML or JSON by its extension (either may hold a contract). */
export function contractSyntaxOf(path: string): 'yaml' | 'json' | undefined {
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  if (/\.json$/i.test(path)) return 'json';
  return undefined;
}
