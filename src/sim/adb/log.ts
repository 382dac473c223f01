/** Where the transport reports dropped connections and protocol errors. */
export type AdbLog = (message: string) => void;

export const stderrLog: AdbLog = (message) => {
  process.stderr.write(`[mobiletest sim adb] ${message}\n`);
};
