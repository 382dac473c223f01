import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AndroidDriver } from '../../src/drivers/index.js';
import { DeviceObserver, screenText, situationText, type Look, type ScreenElement } from '../../src/observe/index.js';
import { startSim } from '../../src/sim/index.js';

export interface ScreensDemoOptions {
  outDir: string;
  seed: number;
}

const SHOP = 'com.example.shop';

/**
 * Starts a phone, reaches it through the adb server protocol with the Android driver (no adb
 * binary needed), and walks the Shop app: each step prints the screen as the agent reads it
 * and what changed since the step before.
 */
export async function runScreensDemo(options: ScreensDemoOptions): Promise<number> {
  const sim = await startSim({ serverPort: 0, seed: options.seed });
  const say = (line: string) => console.log(line);
  const driver = await AndroidDriver.connect({ port: sim.serverPort });
  try {
    const info = await driver.deviceInfo();
    say(
      `Virtual phone ${driver.id}: ${info.model}, Android ${info.osVersion} (API ${info.apiLevel}), reached through the adb server protocol on 127.0.0.1:${sim.serverPort}`,
    );
    await mkdir(options.outDir, { recursive: true });
    const observer = new DeviceObserver(driver);
    let step = 0;

    const look = async (title: string): Promise<Look> => {
      const seen = await observer.look();
      const file = path.join(options.outDir, `${String(++step).padStart(2, '0')}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`);
      await writeFile(file, await driver.screenshot());
      const changes = step > 1 ? situationText(seen.report) : '';
      say(`\n== ${step}. ${title} (screenshot ${file})`);
      if (changes) say(changes.replace(/^/gm, '   what changed: '));
      say(screenText(seen.observation.screen).replace(/^/gm, '   '));
      return seen;
    };
    const find = (seen: Look, wanted: (e: ScreenElement) => boolean, what: string): ScreenElement => {
      const element = seen.observation.screen.elements.find(wanted);
      if (!element) throw new Error(`The demo expected ${what} on screen; it shows:\n${screenText(seen.observation.screen)}`);
      return element;
    };
    const tap = async (element: ScreenElement) => {
      say(`$ tap ${element.ref} ${JSON.stringify(element.label)}`);
      await driver.tap({ x: (element.bounds.left + element.bounds.right) >> 1, y: (element.bounds.top + element.bounds.bottom) >> 1 });
    };
    const byLabel = (label: string) => (e: ScreenElement) => e.label === label;
    const byId = (id: string) => (e: ScreenElement) => e.resourceId.endsWith(`:id/${id}`);

    say(`$ launch ${SHOP}`);
    await driver.launchApp(SHOP);
    let seen = await look('Shop, first launch');
    const allow = seen.observation.screen.elements.find(byLabel('Allow'));
    if (allow) {
      await tap(allow);
      seen = await look('Login');
    }
    await tap(find(seen, byId('email'), 'the email field'));
    say("$ type 'alice@example.com'");
    await driver.typeText('alice@example.com');
    await tap(find(seen, byId('password'), 'the password field'));
    say('$ type a password (not printed; the screen shows dots)');
    await driver.typeText('pass123');
    seen = await look('Login filled in');
    await tap(find(seen, byId('login'), 'the Log in button'));
    seen = await look('After login');
    const promo = seen.observation.screen.elements.find(byId('promo_close'));
    if (promo) {
      await tap(promo);
      seen = await look('Home');
    }
    say(`\nDone: ${step} screens seen through the driver; screenshots in ${options.outDir}/`);
    return 0;
  } finally {
    await driver.close();
    await sim.stop();
  }
}
