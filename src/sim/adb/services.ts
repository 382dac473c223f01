import type { Phone, ServiceHost, ServiceStream, PhoneShell } from '../types.js';
import { parseShellService, serveShell } from './shell-service.js';
import { serveSync } from './sync-service.js';

/** Features this device implements and so advertises in CNXN and `host:features`. */
export const DEVICE_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir'];

/** The phone's ADB services: shell (v1 and v2), exec, sync, and the few one-shot services adbd answers. */
export function createServiceHost(phone: Phone, shell: PhoneShell): ServiceHost {
  return {
    features: DEVICE_FEATURES,
    resolve(name: string) {
      const shellRequest = parseShellService(name);
      if (shellRequest) return (stream: ServiceStream) => serveShell({ phone, shell, request: shellRequest, stream });
      if (name === 'sync:') return (stream: ServiceStream) => serveSync(phone, stream);
      if (name === 'reboot:' || name.startsWith('reboot:')) return (stream: ServiceStream) => stream.end();
      if (name === 'remount:' || name.startsWith('remount:')) return (stream: ServiceStream) => stream.end('Not running as root. Try "adb root" first.\n');
      // A user build (ro.debuggable=0): adbd answers `adb root` and `adb unroot` as AOSP's restart services do there.
      if (name === 'root:') return (stream: ServiceStream) => stream.end('adbd cannot run as root in production builds\n');
      if (name === 'unroot:') return (stream: ServiceStream) => stream.end('adbd not running as root\n');
      return undefined;
    },
  };
}
