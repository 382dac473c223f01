import type { Phone, ServiceHost, ServiceStream, PhoneShell, ServiceTransport } from '../types.js';
import { FAST_BOOT, rebootPhone, type BootTiming } from '../device/reboot.js';
import { serveFramebuffer } from './framebuffer-service.js';
import { serveJdwpList, serveProcessTracker } from './jdwp-service.js';
import { PhoneSockets, splice } from './phone-sockets.js';
import { ReverseTable } from './reverse-service.js';
import { parseShellService, serveShell } from './shell-service.js';
import { isSocketSpec, parseSocketSpec } from './socket-spec.js';
import { serveSync } from './sync-service.js';

/** Features this device implements and so advertises in CNXN and `host:features`. */
export const DEVICE_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir'];

export interface ServiceHostOptions {
  /** How long `adb reboot` keeps the phone away (default FAST_BOOT, about two seconds). */
  boot?: BootTiming;
}

// The time between `reboot` setting sys.powerctl and init taking adbd down.
const SHUTDOWN_MS = 150;

/** The phone's adbd: shell (v1 and v2), exec, sync, framebuffer, sockets, reverse tunnels, JDWP trackers and the one-shot services. */
export function createServiceHost(phone: Phone, shell: PhoneShell, options: ServiceHostOptions = {}): ServiceHost {
  const sockets = new PhoneSockets();
  const reverse = new ReverseTable(sockets);
  const bootProps = new Map(phone.props);
  let rebooting = false;

  const reboot = (stream: ServiceStream) => {
    // /system/bin/reboot prints nothing and waits to be killed: the stream ends when the transport drops.
    stream.resume();
    if (rebooting) return;
    rebooting = true;
    setTimeout(() => {
      reverse.clear();
      rebootPhone(phone, { timing: options.boot ?? FAST_BOOT, bootProps });
      stream.destroy();
      rebooting = false;
    }, SHUTDOWN_MS).unref();
  };

  /** A stream to a socket on the phone; undefined (the host sees the stream closed) when nothing listens. */
  const connect = (name: string) => {
    const parsed = parseSocketSpec(name, 'connect');
    const socket = 'error' in parsed ? undefined : sockets.connect(parsed.address);
    return socket && ((stream: ServiceStream) => splice(stream, socket));
  };

  return {
    features: DEVICE_FEATURES,
    resolve(name: string, transport?: ServiceTransport) {
      const shellRequest = parseShellService(name);
      if (shellRequest) return (stream: ServiceStream) => serveShell({ phone, shell, request: shellRequest, stream });
      if (name === 'sync:') return (stream: ServiceStream) => serveSync(phone, stream);
      if (name.startsWith('framebuffer:')) return (stream: ServiceStream) => serveFramebuffer({ phone, shell, stream });
      if (name === 'jdwp') return serveJdwpList;
      if (name === 'track-jdwp' || name === 'track-app') return serveProcessTracker;
      if (name.startsWith('reverse:')) return (stream: ServiceStream) => reverse.serve(name.slice(8), transport, stream);
      if (isSocketSpec(name)) return connect(name);
      if (name.startsWith('reboot:')) return reboot;
      if (name === 'remount:' || name.startsWith('remount:')) return (stream: ServiceStream) => stream.end('Not running as root. Try "adb root" first.\n');
      // A user build (ro.debuggable=0): adbd answers `adb root` and `adb unroot` as AOSP's restart services do there.
      if (name === 'root:') return (stream: ServiceStream) => stream.end('adbd cannot run as root in production builds\n');
      if (name === 'unroot:') return (stream: ServiceStream) => stream.end('adbd not running as root\n');
      // jdwp:PID finds no debuggable process here (see jdwp-service.ts); unknown services close too.
      return undefined;
    },
  };
}
