/** Platform-neutral permission names and the Android runtime permissions each stands for. */
const NEUTRAL: Record<string, string[]> = {
  camera: ['android.permission.CAMERA'],
  microphone: ['android.permission.RECORD_AUDIO'],
  location: ['android.permission.ACCESS_FINE_LOCATION', 'android.permission.ACCESS_COARSE_LOCATION'],
  background_location: ['android.permission.ACCESS_BACKGROUND_LOCATION'],
  notifications: ['android.permission.POST_NOTIFICATIONS'],
  contacts: ['android.permission.READ_CONTACTS', 'android.permission.WRITE_CONTACTS'],
  calendar: ['android.permission.READ_CALENDAR', 'android.permission.WRITE_CALENDAR'],
  photos: ['android.permission.READ_MEDIA_IMAGES', 'android.permission.READ_MEDIA_VIDEO', 'android.permission.READ_EXTERNAL_STORAGE'],
  storage: ['android.permission.READ_EXTERNAL_STORAGE', 'android.permission.WRITE_EXTERNAL_STORAGE'],
  phone: ['android.permission.CALL_PHONE', 'android.permission.READ_PHONE_STATE'],
  sms: ['android.permission.SEND_SMS', 'android.permission.RECEIVE_SMS', 'android.permission.READ_SMS'],
  bluetooth: ['android.permission.BLUETOOTH_CONNECT', 'android.permission.BLUETOOTH_SCAN'],
  activity_recognition: ['android.permission.ACTIVITY_RECOGNITION'],
};

export const NEUTRAL_PERMISSIONS = Object.keys(NEUTRAL);

/**
 * The Android permissions a name stands for: a neutral name (`camera`), a full name, or a short
 * Android one (`CAMERA` → android.permission.CAMERA); undefined for a neutral-looking name we do not know.
 */
export function androidPermissions(name: string): string[] | undefined {
  const neutral = NEUTRAL[name.toLowerCase()];
  if (neutral) return neutral;
  if (name.includes('.')) return [name];
  if (/^[A-Z][A-Z0-9_]+$/.test(name)) return [`android.permission.${name}`];
  return undefined;
}
