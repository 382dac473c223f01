/** The file names mobiletest reads as YAML specs. */
export const YAML_SPEC_FILE = /\.test\.ya?ml$/;

export function isYamlSpecFile(file: string): boolean {
  return YAML_SPEC_FILE.test(file);
}
