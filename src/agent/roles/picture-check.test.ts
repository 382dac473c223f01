import { expect, test } from '@playwright/test';
import { pointsOnDevice } from '../picture.js';
import { checkPlannerAnswer } from './planner-check.js';

const screenRefs = new Set(['e1', 'e2']);
const tapAt = (target: unknown) => ({ thought: 'tap it', actions: [{ name: 'tap', params: { target } }] });

test('a point on the picture is taken when a picture was sent and it lies on it; off the picture, or with no picture, the model is told why', () => {
  const picture = { width: 720, height: 1516 };
  expect(checkPlannerAnswer(tapAt({ x: 360, y: 900 }), { screenRefs, picture }).ok).toBe(true);
  const off = checkPlannerAnswer(tapAt({ x: 900, y: 3000 }), { screenRefs, picture });
  expect(off).toEqual({
    ok: false,
    problems: ['actions[0].params.target: (900, 3000) is off the picture, which is 720×1516 pixels; give a point on it, or a ref'],
  });
  const blind = checkPlannerAnswer(tapAt({ x: 10, y: 10 }), { screenRefs });
  expect(blind.ok).toBe(false);
  expect(!blind.ok && blind.problems[0]).toContain('a point is only for a screen sent as a picture');
  // A ref that is not on the screen (nor tagged in the picture) is refused as before.
  const missing = checkPlannerAnswer(tapAt('e9'), { screenRefs, picture });
  expect(!missing.ok && missing.problems[0]).toContain('e9');
});

test("points become the device's pixels before a call runs: a target, a swipe's start and a drag's ends; refs and words stay", () => {
  const frame = { png: Buffer.alloc(0), width: 720, height: 1516, shows: { left: 0, top: 63, right: 1080, bottom: 2337 }, scale: 720 / 1080, refs: [] };
  expect(pointsOnDevice({ name: 'tap', params: { target: { x: 360, y: 100 } } }, frame)).toEqual({ name: 'tap', params: { target: { x: 540, y: 213 } } });
  expect(pointsOnDevice({ name: 'drag', params: { from: { x: 0, y: 0 }, to: 'e2' } }, frame)).toEqual({
    name: 'drag',
    params: { from: { x: 0, y: 63 }, to: 'e2' },
  });
  expect(pointsOnDevice({ name: 'tap', params: { target: 'Start' } }, frame)).toEqual({ name: 'tap', params: { target: 'Start' } });
  // No picture was sent: nothing to map through.
  expect(pointsOnDevice({ name: 'tap', params: { target: { x: 5, y: 5 } } }, undefined)).toEqual({ name: 'tap', params: { target: { x: 5, y: 5 } } });
});
