// Generated /proc files the shell user reads on Android 14 (toybox top and netstat read them):
// CPU time counters that grow with uptime, and adbd's TCP listener in the socket tables.

/** USER_HZ: the kernel counts CPU time in hundredths of a second in /proc/stat. */
const USER_HZ = 100;
/** The CPUs /proc/cpuinfo lists. */
const CPUS = 2;
/** Where adbd listens when adb reaches the phone over TCP (`adb tcpip 5555`). */
const ADBD_PORT = 5555;
/** adbd drops to the shell user on a user build, so its sockets belong to uid 2000. */
const SHELL_UID = 2000;

export interface ProcClock {
  /** Wall clock, epoch ms. */
  now: number;
  /** Seconds since boot, as /proc/uptime gives it. */
  uptime: number;
}

/** Share of each CPU's time spent busy in user, nice and system, then iowait, irq and softirq; the rest is idle. */
const BUSY = [0.06, 0.004, 0.04];
const WAITS = [0.003, 0.001, 0.001];
const IDLE_SHARE = 1 - [...BUSY, ...WAITS].reduce((a, b) => a + b, 0);

/** /proc/uptime: seconds since boot, then the seconds all CPUs together spent idle. */
export function procUptime({ uptime }: ProcClock): string {
  return `${uptime.toFixed(2)} ${(uptime * CPUS * IDLE_SHARE).toFixed(2)}\n`;
}

/** /proc/stat: per-CPU jiffies (user nice system idle iowait irq softirq steal guest guest_nice), boot time and counters. */
export function procStat({ now, uptime }: ProcClock): string {
  const perCpu = Math.floor(uptime * USER_HZ);
  const share = (fraction: number): number => Math.floor(perCpu * fraction);
  const cpu = (scale: number): number[] => {
    const busy = BUSY.map((f) => share(f) * scale);
    const waits = WAITS.map((f) => share(f) * scale);
    const idle = perCpu * scale - busy.reduce((a, b) => a + b, 0) - waits.reduce((a, b) => a + b, 0);
    return [...busy, idle, ...waits, 0, 0, 0];
  };
  const interrupts = Math.floor(uptime * 900);
  const lines = [
    `cpu  ${cpu(CPUS).join(' ')}`,
    ...Array.from({ length: CPUS }, (_, i) => `cpu${i} ${cpu(1).join(' ')}`),
    `intr ${interrupts} ${Array.from({ length: 32 }, (_, i) => (i === 1 ? Math.floor(interrupts / 3) : 0)).join(' ')}`,
    `ctxt ${Math.floor(uptime * 2400)}`,
    `btime ${Math.floor(now / 1000 - uptime)}`,
    `processes ${4000 + Math.floor(uptime / 2)}`,
    'procs_running 1',
    'procs_blocked 0',
    `softirq ${Math.floor(uptime * 500)} 0 ${Math.floor(uptime * 200)} 0 ${Math.floor(uptime * 40)} 0 0 ${Math.floor(uptime * 10)} ${Math.floor(uptime * 150)} 0 ${Math.floor(uptime * 100)}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** /proc/net/tcp: the IPv4 table. adbd's listener is dual-stack, so it is listed in tcp6 only. */
export function procNetTcp(): string {
  // tcp4_seq_show pads every line, the header too, to 149 characters.
  return `${'  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode'.padEnd(149)}\n`;
}

/** /proc/net/tcp6: adbd listening on [::]:5555 (state 0A, LISTEN), as socket_inaddr_any_server opens it. */
export function procNetTcp6(): string {
  const header =
    '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
  const any = '0'.repeat(32);
  const port = ADBD_PORT.toString(16).toUpperCase().padStart(4, '0');
  const listen = `   0: ${any}:${port} ${any}:0000 0A 00000000:00000000 00:00000000 00000000 ${String(SHELL_UID).padStart(5)} ${'0'.padStart(8)} 21843 1 ${'0'.repeat(16)} 100 0 0 10 0`;
  return `${header}\n${listen}\n`;
}
