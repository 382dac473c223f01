// xgrammar (vLLM's default structured-output backend) through its WebAssembly build, @mlc-ai/web-xgrammar.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as xgrammarTypes from '@mlc-ai/web-xgrammar';
import type { JsonSchema } from './schema-walk.js';
import { cachedFile, cacheFolder, fileHash, packageFolder } from './tool-cache.js';

type XGrammar = typeof xgrammarTypes;

const require = createRequire(import.meta.url);

/**
 * The package's lib/index.js is a UMD bundle (wasm inlined) that needs CommonJS's `require` and `__filename`, but the
 * package says "type": "module", so Node loads it as an ES module and it fails. A byte-for-byte copy named .cjs loads.
 */
async function bundleAsCommonJs(): Promise<string> {
  const lib = join(packageFolder('@mlc-ai/web-xgrammar'), 'lib', 'index.js');
  const folder = await cacheFolder(`web-xgrammar-${(await fileHash(lib)).slice(0, 16)}`);
  return cachedFile(folder, 'xgrammar.cjs', () => readFile(lib));
}

/**
 * xgrammar reports a bad schema with a C++ `[FATAL] …` line on Emscripten's printErr, then aborts (the JavaScript
 * error only says "Aborted()"). printErr and print are `console.error/log.bind(console)` taken when the wasm module
 * starts, so we start it with both swapped for this router, which hands the lines to whoever is listening.
 */
let listener: string[] | undefined;
const router = (...args: unknown[]): void => {
  if (listener) listener.push(args.map(String).join(' '));
  else process.stderr.write(`${args.map(String).join(' ')}\n`);
};

let instance: Promise<XGrammar> | undefined;

async function load(): Promise<XGrammar> {
  const path = await bundleAsCommonJs();
  // An abort leaves the wasm heap mid-call; a fresh evaluation of the bundle gives a fresh module.
  delete require.cache[path];
  const xgrammar = require(path) as XGrammar;
  const { error, log } = console;
  // Warnings ("[WARNING] … clamping to 127") come on print, which is console.log, and belong with the errors.
  console.error = router;
  console.log = router;
  try {
    (await xgrammar.Grammar.builtinJSONGrammar()).dispose();
  } finally {
    console.error = error;
    console.log = log;
  }
  return xgrammar;
}

/** Printable ASCII, one token each, then an end-of-sequence token: enough for the compiler to build token masks. */
const VOCAB = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\n', '\t', '</s>'];

let queue: Promise<unknown> = Promise.resolve();

/** Compiles a schema the way vLLM does (GrammarCompiler.compileJSONSchema), with a synthetic vocabulary. */
async function compile(schema: JsonSchema): Promise<{ ok: true } | { ok: false; error: string }> {
  instance ??= load();
  const xgrammar = await instance;
  const tokenizer = await xgrammar.TokenizerInfo.createTokenizerInfo(VOCAB, 'raw', false, VOCAB.length, VOCAB.length - 1);
  const compiler = await xgrammar.GrammarCompiler.createGrammarCompiler(tokenizer, false);
  const said: string[] = [];
  listener = said;
  try {
    (await compiler.compileJSONSchema(JSON.stringify(schema))).dispose();
    compiler.dispose();
    tokenizer.dispose();
    return { ok: true };
  } catch (error) {
    instance = undefined;
    const fatal = said.find((line) => line.includes('[FATAL]'));
    // "[FATAL] /path/json_schema_converter.cc:902: Unsupported type "strin"" → the part after the source location.
    const reason = fatal?.replace(/^.*\[FATAL\]\s*\S+:\d+:\s*/, '').trim();
    return { ok: false, error: reason || (error instanceof Error ? error.message : String(error)) };
  } finally {
    listener = undefined;
  }
}

/** xgrammar (vLLM's default structured-output backend), its WebAssembly build from npm (@mlc-ai/web-xgrammar). */
export function xgrammarCompile(schema: JsonSchema): Promise<{ ok: true } | { ok: false; error: string }> {
  // One schema at a time: the module's error lines go to one listener.
  const result = queue.then(() => compile(schema));
  queue = result.catch(() => undefined);
  return result;
}
