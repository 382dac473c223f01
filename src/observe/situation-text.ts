// The situation report as the few lines an LLM reads after each action.
import type { ElementSummary, SituationReport } from './situation.js';

/** Elements named per list before the rest is counted. */
const LISTED = 8;

export function situationText(report: SituationReport): string {
  const lines: string[] = [];
  if (report.crash) lines.push(`crash: ${report.crash.package || 'the app'} crashed (${report.crash.reason}; seen in ${report.crash.evidence.join(', ')})`);
  if (report.anr) lines.push(`anr: ${report.anr.package || 'the app'} is not responding (${report.anr.reason})`);
  if (report.stuck) lines.push(`stuck: the same frame ${report.stuck.frames} times in a row`);
  if (report.popup)
    lines.push(
      `popup${report.popup.appeared ? ' appeared' : ''}: ${report.popup.ref ? `${report.popup.ref} ` : ''}${JSON.stringify(report.popup.title)} (${report.popup.package})`,
    );
  if (report.activity_changed) lines.push(`activity: ${report.activity_changed.from || 'unknown'} → ${report.activity_changed.to || 'unknown'}`);
  if (report.toast !== undefined) lines.push(`toast: ${JSON.stringify(report.toast)}`);
  if (report.keyboard?.changed) lines.push(`keyboard: ${report.keyboard.shown ? 'shown' : 'hidden'}`);
  if (!report.screen_changed) lines.push('screen: unchanged');
  else {
    if (report.new_elements.length > 0) lines.push(`new: ${listed(report.new_elements)}`);
    if (report.disappeared_elements.length > 0) lines.push(`gone: ${listed(report.disappeared_elements)}`);
    for (const c of report.changed_elements.slice(0, LISTED)) lines.push(`changed: ${c.ref} ${c.role} ${c.from} → ${c.to}`);
    if (report.changed_elements.length > LISTED) lines.push(`changed: … ${report.changed_elements.length - LISTED} more`);
    if (lines.length === 0) lines.push('screen: moved (same elements, new places)');
  }
  return lines.join('\n');
}

function listed(elements: ElementSummary[]): string {
  const named = elements.slice(0, LISTED).map((e) => `${e.ref} ${e.role}${e.label ? ` ${JSON.stringify(e.label)}` : ''}`);
  const more = elements.length - named.length;
  return named.join(', ') + (more > 0 ? `, … ${more} more` : '');
}
