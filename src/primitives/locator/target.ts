// What a step points at: a semantic string ("Log in", "the search field", "e7"), an object of parts, or a point.
export type Target = string | TargetObject | PointTarget;

/** A point on the screen in device pixels (a game's drawn button, a spot on a map). */
export interface PointTarget {
  x: number;
  y: number;
}

/** Whether a target is a point rather than a description. */
export function isPoint(target: Target): target is PointTarget {
  return typeof target === 'object' && 'x' in target && 'y' in target;
}

export interface TargetObject {
  /** Visible text (or an input's value). */
  text?: string;
  /** Accessibility label (content-desc); the observed screen folds it into the element's label. */
  desc?: string;
  /** Resource id, whole ('com.example.shop:id/login') or its last part ('login'). */
  id?: string;
  role?: string;
  /** 0-based pick among equally good matches, in reading order. */
  index?: number;
  /** Prefer the match closest to this anchor. */
  near?: Target;
}

/** The target as a person would quote it in a message. */
export function describeTarget(target: Target): string {
  if (typeof target === 'string') return `"${target}"`;
  if (isPoint(target)) return `point (${target.x}, ${target.y})`;
  const parts: string[] = [];
  if (target.text !== undefined) parts.push(`text "${target.text}"`);
  if (target.desc !== undefined) parts.push(`desc "${target.desc}"`);
  if (target.id !== undefined) parts.push(`id "${target.id}"`);
  if (target.role !== undefined) parts.push(`role ${target.role}`);
  if (target.index !== undefined) parts.push(`index ${target.index}`);
  if (target.near !== undefined) parts.push(`near ${describeTarget(target.near)}`);
  return `{ ${parts.join(', ')} }`;
}
