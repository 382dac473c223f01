// `simctl list [devices|runtimes|devicetypes|pairs] [SEARCH] [-j|--json]`, text and JSON, from the registry.
import { IOS_RUNTIME, IPHONE_15 } from './identity.js';
import type { SimRecord } from './registry.js';
import { usage, type SimctlFailure } from './sim-error.js';

const XCODE = '/Applications/Xcode.app/Contents/Developer/Platforms/iPhoneOS.platform/Library/Developer/CoreSimulator/Profiles';
const RUNTIME_BUNDLE = `/Library/Developer/CoreSimulator/Volumes/iOS_${IOS_RUNTIME.buildversion}/Library/Developer/CoreSimulator/Profiles/Runtimes/${IOS_RUNTIME.name}.simruntime`;

function deviceTypeJson() {
  return {
    productFamily: IPHONE_15.productFamily,
    bundlePath: `${XCODE}/DeviceTypes/${IPHONE_15.name}.simdevicetype`,
    maxRuntimeVersion: 4294967295,
    maxRuntimeVersionString: '65535.255.255',
    identifier: IPHONE_15.identifier,
    modelIdentifier: IPHONE_15.modelIdentifier,
    minRuntimeVersionString: '17.0.0',
    minRuntimeVersion: 1114112,
    name: IPHONE_15.name,
  };
}

function runtimeJson() {
  const { bundlePath, name, identifier, productFamily } = deviceTypeJson();
  return {
    bundlePath: RUNTIME_BUNDLE,
    buildversion: IOS_RUNTIME.buildversion,
    platform: IOS_RUNTIME.platform,
    runtimeRoot: `${RUNTIME_BUNDLE}/Contents/Resources/RuntimeRoot`,
    identifier: IOS_RUNTIME.identifier,
    version: IOS_RUNTIME.version,
    isInternal: false,
    isAvailable: true,
    name: IOS_RUNTIME.name,
    supportedDeviceTypes: [{ bundlePath, name, identifier, productFamily }],
  };
}

function deviceJson(record: SimRecord) {
  return {
    ...(record.lastBootedAt ? { lastBootedAt: record.lastBootedAt } : {}),
    dataPath: record.dataPath,
    dataPathSize: 0,
    logPath: record.logPath,
    udid: record.udid,
    isAvailable: true,
    deviceTypeIdentifier: record.deviceType,
    state: record.state,
    name: record.name,
  };
}

/** "iOS 17.5" for com.apple.CoreSimulator.SimRuntime.iOS-17-5. */
function runtimeName(identifier: string): string {
  const match = /SimRuntime\.(\w+?)-(\d+(?:-\d+)*)$/.exec(identifier);
  return match ? `${match[1]} ${match[2].replace(/-/g, '.')}` : identifier;
}

/** Apple's JSON: two-space indents, " : " between key and value, and escaped slashes. */
export function appleJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/^(\s*"[^"]*"): /gm, '$1 : ')
    .replace(/\//g, '\\/');
}

function byRuntime(records: SimRecord[]): Map<string, SimRecord[]> {
  const groups = new Map<string, SimRecord[]>([[IOS_RUNTIME.identifier, []]]);
  for (const record of records) groups.set(record.runtime, [...(groups.get(record.runtime) ?? []), record]);
  return groups;
}

function matches(record: SimRecord, search: string | undefined): boolean {
  if (!search) return true;
  if (search === 'booted') return record.state === 'Booted';
  if (search === 'available') return true;
  const lower = search.toLowerCase();
  return record.name.toLowerCase().includes(lower) || record.udid.toLowerCase().includes(lower);
}

function text(section: string, records: SimRecord[]): string {
  if (section === 'devicetypes') return `== Device Types ==\n${IPHONE_15.name} (${IPHONE_15.identifier})\n`;
  if (section === 'runtimes') {
    return `== Runtimes ==\n${IOS_RUNTIME.name} (${IOS_RUNTIME.version} - ${IOS_RUNTIME.buildversion}) - ${IOS_RUNTIME.identifier}\n`;
  }
  if (section === 'pairs') return '== Device Pairs ==\n';
  const lines = ['== Devices =='];
  for (const [runtime, group] of byRuntime(records)) {
    lines.push(`-- ${runtimeName(runtime)} --`);
    for (const record of group) lines.push(`    ${record.name} (${record.udid}) (${record.state}) `);
  }
  return `${lines.join('\n')}\n`;
}

function json(section: string, records: SimRecord[]): unknown {
  if (section === 'devicetypes') return [deviceTypeJson()];
  if (section === 'runtimes') return [runtimeJson()];
  if (section === 'pairs') return {};
  return Object.fromEntries([...byRuntime(records)].map(([runtime, group]) => [runtime, group.map(deviceJson)]));
}

const SECTIONS = ['devicetypes', 'runtimes', 'devices', 'pairs'];

/** The whole `list` answer: stdout, or a usage failure. */
export function listOutput(args: string[], records: SimRecord[]): string | SimctlFailure {
  const asJson = args.includes('-j') || args.includes('--json');
  const words = args.filter((arg) => arg !== '-j' && arg !== '--json' && arg !== '-v');
  const [section, search] = words;
  if (section && !SECTIONS.includes(section)) {
    return usage(`Usage: simctl list [-j | --json] [-v] [devices|devicetypes|runtimes|pairs] [<search term>|available]`);
  }
  const shown = records.filter((record) => matches(record, search));
  const sections = section ? [section] : SECTIONS;
  if (asJson) return `${appleJson(Object.fromEntries(sections.map((name) => [name, json(name, shown)])))}\n`;
  return sections.map((name) => text(name, shown)).join('');
}
