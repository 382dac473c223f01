// A model's `finish` is a claim, not a verdict: it is accepted only when the refs it cites are on the
// screen now and the goal reads as done there — by the offline rule's check when the goal is one the
// rules know, else by the validator model. What fell short goes back to the planner.
import { elementLine, needsVision, screenText, type Observation } from '../observe/index.js';
import type { ActionResult } from '../primitives/index.js';
import type { AgentCallRecord } from './call.js';
import type { AgentOptions } from './context.js';
import { screenWords } from './debug/index.js';
import { planGoal } from './offline/index.js';
import { askValidator, type ModelAccess } from './roles/index.js';
import { screenPicture } from './picture.js';
import { verifyOn } from './verification.js';
import { shownElements, type GoalCheck, type Verification } from './verify/index.js';

/** Rule checks that match a name by its words: when one falls short, the validator reads the screen. */
const BY_NAME: ReadonlySet<GoalCheck['kind']> = new Set(['opened', 'selected', 'results', 'visible']);

export interface FinishClaim {
  goal: string;
  /** The refs the model cited as evidence. */
  cited: readonly string[];
  /** The screen when the step began. */
  before: Observation;
  acted: readonly ActionResult[];
  /** The models that judge a goal the offline rules cannot read. */
  models: ModelAccess;
  signal?: AbortSignal;
}

export interface FinishVerdict {
  verification: Verification;
  /** The check a cached replay of this step runs instead of asking again. */
  check?: GoalCheck;
}

/** Reads the screen after a `finish` and says whether the goal is done there, and how that was decided. */
export async function verifyFinish(options: AgentOptions, record: AgentCallRecord, claim: FinishClaim): Promise<FinishVerdict> {
  const after = (await options.runner.observer.current({ signal: claim.signal })).observation;
  const elements = after.screen.elements;
  const gone = claim.cited.filter((ref) => !elements.some((e) => e.ref === ref));
  const base = { screen: screenWords(after), signature: after.signature };
  // A screen sent as a picture may have nothing to cite (one unlabelled surface): the validator judges its picture.
  const pictured = needsVision(after.screen, { minTextCoverage: options.runner.observer.minTextCoverage });
  if ((claim.cited.length === 0 && !pictured) || gone.length > 0) {
    const missing =
      claim.cited.length === 0
        ? 'finish cited no refs: cite the elements on the screen that show the goal is done'
        : `finish cited ${gone.join(', ')}, not on the screen now: cite elements of the current screen`;
    return {
      verification: {
        by: 'refs',
        rule: 'cited refs',
        check: 'the cited refs are on the screen',
        held: false,
        refs: claim.cited.filter((r) => !gone.includes(r)),
        missing,
        ...base,
      },
    };
  }
  const plan = planGoal(claim.goal);
  if (plan.kind === 'plan') {
    const verification = verifyOn(plan.verify, { before: claim.before, after, acted: claim.acted }, { by: 'rule', rule: plan.rule });
    // A state the rule reads exactly decides; a name it matches by words ("the headphones for kids") may be worded otherwise on screen.
    if (verification.held || !BY_NAME.has(plan.verify.kind))
      return { verification: { ...verification, refs: [...new Set([...verification.refs, ...claim.cited])] } };
  }
  const cited = elements.filter((e) => claim.cited.includes(e.ref));
  const lines = cited.map(elementLine).join('; ');
  const shownPicture = pictured ? await screenPicture(options.runner, after, claim.signal) : undefined;
  const answer = await askValidator(
    claim.models,
    { assertion: `the goal "${claim.goal}" has been reached (the agent cites: ${lines})`, screen: screenText(after.screen) },
    {
      screenRefs: new Set(elements.map((e) => e.ref)),
      actionId: record.id,
      signal: claim.signal,
      picture: shownPicture?.picture,
    },
  );
  const held = answer.verdict === 'pass';
  const shown = shownElements(cited);
  return {
    verification: {
      by: 'validator',
      rule: 'goal reached',
      check: `the validator judged the goal reached from ${lines}`,
      held,
      refs: [...new Set([...claim.cited, ...answer.refs])],
      ...(held ? {} : { missing: answer.reason }),
      ...base,
    },
    ...(held && shown.length ? { check: { kind: 'shows', elements: shown } as GoalCheck } : {}),
  };
}
