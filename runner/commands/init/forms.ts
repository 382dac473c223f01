// The forms of a code template: the templates are stored once, as TypeScript that is also ES-module
// JavaScript (no type annotations), and the CommonJS form rewrites only their import and export lines.
import type { Language, ModuleType } from './project.js';
import { TemplateError } from './template-error.js';

export interface CodeForm {
  /** The extension of the config and code spec it writes. */
  extension: 'ts' | 'js';
  /** How the output names it. */
  label: string;
  /** The template's text in this form. */
  render: (text: string, file: string) => string;
}

const IMPORT = /^import \{ ([\w\s,]+) \} from '([^']+)';$/;
const EXPORT_DEFAULT = /^export default /;

/** `import { a, b } from 'm';` → `const { a, b } = require('m');`, `export default x` → `module.exports = x`. */
export function toCommonJs(text: string, file: string): string {
  return text
    .split('\n')
    .map((line, index) => {
      const imported = IMPORT.exec(line);
      if (imported) return `const { ${imported[1].trim()} } = require('${imported[2]}');`;
      if (EXPORT_DEFAULT.test(line)) return line.replace(EXPORT_DEFAULT, 'module.exports = ');
      if (/^\s*(import|export)\b/.test(line)) {
        throw new TemplateError(
          `${file}:${index + 1}: "${line.trim()}" has no CommonJS form; templates may use only \`import { … } from '…';\` and \`export default …\``,
        );
      }
      return line;
    })
    .join('\n');
}

const asIs = (text: string): string => text;

/** The form for a project: TypeScript loads in both module types, since Playwright transpiles it to the project's kind. */
export function codeForm(language: Language, moduleType: ModuleType): CodeForm {
  if (language === 'typescript') return { extension: 'ts', label: 'TypeScript', render: asIs };
  if (moduleType === 'module') return { extension: 'js', label: 'ES-module JavaScript', render: asIs };
  return { extension: 'js', label: 'CommonJS JavaScript', render: toCommonJs };
}
