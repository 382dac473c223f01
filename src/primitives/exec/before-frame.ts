// Frames: the trace's picture of the screen before acting, found among the stored frames or shot now.
import type { CallOptions, Driver, RawImage } from '../../drivers/index.js';
import type { Observation } from '../../observe/index.js';
import type { FrameRecorder } from './frames.js';

/** The screen before, for the trace: the frame already stored for it, or a screenshot taken then. */
export type BeforeFrame = { file: string } | { image: RawImage };

/**
 * The frame of `o`: usually the screen the previous action ended on, whose frame is stored; otherwise
 * the screenshot `shot` already taken of it (to read its pixels), or one shot now, before acting. Undefined when the screenshot cannot be taken: evidence never fails an action.
 */
export async function beforeFrame(
  options: { frames: FrameRecorder; driver: Driver; call: CallOptions; shot?: RawImage },
  o: Observation,
): Promise<BeforeFrame | undefined> {
  const file = options.frames.fileFor(o.contentKey);
  if (file) return { file };
  const image = options.shot ?? (await options.driver.capture(options.call).catch(() => undefined));
  return image ? { image } : undefined;
}
