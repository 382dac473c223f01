// `npm run bench -- requests`: what each role's request weighs, whole (messages and schema or tools, as
// the provider is sent it, o200k tokens), on every screen of the sample apps and every real app's dump
// in ../shared/fixtures/android, for each provider profile. What a provider bills as input per call.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildScreen, parseUiautomatorXml, profileFor, screenText, type ProviderProfile } from '../runner/index.js';
import { REQUEST_NAMES, requestBody, roleRequests, type RequestName } from '../src/agent/testing/role-requests.js';
import { sampleScreens } from './observe-screens.js';
import { realDumps } from './real-dumps.js';
import { quantile } from './stats.js';

const TARGETS: Record<RequestName, number> = { planner: 1500, locator: 800, validator: 800, debugger: 800, query: 800 };

const PROFILES: Array<{ name: string; profile: ProviderProfile }> = [
  { name: 'OpenAI (strict schema)', profile: profileFor({ provider: 'openai', model: 'gpt-4o-mini' }) },
  { name: 'Anthropic (tool)', profile: profileFor({ provider: 'anthropic', model: 'claude-sonnet-4-5' }) },
  { name: 'Gemini', profile: profileFor({ provider: 'gemini', model: 'gemini-2.5-flash' }) },
  { name: 'local server (grammar)', profile: profileFor({ provider: 'local', model: 'qwen2.5', baseUrl: 'http://localhost:8080/v1' }) },
];

interface Shown {
  name: string;
  xml: string;
}

function weigh(screens: Shown[], profile: ProviderProfile): Record<RequestName, number[]> {
  const out = Object.fromEntries(REQUEST_NAMES.map((name) => [name, [] as number[]])) as Record<RequestName, number[]>;
  for (const { xml } of screens) {
    const screen = buildScreen(parseUiautomatorXml(xml));
    const requests = roleRequests({ text: screenText(screen), elements: screen.elements.map((e) => ({ ref: e.ref, label: e.label })) });
    for (const name of REQUEST_NAMES) out[name].push(countTokens(JSON.stringify(requestBody(profile, requests[name]))));
  }
  return out;
}

const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);

function table(title: string, screens: Shown[]): string[] {
  const missed: string[] = [];
  console.log(`\n${title}: ${screens.length} screens; request tokens median / p90 / max (target for the median)`);
  console.log(`${'profile'.padEnd(26)} ${REQUEST_NAMES.map((n) => `${n} (<= ${TARGETS[n]})`.padEnd(24)).join(' ')}`);
  for (const { name, profile } of PROFILES) {
    const weights = weigh(screens, profile);
    const cells = REQUEST_NAMES.map((request) => {
      const values = sorted(weights[request]);
      const median = quantile(values, 0.5);
      if (median > TARGETS[request]) missed.push(`${title}, ${name}, ${request}: median ${median} > ${TARGETS[request]}`);
      return `${median} / ${quantile(values, 0.9)} / ${values[values.length - 1]}`.padEnd(24);
    });
    console.log(`${name.padEnd(26)} ${cells.join(' ')}`);
  }
  return missed;
}

export async function benchRequests(): Promise<void> {
  const samples = (await sampleScreens()).map((s) => ({ name: s.name, xml: s.xml }));
  const missed = [...table('Sample apps on the virtual phone', samples), ...table('Real apps (uiautomator dumps)', realDumps())];
  console.log('\nverdicts:');
  if (missed.length === 0) console.log("  met          every role's median request is within its target on both sets, for every profile");
  for (const line of missed) console.log(`  MISSED       ${line}`);
}
