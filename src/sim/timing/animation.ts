// What keeps uiautomator from seeing an idle screen: something on it that animates and so keeps
// sending accessibility events. mobiletest's apps animate in one way, an indeterminate ProgressBar
// (a spinner); Developer options' "Animator duration scale" off stops it, as it does on a phone.
// An app whose main thread is blocked sends no events (they leave from that thread), so its spinner
// does not keep the screen busy: a dump under an ANR dialog works, as on a phone.
import type { Frame, LaidOutNode } from '../types.js';

function spins(node: LaidOutNode): boolean {
  if (/ProgressBar$/.test(node.cls) && node.bounds.right > node.bounds.left && node.bounds.bottom > node.bounds.top) return true;
  return node.children.some(spins);
}

export interface AnimationState {
  /** The global animator_duration_scale setting ('0' stops animations). */
  animatorScale: string | undefined;
  /** Packages whose main thread is blocked. */
  hung?: ReadonlySet<string>;
}

/** Whether the frame shows something that animates and so sends accessibility events. */
export function isAnimating(frame: Frame, state: AnimationState): boolean {
  if (Number(state.animatorScale ?? '1') === 0) return false;
  return frame.windows.some((window) => !state.hung?.has(window.package) && spins(window.root));
}
