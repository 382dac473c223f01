/** A peer sent bytes that are not an ADB packet; the connection they came on is closed. */
export class MalformedPacketError extends Error {
  override name = 'MalformedPacketError';
  constructor(problem: string) {
    super(`Malformed ADB packet: ${problem}. The connection is closed; the peer must reconnect with a valid CNXN.`);
  }
}

/** A request to the adb server port was not of the form 4 hex digits + payload. */
export class MalformedRequestError extends Error {
  override name = 'MalformedRequestError';
  constructor(problem: string) {
    super(`Malformed adb server request: ${problem}. Requests are 4 hex digits of length, then the request.`);
  }
}
