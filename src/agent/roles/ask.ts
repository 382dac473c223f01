// Asking a role: send the prompt with its answer schema, check the answer strictly, and when it is
// wrong show the model each problem and ask again, a bounded number of times.
import { randomBytes } from 'node:crypto';
import { redactText, registerMarkedSecrets, type EventLog } from '../../events/index.js';
import {
  LlmCallFailed,
  profileForModel,
  REASONING_MIN_TOKENS,
  roleDefaults,
  modelTakesImages,
  type ChatImage,
  type ChatMessage,
  type ModelAnswer,
  type ModelRole,
  type Provider,
  type RoleSettings,
} from '../../llm/index.js';
import type { JsonSchema } from '../../primitives/index.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type {
  DebuggerAnswer as DebuggerAnswerType,
  DebuggerInput,
  LocatorAnswer as LocatorAnswerType,
  LocatorInput,
  PlannerDecision,
  PlannerInput,
  QueryAnswer,
  QueryInput,
  ValidatorAnswer as ValidatorAnswerType,
  ValidatorInput,
} from '../types.js';
import { answerValidator, callerValidator, refListProblems, refProblem, schemaProblems } from './check.js';
import { InvalidModelAnswer, ModelAnswerTruncated, ModelRefused, VisionUnavailable } from './errors.js';
import { checkPlannerAnswer, type Checked } from './planner-check.js';
import { renderDebugger, renderLocator, renderPlanner, renderQuery, renderValidator } from './render.js';
import type { PromptPlatform } from './templates.js';
import {
  DebuggerAnswer,
  debuggerAnswerSchema,
  LocatorAnswer,
  locatorAnswerSchema,
  plannerAnswerSchema,
  queryAnswerSchema,
  SCHEMA_NAMES,
  ValidatorAnswer,
  validatorAnswerSchema,
} from './schemas.js';

export interface ModelAccess {
  /** Usually an AccountedProvider (budget + ledger). */
  provider: Provider;
  roles?: Partial<Record<ModelRole, RoleSettings>>;
  /** llm_call events, with the prompt and the raw answer attached as files. */
  log?: EventLog;
  /** Re-asks after an unusable answer; 2 by default. */
  repairs?: number;
  /** The model asked when a screen is sent as a picture (MOBILETEST_LLM_VISION_MODEL); the role's own when unset. */
  visionModel?: string;
  /** The device's platform, for the roles whose prompt words differ on it (default android). */
  platform?: PromptPlatform;
}

/** A screen sent as a picture too: the annotated image, and why it was needed (for a model that takes none). */
export interface ScreenPicture {
  image: ChatImage;
  /** "the screen names 1 of its 4 elements in text (25%)". */
  why: string;
}

export interface AskOptions {
  /** Refs of the screen the prompt showed: any ref an answer cites must be one of them. */
  screenRefs: ReadonlySet<string>;
  /** The agent call the model call belongs to, for its llm_call event. */
  actionId?: string;
  signal?: AbortSignal;
  /** The screen's annotated picture, for the planner and the validator on a screen with too little text. */
  picture?: ScreenPicture;
}

interface RoleRequest<T> {
  role: ModelRole;
  schemaName: string;
  schema: JsonSchema;
  messages: ChatMessage[];
  /** Settings of this request under the role's own (a query answer may be longer than a verdict). */
  defaults?: Partial<RoleSettings>;
  check(json: unknown): Checked<T>;
}

const DEFAULT_REPAIRS = 2;

function reask(problems: readonly string[]): string {
  return `That answer cannot be used:\n${problems.map((p) => `- ${p}`).join('\n')}\nAnswer again with the whole corrected JSON.`;
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The prompt as a file: each message's text, and where a picture went with it, its file. */
const promptText = (messages: readonly ChatMessage[], pictures: readonly string[]): string => {
  let n = 0;
  return messages
    .map((m) => {
      const images = (m.images ?? []).map((image) => `[picture ${image.width}×${image.height}: ${pictures[n++] ?? 'not kept'}]`);
      return [`--- ${m.role}\n${m.content}`, ...images].join('\n');
    })
    .join('\n');
};

/** Writes one llm_call event with the prompt and answer beside the log (redacted there and here). */
async function record(
  access: ModelAccess,
  call: { role: ModelRole; stem: string; messages: ChatMessage[]; answer?: ModelAnswer; failure?: string; model: string; started: number; actionId?: string },
): Promise<void> {
  const log = access.log;
  if (!log) return;
  // The pictures as sent: secrets were painted over before they were made.
  const images = call.messages.flatMap((m) => m.images ?? []);
  const pictures = await Promise.all(images.map((image, i) => log.attach(`${call.stem}-picture-${i + 1}.png`, Buffer.from(image.data, 'base64'))));
  const prompt = await log.attach(`${call.stem}-prompt.txt`, redactText(promptText(call.messages, pictures)));
  // The answer as the model wrote it (a <think> block included), and why it could not be used.
  const answerText = [call.answer?.text || (call.answer ? '(empty answer)' : ''), call.failure ? `(no usable answer: ${call.failure})` : '']
    .filter(Boolean)
    .join('\n');
  // A secret the model types (its text marked secret) is masked in its own answer too.
  if (call.answer) registerMarkedSecrets(call.answer.json ?? parsedOrUndefined(call.answer.text));
  const answer = await log.attach(`${call.stem}-answer.txt`, redactText(answerText || '(no answer)'));
  const billed = call.answer;
  const profile = billed?.profile ?? access.provider.profile?.id;
  await log.append({
    kind: 'llm_call',
    ...(call.actionId ? { action_id: call.actionId } : {}),
    role: call.role,
    model: billed?.model || call.model,
    prompt_ref: prompt,
    answer_ref: answer,
    ...(pictures.length > 0 ? { image_refs: pictures } : {}),
    tokens_in: billed?.usage.inputTokens ?? 0,
    tokens_out: billed?.usage.outputTokens ?? 0,
    request_tokens: billed?.requestTokens ?? 0,
    usage_source: billed?.usageSource ?? 'counted',
    ...(billed?.finish ? { finish: billed.finish } : {}),
    ...(profile ? { profile } : {}),
    cost_usd: billed?.costUsd ?? 0,
    duration_ms: Math.round(performance.now() - call.started),
  });
}

/** The answer's JSON checked; when it fails, the other JSON values its text held, the first that passes winning. */
function checkAnswer<T>(request: RoleRequest<T>, answer: ModelAnswer): Checked<T> {
  const first = request.check(answer.json);
  if (first.ok) return first;
  for (const other of answer.alternatives ?? []) {
    const checked = request.check(other);
    if (checked.ok) return checked;
  }
  return first;
}

/** What the picture is, told in the message it comes with. */
const PICTURE_NOTES: Partial<Record<ModelRole, (image: ChatImage) => string>> = {
  planner: (image) =>
    `The screen's picture is attached (${image.width}×${image.height} pixels): each element above is boxed in it and tagged with its ref. ` +
    'A target may be a ref, or, for something drawn that has no ref, a point {"x": ..., "y": ...} in the picture\'s pixels.',
  validator: (image) =>
    `The screen's picture is attached (${image.width}×${image.height} pixels), each element above boxed and tagged with its ref: read the screen from it too.`,
};

/** The request's messages with the picture on its last user message; the model that sees it, checked to take images. */
function withPicture(
  access: ModelAccess,
  request: { role: ModelRole; messages: ChatMessage[]; model: string | undefined; picture: ScreenPicture },
): ChatMessage[] {
  const seeing = access.visionModel ?? request.model ?? access.provider.model ?? access.provider.name;
  const profile = access.provider.profile;
  // A vision model named in the settings is taken at its word; another must be one known to take images.
  if (access.visionModel === undefined && (!profile || !modelTakesImages(profile, seeing))) {
    throw new VisionUnavailable(request.role, { model: seeing, why: request.picture.why });
  }
  const last = request.messages.map((m) => m.role).lastIndexOf('user');
  const { image } = request.picture;
  const note = PICTURE_NOTES[request.role]?.(image) ?? "The screen's picture is attached.";
  return request.messages.map((m, i) => (i === last ? { ...m, content: `${m.content}\n\n${note}`, images: [image] } : m));
}

async function askRole<T>(access: ModelAccess, request: RoleRequest<T>, options: AskOptions): Promise<T> {
  const own = access.roles?.[request.role] ?? {};
  const base = { ...roleDefaults[request.role], ...request.defaults, ...own };
  const picture = options.picture;
  const settings = picture && access.visionModel ? { ...base, model: access.visionModel } : base;
  // A reasoning model thinks within its answer cap: a role's small default would leave nothing to answer with.
  const profile = access.provider.profile && settings.model ? profileForModel(access.provider.profile, settings.model) : access.provider.profile;
  let maxTokens = profile?.reasoning && own.maxTokens === undefined ? Math.max(settings.maxTokens, REASONING_MIN_TOKENS) : settings.maxTokens;
  const attempts = (access.repairs ?? DEFAULT_REPAIRS) + 1;
  const messages = picture ? withPicture(access, { role: request.role, messages: request.messages, model: base.model, picture }) : [...request.messages];
  const problemsSoFar: string[] = [];
  const cutAt: number[] = [];
  const ask = `${request.role}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  let model = settings.model ?? access.provider.name;
  let call = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const started = performance.now();
    const sent = [...messages];
    const stem = `llm-${ask}-${++call}`;
    let answer: ModelAnswer | undefined;
    let checked: Checked<T>;
    try {
      answer = await access.provider.complete(
        {
          role: request.role,
          messages: sent,
          schema: request.schema,
          schemaName: request.schemaName,
          model: settings.model,
          temperature: settings.temperature,
          maxTokens,
          reasoningEffort: settings.reasoningEffort,
        },
        { signal: options.signal },
      );
      checked = checkAnswer(request, answer);
    } catch (error) {
      // A call that brought no answer ends the ask; one whose answer was unusable is recorded and handled by kind.
      if (!(error instanceof LlmCallFailed) || !error.answer) {
        await record(access, {
          role: request.role,
          stem,
          messages: sent,
          failure: error instanceof Error ? error.message : String(error),
          model,
          started,
          actionId: options.actionId,
        });
        throw error;
      }
      answer = error.answer;
      model = answer.model || model;
      await record(access, { role: request.role, stem, messages: sent, answer, failure: error.details.reason, model, started, actionId: options.actionId });
      if (error.kind === 'refusal') throw new ModelRefused(request.role, model, redactText(answer.text));
      if (error.kind === 'truncated') {
        cutAt.push(maxTokens);
        if (cutAt.length >= 2) throw new ModelAnswerTruncated(request.role, model, cutAt);
        // One more try with twice the room, not counted as a repair: the answer was not wrong, only long.
        maxTokens *= 2;
        attempt--;
        continue;
      }
      if (error.kind !== 'bad-answer') throw error;
      const problems = [`the answer is not JSON of the asked shape (${error.details.reason})`];
      problemsSoFar.push(...problems.map((problem) => redactText(`attempt ${attempt}: ${problem}`)));
      messages.push({ role: 'assistant', content: answer.text || '(no answer)' }, { role: 'user', content: reask(problems) });
      continue;
    }
    model = answer.model || model;
    await record(access, { role: request.role, stem, messages: sent, answer, model, started, actionId: options.actionId });
    if (checked.ok) return checked.value;
    // Problems quote the model's values, which may echo a secret from the screen; the error must not.
    problemsSoFar.push(...checked.problems.map((problem) => redactText(`attempt ${attempt}: ${problem}`)));
    messages.push({ role: 'assistant', content: answer.text || '(no answer)' }, { role: 'user', content: reask(checked.problems) });
  }
  throw new InvalidModelAnswer(request.role, { problems: problemsSoFar, attempts, model });
}

/** Schema first (ajv, on the JSON Schema that was sent); only a well-shaped answer is looked at further. */
function bySchema<T>(validate: ValidateFunction, json: unknown, more: (answer: T) => string[]): Checked<T> {
  const problems = schemaProblems(validate, json);
  if (problems.length === 0) problems.push(...more(json as T));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: json as T };
}

export function askPlanner(access: ModelAccess, input: PlannerInput, options: AskOptions): Promise<PlannerDecision> {
  return askRole(
    access,
    {
      role: 'planner',
      schemaName: SCHEMA_NAMES.planner,
      schema: plannerAnswerSchema(),
      messages: renderPlanner(input, access.platform),
      check: (json) => checkPlannerAnswer(json, { screenRefs: options.screenRefs, picture: options.picture?.image }),
    },
    options,
  );
}

export function askLocator(access: ModelAccess, input: LocatorInput, options: AskOptions): Promise<LocatorAnswerType> {
  const offered = input.candidates.map((c) => c.ref);
  return askRole(
    access,
    {
      role: 'locator',
      schemaName: SCHEMA_NAMES.locator,
      schema: locatorAnswerSchema,
      messages: renderLocator(input, access.platform),
      check: (json) =>
        bySchema<LocatorAnswerType>(answerValidator(LocatorAnswer), json, (answer) =>
          answer.candidates.flatMap((c, i) => {
            const path = `candidates[${i}].ref`;
            const offScreen = refProblem(path, c.ref, options.screenRefs);
            if (offScreen) return [offScreen];
            return offered.length > 0 && !offered.includes(c.ref) ? [`${path}: ${c.ref} is not one of the candidates (${offered.join(', ')})`] : [];
          }),
        ),
    },
    options,
  );
}

export function askValidator(access: ModelAccess, input: ValidatorInput, options: AskOptions): Promise<ValidatorAnswerType> {
  return askRole(
    access,
    {
      role: 'validator',
      schemaName: SCHEMA_NAMES.validator,
      schema: validatorAnswerSchema,
      messages: renderValidator(input, access.platform),
      check: (json) =>
        bySchema<ValidatorAnswerType>(answerValidator(ValidatorAnswer), json, (answer) => refListProblems('refs', answer.refs, options.screenRefs)),
    },
    options,
  );
}

export function askDebugger(access: ModelAccess, input: DebuggerInput, options: AskOptions): Promise<DebuggerAnswerType> {
  return askRole(
    access,
    {
      role: 'debugger',
      schemaName: SCHEMA_NAMES.debugger,
      schema: debuggerAnswerSchema,
      messages: renderDebugger(input, access.platform),
      check: (json) => bySchema<DebuggerAnswerType>(answerValidator(DebuggerAnswer), json, () => []),
    },
    options,
  );
}

/** A query runs as the validator role (its model and settings), with room for a longer answer by default. */
export function askQuery(access: ModelAccess, input: QueryInput, options: AskOptions): Promise<QueryAnswer> {
  const schema = queryAnswerSchema(input.schema);
  const validate = callerValidator(schema, input.schema);
  return askRole(
    access,
    {
      role: 'validator',
      schemaName: SCHEMA_NAMES.query,
      schema,
      messages: renderQuery(input, access.platform),
      defaults: { maxTokens: 400 },
      check: (json) => bySchema<QueryAnswer>(validate, json, (answer) => refListProblems('refs', answer.refs, options.screenRefs)),
    },
    options,
  );
}
