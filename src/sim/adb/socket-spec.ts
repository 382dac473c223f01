// adbd's socket specifications ('tcp:8080', 'localabstract:chrome_devtools_remote'), read as a
// phone's adbd reads them: for connecting a host's stream to a socket on the phone, and for the
// listening side of `adb reverse`.

/** A socket on the phone: a loopback TCP port or a Unix socket in one of Android's namespaces. */
export type PhoneSocketAddress = { kind: 'tcp'; port: number } | { kind: 'local'; namespace: 'abstract' | 'reserved' | 'filesystem'; name: string };

export type SpecResult = { address: PhoneSocketAddress } | { error: string };

const LOCAL_PREFIXES: Array<[string, 'abstract' | 'reserved' | 'filesystem']> = [
  // On the device `local:` means the reserved namespace (/dev/socket).
  ['local:', 'reserved'],
  ['localreserved:', 'reserved'],
  ['localabstract:', 'abstract'],
  ['localfilesystem:', 'filesystem'],
];

/** Whether adbd treats a service name as a socket to connect to rather than a service of its own. */
export function isSocketSpec(name: string): boolean {
  return name.startsWith('tcp:') || name.startsWith('vsock:') || name.startsWith('acceptfd:') || LOCAL_PREFIXES.some(([prefix]) => name.startsWith(prefix));
}

/**
 * Reads a spec for `connect` (a host opening a stream to the phone) or `listen` (a reverse tunnel's
 * device end); errors are worded as adbd words them. adbd reaches only its own phone: a tcp host
 * other than `localhost` is refused.
 */
export function parseSocketSpec(spec: string, use: 'connect' | 'listen'): SpecResult {
  if (spec.startsWith('tcp:')) return parseTcp(spec, use);
  if (spec.startsWith('vsock:'))
    return { error: use === 'connect' ? `could not connect to vsock address '${spec}'` : 'given vsock server socket string was invalid' };
  if (spec.startsWith('acceptfd:')) return { error: use === 'connect' ? 'cannot connect to acceptfd' : 'invalid fd' };
  for (const [prefix, namespace] of LOCAL_PREFIXES) {
    if (spec.startsWith(prefix)) return { address: { kind: 'local', namespace, name: spec.slice(prefix.length) } };
  }
  return { error: use === 'connect' ? `unknown socket specification: ${spec}` : `unknown socket specification:${spec}` };
}

function parseTcp(spec: string, use: 'connect' | 'listen'): SpecResult {
  const rest = spec.slice(4);
  if (/^[+-]?\d+$/.test(rest)) {
    const port = Number(rest);
    if (port < 0 || port > 65535) return { error: `bad port number '${port}'` };
    return { address: { kind: 'tcp', port } };
  }
  const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(rest);
  if (!match) return { error: `failed to parse address: '${rest}'` };
  const host = match[1] ?? match[2];
  const port = match[3] === undefined ? 5555 : Number(match[3]);
  if (host === 'localhost') return { address: { kind: 'tcp', port } };
  return { error: use === 'connect' ? 'adbd does not support arbitrary tcp connections' : 'listening on specified hostname currently unsupported' };
}

/** The name a listener is known by on the phone: one TCP port, or one name in one namespace. */
export function addressKey(address: PhoneSocketAddress): string {
  return address.kind === 'tcp' ? `tcp:${address.port}` : `local${address.namespace}:${address.name}`;
}

/**
 * A forward request's argument, `[norebind:]LOCAL;REMOTE`, as adb's handle_forward_request reads it
 * on both ends (the host server's `host:forward:` and adbd's `reverse:forward:`).
 */
export function parseForwardRequest(rest: string): { noRebind: boolean; local: string; remote: string } | { error: string } {
  const noRebind = rest.startsWith('norebind:');
  const spec = noRebind ? rest.slice(9) : rest;
  const pieces = spec.split(';');
  if (pieces.length !== 2 || pieces[0] === '' || pieces[1] === '' || pieces[1].startsWith('*')) return { error: `bad forward: ${spec}` };
  return { noRebind, local: pieces[0], remote: pieces[1] };
}
