// Neutral permission names and the `xcrun simctl privacy` services that grant them on a simulator.
// iOS asks for some permissions only in a system alert that simctl cannot answer ahead of time.

/** Neutral name → simctl privacy services. */
const SERVICES: Record<string, string[]> = {
  camera: ['camera'],
  microphone: ['microphone'],
  location: ['location'],
  background_location: ['location-always'],
  contacts: ['contacts'],
  calendar: ['calendar'],
  photos: ['photos'],
  reminders: ['reminders'],
  motion: ['motion'],
  activity_recognition: ['motion'],
  media_library: ['media-library'],
  siri: ['siri'],
};

/** Neutral names with no simctl service, and why. */
const NOT_GRANTABLE: Record<string, string> = {
  notifications:
    'simctl cannot grant notifications: iOS asks in a system alert the first time the app requests them; answer it with acceptAlert() or by tapping Allow',
  bluetooth: 'simctl cannot grant Bluetooth, and a simulator has none; the app sees it as unavailable',
  storage: 'iOS has no storage permission: an app always reads and writes its own container',
  phone: 'iOS has no phone permission for apps to be granted',
  sms: 'iOS has no SMS permission for apps to be granted',
};

/** Services `xcrun simctl privacy` knows, accepted as they are. */
const SIMCTL_SERVICES = new Set([
  'all',
  'calendar',
  'contacts-limited',
  'contacts',
  'location',
  'location-always',
  'photos-add',
  'photos',
  'media-library',
  'microphone',
  'motion',
  'reminders',
  'siri',
  'camera',
]);

export const IOS_PERMISSIONS = [...Object.keys(SERVICES), ...SIMCTL_SERVICES].filter((name, i, all) => all.indexOf(name) === i);

export type PermissionServices = { services: string[] } | { notGrantable: string };

/** The simctl services a permission name stands for; why it cannot be granted; undefined for a name iOS does not know. */
export function simctlServices(name: string): PermissionServices | undefined {
  const key = name.toLowerCase();
  if (Object.hasOwn(SERVICES, key)) return { services: SERVICES[key] };
  if (Object.hasOwn(NOT_GRANTABLE, key)) return { notGrantable: NOT_GRANTABLE[key] };
  if (SIMCTL_SERVICES.has(key)) return { services: [key] };
  return undefined;
}
