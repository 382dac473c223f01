// The screen as a picture for the planner and the validator, when its text names too few of its
// elements (a game, a canvas, icons only, even after OCR): the screenshot with secrets painted over,
// cropped of the system bars, scaled to about 720 px and each element boxed with its ref (observe's
// visionFrame). A point the model gives on the picture is turned back into the device's pixels here,
// before the call runs, so the primitives only ever see device pixels.
import { devicePoint, needsVision, textCounts, textCoverage, visionFrame, type Observation, type VisionFrame } from '../observe/index.js';
import { maskSecrets, secretFieldsOf, type PrimitiveCall, type PrimitiveRunner } from '../primitives/index.js';
import type { ScreenPicture } from './roles/index.js';
import { isPointValue, TARGET_FIELDS } from './roles/planner-check.js';

/** The picture as sent, and the frame its points map back through. */
export interface ShownPicture {
  picture: ScreenPicture;
  frame: VisionFrame;
}

/** The screenshot could not be made into the picture a model needed (no screenshot, or one that is not an image). */
export class PictureFailed extends Error {
  override name = 'PictureFailed';
  constructor(device: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `the screen of ${device} has too little text to act on, and its screenshot could not be made into a picture for the model: ${reason}. ` +
        'Check that `adb exec-out screencap -p` gives a PNG on this device (a locked or secure screen gives none).',
      { cause },
    );
  }
}

/** The screen's picture, when its text names too few of its elements; undefined on a screen with enough text. */
export async function screenPicture(runner: PrimitiveRunner, observation: Observation, signal?: AbortSignal): Promise<ShownPicture | undefined> {
  const screen = observation.screen;
  const threshold = runner.observer.minTextCoverage;
  if (!needsVision(screen, { minTextCoverage: threshold })) return undefined;
  let frame: VisionFrame;
  try {
    const png = runner.observer.screenshotOf(observation) ?? (await runner.driver.screenshot({ signal }));
    frame = await visionFrame(await maskSecrets(png, screen, { fields: secretFieldsOf(runner.observer) }), screen);
  } catch (error) {
    signal?.throwIfAborted();
    throw new PictureFailed(runner.driver.id, error);
  }
  const { named, total } = textCounts(screen);
  const share = Math.round(textCoverage(screen) * 100);
  const why = `the screen names ${named} of its ${total} elements in text (${share}%, under ${Math.round(threshold * 100)}%)`;
  const image = { mediaType: 'image/png' as const, data: frame.png.toString('base64'), width: frame.width, height: frame.height };
  return { frame, picture: { image, why } };
}

function mapped(value: unknown, frame: VisionFrame, field: string): unknown {
  if (TARGET_FIELDS.has(field) && isPointValue(value)) {
    // The planner's check already refused points off the picture.
    return devicePoint(frame, value) ?? value;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapped(item, frame, key)]));
}

/** The call with each point on the picture (a target, a swipe's start, a drag's ends) in the device's pixels. */
export function pointsOnDevice(call: PrimitiveCall, frame: VisionFrame | undefined): PrimitiveCall {
  if (!frame) return call;
  return { ...call, params: mapped(call.params, frame, '') } as PrimitiveCall;
}
