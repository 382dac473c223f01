// Which Node.js versions run mobiletest. It is one ES module build, which CommonJS configs and specs
// load with require(); Node does that without a flag from 20.19 and 22.12 on (and on 23 and later).
// Written as CommonJS so that it runs, and says so in one line, on a Node too old for the rest.
import { inspect } from 'node:util';

/** The oldest release of each supported line; a line newer than the last is supported whole. */
const FIRST_SUPPORTED = [
  { major: 20, minor: 19 },
  { major: 22, minor: 12 },
] as const;

/** package.json's `engines.node`, the same rule in npm's words (a test keeps the two equal). */
export const ENGINES_NODE = '^20.19.0 || >=22.12.0';

/** Why this Node cannot run mobiletest, in one line with what to do; undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const last = FIRST_SUPPORTED[FIRST_SUPPORTED.length - 1];
  const supported = major > last.major || FIRST_SUPPORTED.some((line) => line.major === major && minor >= line.minor);
  if (supported) return undefined;
  const lines = FIRST_SUPPORTED.map((line) => `${line.major}.${line.minor}`).join(' or later on its line, or ');
  return `mobiletest needs Node.js ${lines} or later (this is Node.js ${version}): upgrade Node.js, e.g. \`nvm install 22\`, or node-version: 22 in CI's setup-node.`;
}

/** Node is too old for mobiletest; prints as its one-line message, not as a stack. */
export class UnsupportedNode extends Error {
  override name = 'UnsupportedNode';

  constructor(message: string) {
    super(message);
    // Node prints an uncaught error's stack; the frames would only show mobiletest's own loading.
    this.stack = `${this.name}: ${message}`;
  }

  [inspect.custom](): string {
    return this.message;
  }
}

/** Loads one of the package's ES module entries for require(), after checking that this Node can. */
export function requireEntry(load: () => unknown): unknown {
  const problem = unsupportedNode();
  if (problem) throw new UnsupportedNode(problem);
  return load();
}
