// Every screen of the sample apps, reached on a virtual phone the way a user would get there.
import { observeXml, startSim, type Sim } from '../runner/index.js';

export interface SampleScreen {
  name: string;
  xml: string;
}

const KEY_BACK = 4;
const KEY_ENTER = 66;

export async function sampleScreens(): Promise<SampleScreen[]> {
  const sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  try {
    return walk(sim);
  } finally {
    await sim.stop();
  }
}

function walk(sim: Sim): SampleScreen[] {
  const ui = sim.phone.ui;
  const screens: SampleScreen[] = [];
  const save = (name: string) => screens.push({ name, xml: ui.dumpXml() });
  const tap = (label: string | RegExp) => {
    const { elements } = observeXml(ui.dumpXml()).screen;
    const e = elements.find((x) => (typeof label === 'string' ? x.label === label : label.test(x.label)));
    if (!e) throw new Error(`bench observe: no "${String(label)}" on screen (${elements.map((x) => x.label).join(' | ')})`);
    ui.tap(Math.floor((e.bounds.left + e.bounds.right) / 2), Math.floor((e.bounds.top + e.bounds.bottom) / 2));
  };
  // Toasts last two seconds of phone time; let them go between screens.
  const settle = () => sim.phone.clock.advance(3000);

  save('launcher');
  ui.launch('com.example.shop');
  save('shop permission dialog');
  tap('Allow');
  save('shop login');
  tap('Email');
  save('shop login, keyboard');
  ui.typeText('alice@example.com');
  tap('Password');
  ui.typeText('pass123');
  save('shop login, filled');
  tap('Log in');
  if (observeXml(ui.dumpXml()).screen.elements.some((e) => e.label === 'No thanks')) {
    save('shop promo popup');
    tap('No thanks');
  }
  save('shop home');
  tap('More options');
  save('shop menu');
  ui.keyEvent(KEY_BACK);
  tap('Search');
  save('shop search');
  tap('Search products');
  ui.typeText('headphones');
  ui.keyEvent(KEY_ENTER);
  save('shop search, loading');
  sim.phone.clock.advance(4000);
  save('shop search results');
  tap(/^Noise Cancelling Headphones/);
  save('shop product');
  tap('Add to cart');
  save('shop product, added');
  settle();
  tap(/^Cart, /);
  save('shop cart');
  tap('Coupon code');
  ui.typeText('CRASH');
  ui.keyEvent(KEY_ENTER);
  save('shop crash dialog');
  tap('Close app');
  settle();

  ui.launch('com.android.settings');
  save('settings');
  tap(/^Network & internet/);
  save('settings network');
  tap(/^Wi-Fi /);
  save('settings wi-fi');
  ui.keyEvent(KEY_BACK);
  ui.keyEvent(KEY_BACK);
  ui.swipe({ x1: 540, y1: 2000, x2: 540, y2: 600, durationMs: 300 });
  save('settings, scrolled');
  tap(/^About phone/);
  save('settings about');

  ui.launch('com.example.notes');
  save('notes');
  tap('More options');
  save('notes menu');
  tap('Settings');
  save('notes toast');
  settle();
  tap('New note');
  save('notes editor');
  return screens;
}
