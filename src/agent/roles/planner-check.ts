// The planner's answer: its envelope by schema, each action by the primitive registry (validateCall,
// so what comes out is a real PrimitiveCall), then the refs the actions cite against the screen.
import { InvalidPrimitiveCall, isPrimitiveName, validateCall, type PrimitiveCall } from '../../primitives/index.js';
import type { z } from 'zod';
import type { PlannerDecision } from '../types.js';
import { PLANNER_ACTIONS } from './action-list.js';
import { answerValidator, refProblem, schemaProblems } from './check.js';
import { PlannerAnswer } from './schemas.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

// Parameters whose string value names an element (a ref like "e7" must be on the screen).
export const TARGET_FIELDS: ReadonlySet<string> = new Set(['target', 'from', 'to', 'visible', 'gone']);

/** A point target as a model writes it: `{x, y}`. */
export function isPointValue(value: unknown): value is { x: number; y: number } {
  return isRecord(value) && typeof value.x === 'number' && typeof value.y === 'number';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a value sits in a planner answer (its path, and the field that holds it), and the refs on the screen. */
interface RefContext {
  path: string;
  screenRefs: ReadonlySet<string>;
  field?: string;
  picture?: PictureSize;
}

/** The size of the picture the model was shown, if any: a point target must be on it. */
export interface PictureSize {
  width: number;
  height: number;
}

/** A point target ({x, y}) is only for a model shown the picture, and must lie on it. */
function pointProblem(path: string, { x, y }: { x: number; y: number }, picture: PictureSize | undefined): string | undefined {
  if (!picture) return `${path}: a point is only for a screen sent as a picture; this one was sent as text: name a ref or a label`;
  if (x >= picture.width || y >= picture.height) {
    return `${path}: (${x}, ${y}) is off the picture, which is ${picture.width}×${picture.height} pixels; give a point on it, or a ref`;
  }
  return undefined;
}

/** Refs cited anywhere in a call's params: targets (also inside `expected`) and finish's evidence; points checked against the picture. */
function refProblems(value: unknown, { path, screenRefs, field = '', picture }: RefContext): string[] {
  if (TARGET_FIELDS.has(field) && isPointValue(value)) {
    return [pointProblem(path, value, picture) ?? []].flat();
  }
  if (typeof value === 'string') return TARGET_FIELDS.has(field) && /^e\d+$/.test(value) ? [refProblem(path, value, screenRefs) ?? []].flat() : [];
  if (Array.isArray(value)) {
    if (field !== 'evidence') return [];
    return value.flatMap((item, i) => (typeof item === 'string' ? [refProblem(`${path}[${i}]`, item, screenRefs) ?? []].flat() : []));
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => refProblems(item, { path: `${path}.${key}`, screenRefs, field: key, picture }));
}

function actionProblem(index: number, action: unknown, error: InvalidPrimitiveCall): string {
  const name = isRecord(action) ? action.name : undefined;
  if (typeof name === 'string' && !isPrimitiveName(name)) {
    const hint = error.suggestion ? ` (did you mean '${error.suggestion}'?)` : '';
    return `actions[${index}].name: '${name}' is not an action${hint}; use one of ${PLANNER_ACTIONS.join(', ')}`;
  }
  return `actions[${index}]${error.path ? `.params.${error.path}` : ''}: ${error.message}`;
}

/** What an answer is checked against: the screen's refs, and the picture's size when one was sent. */
export interface ScreenShown {
  screenRefs: ReadonlySet<string>;
  picture?: PictureSize;
}

export function checkPlannerAnswer(json: unknown, { screenRefs, picture }: ScreenShown): Checked<PlannerDecision> {
  // Errors inside an action are left to validateCall, whose messages name the primitive and the field.
  const problems = schemaProblems(answerValidator(PlannerAnswer), json, (at) => /^\/actions\/\d+/.test(at));
  const actions = isRecord(json) && Array.isArray(json.actions) ? (json.actions as unknown[]) : [];
  const calls: PrimitiveCall[] = [];
  actions.forEach((action, i) => {
    let call: PrimitiveCall;
    try {
      call = validateCall(action);
    } catch (error) {
      if (!(error instanceof InvalidPrimitiveCall)) throw error;
      problems.push(actionProblem(i, action, error));
      return;
    }
    if (!PLANNER_ACTIONS.includes(call.name)) {
      problems.push(`actions[${i}].name: '${call.name}' is not an action the planner may use; use one of ${PLANNER_ACTIONS.join(', ')}`);
    }
    problems.push(...refProblems(call.params, { path: `actions[${i}].params`, screenRefs, picture }));
    if ((call.name === 'finish' || call.name === 'give_up') && i < actions.length - 1) {
      problems.push(`actions[${i}]: ${call.name} ends the goal, so it must be the last action`);
    }
    calls.push(call);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { thought: (json as z.infer<typeof PlannerAnswer>).thought, actions: calls } };
}
