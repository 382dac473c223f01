// simctl's error output: "An error was encountered processing the command (domain=D, code=N):" then the reasons,
// and an exit status of the code's low byte (405 exits 149, as Xcode's simctl does).

export interface SimctlFailure {
  stderr: string;
  exitCode: number;
}

export function simError(options: { domain: string; code: number; lines: string[] }): SimctlFailure {
  const head = `An error was encountered processing the command (domain=${options.domain}, code=${options.code}):`;
  return { stderr: [head, ...options.lines].join('\n') + '\n', exitCode: options.code & 0xff };
}

/** `Invalid device: X`, exit 148: the udid (or name) is no simulator simctl knows. */
export function invalidDevice(device: string): SimctlFailure {
  return { stderr: `Invalid device: ${device}\n`, exitCode: 148 };
}

/** CoreSimulator's 405: the device is in the wrong state for the request. */
export function wrongState(what: string, state: string): SimctlFailure {
  return simError({ domain: 'com.apple.CoreSimulator.SimError', code: 405, lines: [`Unable to ${what} in current state: ${state}`] });
}

/** Usage errors: the line simctl prints, exit 64 (EX_USAGE). */
export function usage(text: string): SimctlFailure {
  return { stderr: text.endsWith('\n') ? text : `${text}\n`, exitCode: 64 };
}
