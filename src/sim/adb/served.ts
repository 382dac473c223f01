// What the phone served, service by service: the hierarchy reads (`uiautomator dump`), screenshots
// (`screencap`, `framebuffer:`) and other commands any client asked adbd for, each with its time on
// the phone. It counts tools that are not ours (mobile-mcp, appium-adb) the same way as mobiletest.
import type { ServiceHost, ServiceStream } from '../types.js';
import { parseShellService } from './shell-service.js';

/** A service as a read budget counts it: a look at the hierarchy, a screenshot, or anything else. */
export type ServedKind = 'read' | 'screenshot' | 'other';

export interface ServedCommand {
  /** The ADB service name as the host asked for it ('shell,v2,raw:input tap 540 1200', 'sync:'). */
  service: string;
  /** The command line of a shell or exec service; undefined for other services. */
  command?: string;
  kind: ServedKind;
  /** Wall time on the phone from the service's open to its end (its last byte sent), ms. */
  ms: number;
}

/** The services the phone served, in the order they ended. */
export class ServedLog {
  private entries: ServedCommand[] = [];

  record(entry: ServedCommand): void {
    this.entries.push(entry);
  }

  /** The services that ended since the last take(), oldest first; the log then starts afresh. */
  take(): ServedCommand[] {
    const taken = this.entries;
    this.entries = [];
    return taken;
  }
}

/** Words of a command line, split at blanks and the shell's operators (`;`, `&&`, `|`, subshells). */
const words = (line: string): string[] => line.split(/[\s;&|()`'"]+/).filter(Boolean);
const program = (word: string): string => word.slice(word.lastIndexOf('/') + 1);

/** What a service is to a read budget: a line that runs `uiautomator dump` reads, one that runs `screencap` (or framebuffer:) shoots. */
export function classifyService(name: string): ServedKind {
  if (name.startsWith('framebuffer:')) return 'screenshot';
  const request = parseShellService(name);
  if (!request) return 'other';
  const line = words(request.command);
  if (line.some((word, i) => program(word) === 'uiautomator' && line[i + 1] === 'dump')) return 'read';
  if (line.some((word) => program(word) === 'screencap')) return 'screenshot';
  return 'other';
}

/** The same services, each recorded in the log when it ends. */
export function countServices(host: ServiceHost, log: ServedLog): ServiceHost {
  return {
    features: host.features,
    resolve(name, transport) {
      const handler = host.resolve(name, transport);
      if (!handler) return undefined;
      return (stream: ServiceStream) => {
        const start = performance.now();
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          log.record({ service: name, command: parseShellService(name)?.command, kind: classifyService(name), ms: performance.now() - start });
        };
        // 'finish': the phone sent its last byte; 'close': the host hung up first (or the link dropped).
        stream.once('finish', end);
        stream.once('close', end);
        handler(stream);
      };
    },
  };
}
