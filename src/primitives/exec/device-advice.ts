// What to do when the device or the tooling beside it (its screenshots, the OCR) failed, by the error's name: shared by the executor and the runner.

/** One sentence for a device error a person can act on; undefined for a name that is not a device error. */
export function deviceSuggestion(name: string, device?: string): string | undefined {
  const it = device ? `device ${device}` : 'the device';
  const serial = device ? ` -s ${device}` : '';
  switch (name) {
    case 'DeviceDisconnected':
      return `Check that ${it} is still connected and online (adb devices lists it as "device"), reconnect it, then run again.`;
    case 'DeviceNotFound':
      return "Check which devices are connected (adb devices) and name one of them in the device option, or start an emulator or the virtual phone (device: 'sim').";
    case 'SeveralDevices':
      return 'Name the device to use in the device option (a serial from adb devices), or list several to give each worker its own.';
    case 'DeviceTimeout':
      return `Check that ${it} answers (adb${serial} shell echo ok); if it is only slow, give its calls more time.`;
    case 'DeviceCommandFailed':
      return `Run the command by hand (adb${serial} shell …) to see why the device refuses it; the message quotes what it printed.`;
    case 'HierarchyUnavailable':
      return "Turn animations off on the device (Developer options, or the runner's prepare step) and let the app settle before this step.";
    case 'HierarchyParseError':
      return 'The device answered a screen dump that could not be read: run again, and report the dump in the message if it keeps happening.';
    case 'ScreenshotUnreadable':
    case 'ScreenshotCorrupt':
      return `Wake ${it} and unlock its screen (adb${serial} shell input keyevent KEYCODE_WAKEUP), check that a screenshot of it opens (adb${serial} exec-out screencap -p > screen.png), then run again; to read this app by its tree alone, set use: { ocr: false }.`;
    case 'OcrFailed':
      return "Run again: the next look starts a new OCR worker. If OCR keeps failing, check the machine's free memory and the tesseract.js install (npm ls tesseract.js @tesseract.js-data/eng), or set use: { ocr: false } to read screens by their tree alone.";
    case 'UnsupportedDevice':
      return 'Use a device or emulator with a newer Android version, as the message says.';
    case 'UnsupportedText':
      return "Type only characters the device's keyboard supports, or set the field's text another way.";
    case 'AdbServerUnavailable':
      return 'Start the adb server (adb start-server), or point mobiletest at the right one with ADB_SERVER_SOCKET=tcp:HOST:PORT.';
    case 'DeviceLeaseError':
      return 'Start as many devices as workers, or run fewer workers (--workers).';
    case 'AppNotInstalled':
      return 'Install the app on the device (adb install), or fix the package name in the app option.';
    default:
      return undefined;
  }
}
