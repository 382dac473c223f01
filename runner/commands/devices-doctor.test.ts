import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, simctlPathDir, startSim, type IosSim, type Sim } from '../../src/sim/index.js';
import { TempProject } from '../testing/project.js';

// `mobiletest devices` and `mobiletest doctor` against no adb server, then against a virtual
// phone serving the adb server protocol (as a real server with one device would).
let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  project = await TempProject.create({});
});

test.afterEach(async () => {
  await project?.remove();
});

test.describe('with no adb server', () => {
  let env: Record<string, string>;
  test.beforeEach(async () => {
    env = { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}`, MOBILETEST_LLM_PROVIDER: '', MOBILETEST_LLM_MODEL: '', MOBILETEST_CACHE: '', CI: '' };
  });

  test('devices says none runs and that the virtual phone is used; --json says the same', async () => {
    const run = await project.mobiletest(['devices'], { env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('No adb server runs');
    expect(run.stdout).toContain('the virtual phone (device "sim") is used');
    const json = await project.mobiletest(['devices', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ running: false, devices: [] });
  });

  test('doctor passes on the virtual phone, and says what is optional and how to enable it', async () => {
    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.shop' } };\n" });
    const run = await project.mobiletest(['doctor'], { env });
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`✓ Node.js: ${process.versions.node} (mobiletest supports ^20.19.0 || >=22.12.0)`);
    expect(run.stdout).toMatch(/^✓ @playwright\/test: \d+\.\d+\.\d+, one copy/m);
    expect(run.stdout).toMatch(/^- adb server: not running .*: the virtual phone will be used$/m);
    expect(run.stdout).toContain('- devices: the virtual phone will be used');
    expect(run.stdout).toContain('✓ app com.example.shop: a sample app of the virtual phone');
    expect(run.stdout).toContain("- LLM: not set, so offline: agent steps use the built-in rules planner (see README 'Agent steps'); plan cache read-write");
    expect(run.stdout).toMatch(/^[✓-] OCR data: /m);
    expect(run.stdout).toMatch(/^versions: mobiletest \d+\.\d+\.\d+, @playwright\/test /m);
    expect(run.stdout).toContain('All checks passed.');

    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.shop', ai: { provider: 'offline', cache: 'off' } } };\n" });
    const configured = await project.mobiletest(['doctor'], { env: { ...env, CI: 'true' } });
    expect(configured.stdout).toContain("✓ LLM: offline: agent steps use the built-in rules planner (see README 'Agent steps'); plan cache off (config)");
  });

  test('doctor fails, with the fix, for an app the virtual phone lacks and an LLM with no key', async () => {
    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.missing', ai: { model: 'claude-sonnet-4-5' } } };\n" });
    const run = await project.mobiletest(['doctor'], {
      env: { ...env, MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_API_KEY: '', ANTHROPIC_API_KEY: '' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^✗ app com\.example\.missing: not on the virtual phone/m);
    expect(run.stdout).toMatch(
      /^✗ LLM: anthropic, model claude-sonnet-4-5, API key not set\n {4}fix: MOBILETEST_LLM_API_KEY: no API key for provider anthropic; set MOBILETEST_LLM_API_KEY or ANTHROPIC_API_KEY$/m,
    );
    expect(run.stdout).toContain('2 checks failed');
  });
});

test.describe('with a virtual phone on the adb server', () => {
  let sim: Sim;
  let env: Record<string, string>;
  test.beforeAll(async () => {
    sim = await startSim({ serverPort: 0, seed: 1 });
    env = { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` };
  });
  test.afterAll(async () => {
    await sim?.stop();
  });

  test('devices lists serial, state, model and Android version', async () => {
    const run = await project.mobiletest(['devices'], { env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^SERIAL\s+STATE\s+MODEL\s+ANDROID$/m);
    expect(run.stdout).toMatch(new RegExp(`^${sim.serial}\\s+device\\s+mobiletest Virtual Phone\\s+14$`, 'm'));
    const json = await project.mobiletest(['devices', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      running: true,
      devices: [{ serial: sim.serial, state: 'device', model: 'mobiletest Virtual Phone', android: '14' }],
    });
  });

  test('doctor checks the configured app on the device', async () => {
    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.notes' } };\n" });
    const ok = await project.mobiletest(['doctor'], { env });
    expect(ok.stdout).toContain(`✓ device ${sim.serial}: mobiletest Virtual Phone, Android 14`);
    expect(ok.stdout).toContain(`✓ app com.example.notes on ${sim.serial}: installed`);
    expect(ok.exitCode).toBe(0);

    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.absent' } };\n" });
    const missing = await project.mobiletest(['doctor'], { env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toContain(`✗ app com.example.absent on ${sim.serial}: not installed\n    fix: adb -s ${sim.serial} install path/to/app.apk`);
  });

  test('doctor checks the app where the run would go: the virtual phone for sim, the named serials', async () => {
    await project.write({ 'mobiletest.config.ts': "export default { use: { app: 'com.example.shop', device: 'sim' } };\n" });
    const onSim = await project.mobiletest(['doctor'], { env });
    expect(onSim.stdout).toContain('✓ app com.example.shop: a sample app of the virtual phone');
    expect(onSim.exitCode).toBe(0);

    const named = await project.mobiletest(['doctor'], { env: { ...env, MOBILETEST_DEVICE: 'emulator-9998' } });
    expect(named.exitCode).toBe(1);
    expect(named.stdout).toContain('✗ app com.example.shop on emulator-9998: emulator-9998 is not connected');
  });
});

test.describe('iOS: no xcrun, then the virtual iPhone behind the xcrun stand-in', () => {
  let env: Record<string, string>;
  test.beforeEach(async () => {
    // No xcrun on PATH (node alone), and no adb server.
    env = {
      PATH: path.dirname(process.execPath),
      ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}`,
      MOBILETEST_WDA_URL: '',
      MOBILETEST_PLATFORM: '',
      MOBILETEST_DEVICE: '',
      MOBILETEST_LLM_PROVIDER: '',
      MOBILETEST_LLM_MODEL: '',
    };
  });

  test('with no xcrun, devices and doctor say what iOS needs; a project on iOS devices fails, one on the virtual iPhone passes', async () => {
    const run = await project.mobiletest(['devices'], { env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('No adb server runs');
    expect(run.stdout).toContain(
      "No xcrun here: iOS needs macOS with Xcode, or a WDA URL (--wda-url / MOBILETEST_WDA_URL); device: 'sim' runs the virtual iPhone.",
    );

    await project.write({
      'mobiletest.config.ts':
        "export default { projects: [{ name: 'android', use: { app: 'com.example.shop' } }, { name: 'ios', use: { platform: 'ios', app: 'com.example.shop', device: 'sim' } }] };\n",
    });
    const onSim = await project.mobiletest(['doctor'], { env });
    expect(onSim.stdout).toContain('- iOS: no xcrun here: the virtual iPhone will be used\n    hint: iOS needs macOS with Xcode, or a WDA URL');
    expect(onSim.stdout).toContain('✓ app com.example.shop: a sample app of the virtual phone');
    expect(onSim.stdout).toContain('✓ app com.example.shop: a sample app of the virtual iPhone');
    expect(onSim.exitCode).toBe(0);

    await project.write({
      'mobiletest.config.ts': "export default { projects: [{ name: 'iphones', use: { platform: 'ios', app: 'com.acme.app', device: 'ios:any' } }] };\n",
    });
    const onReal = await project.mobiletest(['doctor'], { env });
    expect(onReal.exitCode).toBe(1);
    expect(onReal.stdout).toContain(
      "✗ iOS: no xcrun and no WebDriverAgent, but iphones run on iOS devices\n    fix: iOS needs macOS with Xcode, or a WDA URL (--wda-url / MOBILETEST_WDA_URL); device: 'sim' runs the virtual iPhone",
    );
    expect(onReal.stdout).toMatch(/^- app com\.acme\.app \(iOS\): not checked/m);

    const wdaDown = await project.mobiletest(['doctor'], { env: { ...env, MOBILETEST_WDA_URL: `http://127.0.0.1:${await freePort()}` } });
    expect(wdaDown.stdout).toMatch(
      /^✗ iOS: WebDriverAgent http:\/\/127\.0\.0\.1:\d+ \(MOBILETEST_WDA_URL\) does not answer GET \/status: connect ECONNREFUSED/m,
    );
  });

  test.describe('with the virtual iPhone', () => {
    let iphone: IosSim;
    let registryDir: string;
    test.beforeAll(async () => {
      registryDir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-devices-sims-'));
      iphone = await startSim({ platform: 'ios', port: 0, registryDir });
    });
    test.afterAll(async () => {
      await iphone?.stop();
      await rm(registryDir, { recursive: true, force: true });
    });

    test('devices lists the simulator xcrun knows and the WebDriverAgent; doctor says xcrun is found', async () => {
      const withXcrun = {
        ...env,
        PATH: `${simctlPathDir()}${path.delimiter}${env.PATH}`,
        MOBILETEST_SIMULATORS_DIR: registryDir,
        MOBILETEST_WDA_URL: iphone.wdaUrl,
      };
      const run = await project.mobiletest(['devices'], { env: withXcrun });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^NAME\s+UDID\s+STATE\s+RUNTIME$/m);
      expect(run.stdout).toMatch(new RegExp(`^iPhone 15\\s+${iphone.udid}\\s+Booted\\s+iOS 17\\.5$`, 'm'));
      expect(run.stdout).toContain('(1 iOS simulators, 1 booted; run on one with: mobiletest test --platform ios --device UDID)');
      expect(run.stdout).toContain(`WebDriverAgent ${iphone.wdaUrl} (MOBILETEST_WDA_URL): answers /status`);
      const json = JSON.parse((await project.mobiletest(['devices', '--json'], { env: withXcrun })).stdout) as { ios: unknown };
      expect(json.ios).toMatchObject({
        xcrun: true,
        simulators: [{ id: iphone.udid, state: 'Booted', name: 'iPhone 15', runtime: 'iOS 17.5' }],
        wda: { answers: true },
      });

      const doctor = await project.mobiletest(['doctor'], { env: withXcrun });
      expect(doctor.stdout).toContain('✓ iOS: xcrun found, 1 simulators, 1 booted');

      // No xcrun, but a WebDriverAgent that answers.
      const byUrl = await project.mobiletest(['doctor'], { env: { ...env, MOBILETEST_WDA_URL: iphone.wdaUrl } });
      expect(byUrl.stdout).toContain(`✓ iOS: WebDriverAgent ${iphone.wdaUrl} (MOBILETEST_WDA_URL) answers /status`);
    });
  });
});
