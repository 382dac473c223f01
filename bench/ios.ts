// `npm run bench -- ios`: what the iOS path costs. The real WebDriverAgent sources in
// ../shared/fixtures/ios as the agent reads them (tokens, against the Android targets), and the
// iOS driver's calls on the virtual iPhone (WebDriverAgent over HTTP, simctl through its stand-in).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildScreen, IosDriver, parseSavedHierarchy, screenText, simctlPathDir, startSim } from '../runner/index.js';
import { quantile, row, sample } from './stats.js';

function fixturesDir(): string {
  const candidates = ['../../../shared/fixtures/ios/', '../../shared/fixtures/ios/'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new Error(`bench: no WebDriverAgent sources at ${candidates.join(' or ')}`);
  return found;
}

function sources(): void {
  const dir = fixturesDir();
  const rows = readdirSync(dir)
    .filter((f) => /\.(xml|json)$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const started = performance.now();
      const screen = buildScreen(parseSavedHierarchy(text, { source: file, scale: 3 }));
      const ms = performance.now() - started;
      return { file, elements: screen.elements.length, tokens: countTokens(screenText(screen)), raw: countTokens(text), ms };
    });
  console.log('\nReal WebDriverAgent sources (../shared/fixtures/ios), read at scale 3');
  console.log(`${'source'.padEnd(44)} ${'elements'.padStart(8)} ${'tokens'.padStart(6)} ${'raw'.padStart(6)} ${'ratio'.padStart(6)} ${'ms'.padStart(6)}`);
  for (const r of rows) {
    console.log(
      `${r.file.padEnd(44)} ${String(r.elements).padStart(8)} ${String(r.tokens).padStart(6)} ${String(r.raw).padStart(6)} ${(r.raw / r.tokens).toFixed(1).padStart(5)}x ${r.ms.toFixed(2).padStart(6)}`,
    );
  }
  const tokens = rows.map((r) => r.tokens).sort((a, b) => a - b);
  const ratios = rows.map((r) => r.raw / r.tokens).sort((a, b) => a - b);
  const median = quantile(tokens, 0.5);
  console.log(
    `  text form tokens   median ${median}, max ${tokens[tokens.length - 1]}   target median <= 400 (the real Android dumps'): ${median <= 400 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  raw / text         median ${quantile(ratios, 0.5).toFixed(1)}x, lowest ${ratios[0].toFixed(1)}x   target >= 8x: ${ratios[0] >= 8 ? 'met' : 'MISSED'}`,
  );
}

async function driverCalls(): Promise<void> {
  const sim = await startSim({ platform: 'ios' });
  const driver = await IosDriver.connect({ wdaUrl: sim.wdaUrl, udid: sim.udid, xcrun: path.join(simctlPathDir(), 'xcrun') });
  try {
    await driver.launchApp('com.example.shop');
    await driver.acceptAlert().catch(() => undefined);
    const size = await driver.screenSize();
    const field = { x: Math.round(size.width / 2), y: Math.round(size.height * 0.37) };
    console.log(
      `\nThe iOS driver on the virtual iPhone (${size.width}x${size.height} px, fast timing: the phone answers at once, so these are the protocol's own costs)`,
    );
    console.log(row('hierarchy (GET /source + activeAppInfo)', await sample(20, () => driver.hierarchy())));
    console.log(row('screenshot (GET /screenshot, PNG)', await sample(10, () => driver.screenshot())));
    console.log(row('glance, app in front (WebDriverAgent only)', await sample(20, () => driver.glance({ apps: ['com.example.shop'] }))));
    console.log(
      row('glance, another app asked (+ simctl launchctl)', await sample(5, () => driver.glance({ apps: ['com.example.shop', 'com.example.notes'] }))),
    );
    console.log(row('tap (POST /actions)', await sample(20, () => driver.tap(field))));
    console.log(row('logs since a mark (simctl log show)', await sample(5, async () => driver.logs({ since: await driver.mark() }))));
  } finally {
    await driver.close();
    await sim.stop();
  }
}

export async function benchIos(): Promise<void> {
  sources();
  await driverCalls();
}
