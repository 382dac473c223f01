// What the debugger answers about one failed action, and the evidence lines it rests on.
import { redactText } from '../../events/index.js';
import type { ActionResult, FailureCategory } from '../../primitives/index.js';
import type { Recovery } from '../types.js';

export interface Attribution {
  category: FailureCategory;
  decision: Recovery;
  /** One sentence a person can act on, citing the evidence. */
  reason: string;
  /** e.g. "situation: crash com.example.shop (log, dialog)", "failure: DeviceDisconnected ...". */
  evidence: string[];
  /** The key of the known pattern that decided it: a rule's name or a learned pattern key. */
  pattern?: string;
}

export interface AttributionInput {
  goal: string;
  failed: ActionResult;
  /** The actions before the failed one, oldest first (the failed one may be last; it is skipped). */
  window: ActionResult[];
}

const MESSAGE_LIMIT = 240;

/** Evidence lines every attribution carries: the failure, and what the situation report saw. */
export function baseEvidence(failed: ActionResult): string[] {
  const lines: string[] = [];
  const f = failed.failure;
  if (f) lines.push(`failure: ${f.name} (${failed.verdict}, ${f.category}) during ${failed.primitive}: ${clip(f.message)}`);
  const r = failed.report;
  if (r?.crash) lines.push(`situation: crash ${r.crash.package || 'unknown package'} (${r.crash.evidence.join(', ')}): ${clip(r.crash.reason)}`);
  if (r?.anr) lines.push(`situation: anr ${r.anr.package || 'unknown package'} (${r.anr.evidence.join(', ')}): ${clip(r.anr.reason)}`);
  if (r?.popup) lines.push(`situation: popup "${r.popup.title}" (${r.popup.package})`);
  if (r?.stuck) lines.push(`situation: the same frame ${r.stuck.frames} times in a row`);
  if (r && !r.screen_changed) lines.push('situation: the screen did not change');
  return lines.map((line) => redactText(line));
}

export function clip(text: string, limit = MESSAGE_LIMIT): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > limit ? `${one.slice(0, limit - 1)}…` : one;
}
