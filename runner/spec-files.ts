// Which files are specs: one list of kinds, from which the config's testMatch globs, the CLI's
// matcher for paths it is given, the YAML loader's test and the words of every message derive.

/** Code specs: Playwright loads each of these itself, as CommonJS or ES module by the project's setup. */
export const CODE_SPEC_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'] as const;
/** YAML specs, loaded through mobiletest's module hook. */
export const YAML_SPEC_EXTENSIONS = ['yml', 'yaml'] as const;

const CODE_KINDS = ['test', 'spec'] as const;

/** `**\/*.test.ts`, `**\/*.spec.mjs`, ... and `**\/*.test.yml`, for Playwright's testMatch. */
export const TEST_FILE_PATTERNS: readonly string[] = [
  ...CODE_SPEC_EXTENSIONS.flatMap((ext) => CODE_KINDS.map((kind) => `**/*.${kind}.${ext}`)),
  ...YAML_SPEC_EXTENSIONS.map((ext) => `**/*.test.${ext}`),
];

const YAML_SPEC_FILE = new RegExp(`\\.test\\.(${YAML_SPEC_EXTENSIONS.join('|')})$`);
const SPEC_FILE = new RegExp(`\\.(${CODE_KINDS.join('|')})\\.(${CODE_SPEC_EXTENSIONS.join('|')})$|${YAML_SPEC_FILE.source}`);

/** The spec names in words, for messages: "*.test.ts or *.spec.ts (also .js, ...), *.test.yml or *.test.yaml". */
export const SPEC_FILE_NAMES = `*.test.ts or *.spec.ts (also .${CODE_SPEC_EXTENSIONS.slice(1).join(', .')}), *.test.yml or *.test.yaml`;

export function isSpecFile(file: string): boolean {
  return SPEC_FILE.test(file);
}

export function isYamlSpecFile(file: string): boolean {
  return YAML_SPEC_FILE.test(file);
}
