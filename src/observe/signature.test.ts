import { test, expect } from '@playwright/test';
import { contentKey, maskVolatile, observeXml, screenSignature } from './index.js';

function screenWith(texts: string[], extra = '') {
  const nodes = texts.map((t, i) => `<node class="android.widget.TextView" text="${t}" bounds="[0,${i * 100}][1080,${i * 100 + 90}]" />`).join('');
  return observeXml(
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">${nodes}${extra}</node></hierarchy>`,
  );
}

test('clocks, dates, weekdays and relative times are masked; other words stay', () => {
  expect(maskVolatile('Sent 12:05 PM · May 29 · 3 min ago')).toBe('Sent ~ · ~ · ~');
  expect(maskVolatile('Due 2026-01-31, Tue')).toBe('Due ~, ~');
  expect(maskVolatile('刘嘉俊 43分钟前')).toBe('刘嘉俊 ~');
  expect(maskVolatile('Total: $59.99 for 4.3 stars')).toBe('Total: $59.99 for 4.3 stars');
  expect(maskVolatile('Mayday at Sunset, 12 items')).toBe('Mayday at Sunset, 12 items');
});

test('the signature is the same screen with other data; the content key sees data change but not a clock', () => {
  const a = screenWith(['Inbox', 'Cart, 0 items', 'Updated 12:00', '3 min ago']);
  const b = screenWith(['Inbox', 'Cart, 2 items', 'Updated 12:07', '9 min ago']);
  const c = screenWith(['Inbox', 'Cart, 0 items', 'Updated 12:07', '9 min ago']);
  const other = screenWith(['Outbox', 'Cart, 0 items', 'Updated 12:00', '3 min ago']);
  expect(screenSignature(b.screen)).toBe(screenSignature(a.screen));
  expect(screenSignature(other.screen)).not.toBe(screenSignature(a.screen));
  expect(contentKey(c.screen)).toBe(contentKey(a.screen));
  expect(contentKey(b.screen)).not.toBe(contentKey(a.screen));
  expect([a.signature, a.contentKey]).toEqual([screenSignature(a.screen), contentKey(a.screen)]);
});

test('a toast neither changes the signature nor the content key', () => {
  const plain = screenWith(['Inbox']);
  const toast = observeXml(
    `<?xml version='1.0' ?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example" bounds="[300,2000][780,2100]"><node class="android.widget.TextView" resource-id="android:id/message" text="Saved" bounds="[300,2000][780,2100]" /></node><node class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]"><node class="android.widget.TextView" text="Inbox" bounds="[0,0][1080,90]" /></node></hierarchy>`,
  );
  expect(toast.screen.elements.map((e) => e.role)).toEqual(['toast', 'text']);
  expect(toast.signature).toBe(plain.signature);
  expect(toast.contentKey).toBe(plain.contentKey);
});
