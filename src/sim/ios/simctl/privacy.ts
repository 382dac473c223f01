// simctl privacy services and the phone's Android permissions each one stands for: the one table of both.

/** `xcrun simctl help privacy` services (Xcode 15), with the Android runtime permissions the phone keeps for each. */
export const PRIVACY_SERVICES: Record<string, string[]> = {
  calendar: ['android.permission.READ_CALENDAR', 'android.permission.WRITE_CALENDAR'],
  'contacts-limited': ['android.permission.READ_CONTACTS'],
  contacts: ['android.permission.READ_CONTACTS', 'android.permission.WRITE_CONTACTS'],
  location: ['android.permission.ACCESS_FINE_LOCATION', 'android.permission.ACCESS_COARSE_LOCATION'],
  'location-always': ['android.permission.ACCESS_FINE_LOCATION', 'android.permission.ACCESS_COARSE_LOCATION', 'android.permission.ACCESS_BACKGROUND_LOCATION'],
  'photos-add': ['android.permission.READ_MEDIA_VISUAL_USER_SELECTED'],
  photos: ['android.permission.READ_MEDIA_IMAGES', 'android.permission.READ_MEDIA_VIDEO'],
  'media-library': ['android.permission.READ_MEDIA_AUDIO'],
  microphone: ['android.permission.RECORD_AUDIO'],
  motion: ['android.permission.ACTIVITY_RECOGNITION'],
  reminders: ['android.permission.READ_CALENDAR'],
  siri: [],
  // Not in simctl's help text, yet the simulator accepts it (confirmed by Apple's Simulator team for ControlRoom).
  camera: ['android.permission.CAMERA'],
};

export type PrivacyAction = 'grant' | 'revoke' | 'reset';

/** The Android permissions a service name stands for; 'all' is every service; undefined for an unknown service. */
export function permissionsOf(service: string): string[] | undefined {
  if (service === 'all') return [...new Set(Object.values(PRIVACY_SERVICES).flat())];
  return PRIVACY_SERVICES[service];
}

export const PRIVACY_USAGE = `Usage: simctl privacy <device> <action> <service> [<bundle identifier>]

        action
             The action to take:
                 grant - Grant access without prompting. Requires bundle identifier.
                 revoke - Revoke access, denying all use of the service. Requires bundle identifier.
                 reset - Reset access, prompting on next use. Bundle identifier optional.
             Some permission changes will terminate the application if running.
        service
             The service:
                 all - Apply the action to all services.
${Object.keys(PRIVACY_SERVICES)
  .filter((name) => name !== 'camera')
  .map((name) => `                 ${name}`)
  .join('\n')}
`;
