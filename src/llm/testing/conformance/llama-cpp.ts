// llama.cpp's JSON-Schema-to-GBNF converter, run on the llama.cpp source that node-llama-cpp ships.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseGbnf } from './llama-grammar-parser.js';
import type { JsonSchema } from './schema-walk.js';
import { cachedFile, cacheFolder, fileHash, packageFolder } from './tool-cache.js';

const run = promisify(execFile);

/** The converter inside node-llama-cpp's git bundle of llama.cpp (llama/gitRelease.bundle). */
const CONVERTER = 'examples/json_schema_to_grammar.py';

let converter: Promise<string> | undefined;

/** Path of json_schema_to_grammar.py, taken out of the bundle once per bundle version (cached by the bundle's sha256). */
function converterScript(): Promise<string> {
  converter ??= (async () => {
    const bundle = join(packageFolder('node-llama-cpp'), 'llama', 'gitRelease.bundle');
    const folder = await cacheFolder(`llama.cpp-${(await fileHash(bundle)).slice(0, 16)}`);
    return cachedFile(folder, 'json_schema_to_grammar.py', async () => {
      const clone = await mkdtemp(join(tmpdir(), 'mobiletest-llama-cpp-'));
      try {
        await run('git', ['clone', '--quiet', '--no-checkout', bundle, clone]);
        const { stdout } = await run('git', ['-C', clone, 'show', `HEAD:${CONVERTER}`], { maxBuffer: 16 * 1024 * 1024 });
        return stdout;
      } finally {
        await rm(clone, { recursive: true, force: true });
      }
    });
  })();
  // A failed extraction (git missing, say) is retried on the next call rather than remembered.
  converter.catch(() => (converter = undefined));
  return converter;
}

/** The last non-empty line of a Python traceback: the exception and its message. */
function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? 'the converter failed without a message';
}

/** Runs llama.cpp's converter on a schema: GBNF text, or the Python error's last line. */
export async function convertToGbnf(schema: JsonSchema): Promise<{ ok: true; gbnf: string } | { ok: false; error: string }> {
  const script = await converterScript();
  const folder = await mkdtemp(join(tmpdir(), 'mobiletest-schema-'));
  try {
    const file = join(folder, 'schema.json');
    await writeFile(file, JSON.stringify(schema));
    try {
      const { stdout } = await run('python3', [script, file], { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
      return { ok: true, gbnf: stdout };
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      return { ok: false, error: lastLine(stderr || message) };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * llama.cpp's own converter (examples/json_schema_to_grammar.py from the llama.cpp source node-llama-cpp ships) then
 * llama.cpp's grammar parser (node-llama-cpp createGrammar).
 */
export async function llamaCppGrammar(schema: JsonSchema): Promise<{ ok: true; grammar: string } | { ok: false; stage: 'convert' | 'parse'; error: string }> {
  const converted = await convertToGbnf(schema);
  if (!converted.ok) return { ok: false, stage: 'convert', error: converted.error };
  const parsed = await parseGbnf(converted.gbnf);
  if (!parsed.ok) return { ok: false, stage: 'parse', error: parsed.error };
  return { ok: true, grammar: converted.gbnf };
}
