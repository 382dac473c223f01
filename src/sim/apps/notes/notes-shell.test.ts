import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import { runShell } from '../../shell/index.js';
import type { Phone } from '../../types.js';
import { settingsApp } from '../settings.js';
import { parseDump, type DumpNode } from '../../testing/dump-query.js';
import { shopApp } from '../shop/index.js';
import { notesApp } from './index.js';

async function sh(phone: Phone, line: string): Promise<string> {
  let out = '';
  const code = await runShell(phone, line, {
    stdout: (c) => {
      out += c.toString();
    },
    stderr: (c) => {
      out += c.toString();
    },
    signal: new AbortController().signal,
  });
  expect(code, `${line} printed ${out}`).toBe(0);
  return out;
}

async function nodes(phone: Phone): Promise<DumpNode[]> {
  return parseDump(await sh(phone, 'uiautomator dump /dev/tty'));
}

async function noteTitles(phone: Phone): Promise<string[]> {
  return (await nodes(phone))
    .filter((n) => n.package === 'com.example.notes' && n.longClickable && n.cls === 'android.view.View')
    .map((n) => n.descendants.find((d) => d.text)?.text ?? '');
}

test('a script over adb shell long-presses, swipes a note away and undoes it', async () => {
  const phone = createPhone({ apps: [shopApp, notesApp, settingsApp], seed: 2, frozenAt: Date.UTC(2025, 5, 1, 12, 0, 0) });
  await sh(phone, 'monkey -p com.example.notes -c android.intent.category.LAUNCHER 1');
  expect((await nodes(phone)).some((n) => n.desc === 'New note')).toBe(true);

  const card = (await nodes(phone)).filter((n) => n.package === 'com.example.notes' && n.longClickable)[1] as DumpNode;
  const title = card.descendants.find((d) => d.text)?.text ?? '';
  await sh(phone, `input swipe ${card.center.x} ${card.center.y} ${card.center.x} ${card.center.y} 800`);
  // The first notes are pinned, so their menu offers Unpin.
  expect((await nodes(phone)).map((n) => n.text)).toEqual(expect.arrayContaining(['Unpin', 'Share', 'Delete']));
  await sh(phone, 'input keyevent KEYCODE_BACK');
  expect((await nodes(phone)).some((n) => n.text === 'Share')).toBe(false);

  await sh(phone, `input swipe ${card.bounds.right - 50} ${card.center.y} ${card.bounds.left + 50} ${card.center.y} 200`);
  expect(await noteTitles(phone)).not.toContain(title);
  const undo = (await nodes(phone)).find((n) => n.clickable && n.descendants.some((d) => d.text === 'Undo')) as DumpNode;
  await sh(phone, `input tap ${undo.center.x} ${undo.center.y}`);
  expect(await noteTitles(phone)).toContain(title);
});
