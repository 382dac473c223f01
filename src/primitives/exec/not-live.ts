// The error for a located element its pixels show is not live: covered by something the tree does not
// show, or drawn greyed out while the tree calls it enabled. It says which element, what the pixels
// showed and what to do, since a touch there would land on the overlay or do nothing.
import { pixelBlock, type Screen, type ScreenElement } from '../../observe/index.js';
import { centre } from './dialog-policy.js';
import { TargetNotLive } from './errors.js';
import { where } from './screen-read.js';

export function notLive(options: { element: ScreenElement; shown: string | undefined; screen: Screen }): TargetNotLive {
  const { element: e, screen } = options;
  const name = `${e.role} ${e.ref} "${e.label}"`;
  if (pixelBlock(e) === 'covered') {
    const pixels = options.shown ?? 'something other than its text';
    const point = centre(e);
    const at = { x: Math.round(point.x), y: Math.round(point.y) };
    return new TargetNotLive({
      covered: true,
      message:
        `${name} is covered on ${where(screen)}: the tree shows it, but the screenshot shows ${pixels}. Something the tree does not show ` +
        `(a tutorial card, a tip, another app's overlay) is drawn over it, and a touch there would land on that, not on "${e.label}". ` +
        `Dismiss the overlay first (press back, finish the tutorial, or tap the overlay itself with a point target such as { x: ${at.x}, y: ${at.y} }), then act on it again.`,
    });
  }
  const pixels = options.shown ? ` (${options.shown})` : '';
  return new TargetNotLive({
    covered: false,
    message:
      `${name} looks disabled on ${where(screen)}: the tree calls it enabled, but it is drawn greyed out${pixels}. ` +
      'First do what enables it (fill the required fields, tick the box), or wait_for it with state "enabled".',
  });
}
