// What keeps uiautomator from seeing an idle screen: something on it that animates and so keeps
// sending accessibility events. mobiletest's apps animate in one way, an indeterminate ProgressBar
// (a spinner); Developer options' "Animator duration scale" off stops it, as it does on a phone.
import type { Frame, LaidOutNode } from '../types.js';

function spins(node: LaidOutNode): boolean {
  if (/ProgressBar$/.test(node.cls) && node.bounds.right > node.bounds.left && node.bounds.bottom > node.bounds.top) return true;
  return node.children.some(spins);
}

/** Whether the frame shows something that animates, given the global animator_duration_scale. */
export function isAnimating(frame: Frame, animatorScale: string | undefined): boolean {
  if (Number(animatorScale ?? '1') === 0) return false;
  return frame.windows.some((window) => spins(window.root));
}
