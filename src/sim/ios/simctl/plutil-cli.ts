#!/usr/bin/env node
// `plutil -convert json -o - -`: what node-simctl runs to read `simctl appinfo`'s old-style plist on a Mac.
import { parseOldStylePlist } from './plist.js';

async function main(argv: string[]): Promise<number> {
  const format = argv[argv.indexOf('-convert') + 1];
  const source = argv[argv.length - 1];
  if (!argv.includes('-convert') || format !== 'json' || source !== '-') {
    process.stderr.write('plutil: only `plutil -convert json -o - -` is available on the virtual simulator host\n');
    return 1;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  try {
    process.stdout.write(JSON.stringify(parseOldStylePlist(Buffer.concat(chunks).toString('utf8'))));
    return 0;
  } catch (error) {
    process.stderr.write(`<stdin>: Property List error: ${(error as Error).message} / JSON error: JSON text did not start with array or object\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
