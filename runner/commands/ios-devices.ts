// What there is to test on iOS: the simulators `xcrun simctl` lists (where xcrun is), and the WebDriverAgent
// MOBILETEST_WDA_URL names, asked whether it answers. Used by `mobiletest devices` and `mobiletest doctor`.
import { DeviceError, IosDriver, UnsupportedDevice, type ListedSimulator } from '../../src/drivers/index.js';

/** How iOS is reached where there is no xcrun: said by devices, doctor and their help. */
export const IOS_NEEDS = "iOS needs macOS with Xcode, or a WDA URL (--wda-url / MOBILETEST_WDA_URL); device: 'sim' runs the virtual iPhone";

export interface WdaAnswer {
  url: string;
  /** True when GET /status answered with ready. */
  answers: boolean;
  /** What it said (its OS, or why it is not ready), or why it did not answer. */
  detail: string;
}

export interface IosSurvey {
  /** False where there is no xcrun (not macOS with Xcode). */
  xcrun: boolean;
  simulators: ListedSimulator[];
  /** Why xcrun simctl could not list the simulators, when it failed. */
  problem?: string;
  /** The WebDriverAgent of MOBILETEST_WDA_URL; undefined when it is not set. */
  wda?: WdaAnswer;
}

const TIMEOUT_MS = 10_000;

/** Asks a WebDriverAgent's GET /status whether it is ready. */
export async function askWda(url: string, { timeoutMs = TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<WdaAnswer> {
  const base = url.replace(/\/+$/, '');
  try {
    const response = await fetch(`${base}/status`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return { url: base, answers: false, detail: `GET /status answered HTTP ${response.status}` };
    const body = (await response.json()) as { value?: { ready?: boolean; message?: string; os?: { name?: string; version?: string } } };
    const value = body.value ?? {};
    if (value.ready === false) return { url: base, answers: false, detail: `not ready: ${value.message ?? 'no reason given'}` };
    const os = [value.os?.name, value.os?.version].filter(Boolean).join(' ');
    return { url: base, answers: true, detail: `answers /status${os ? ` (${os})` : ''}` };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${timeoutMs / 1000} s` : ((error as Error).cause as Error | undefined)?.message;
    return { url: base, answers: false, detail: `does not answer GET /status: ${reason ?? (error as Error).message}` };
  }
}

/** The simulators xcrun lists and the WebDriverAgent of MOBILETEST_WDA_URL. */
export async function surveyIos(options: { timeoutMs?: number } = {}): Promise<IosSurvey> {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const url = process.env.MOBILETEST_WDA_URL?.trim();
  const wda = url ? askWda(url, { timeoutMs }) : Promise.resolve(undefined);
  let survey: IosSurvey;
  try {
    survey = { xcrun: true, simulators: await IosDriver.devices({ timeoutMs }) };
  } catch (error) {
    if (error instanceof UnsupportedDevice) survey = { xcrun: false, simulators: [] };
    else if (error instanceof DeviceError) survey = { xcrun: true, simulators: [], problem: error.message };
    else throw error;
  }
  const answer = await wda;
  return answer ? { ...survey, wda: answer } : survey;
}
