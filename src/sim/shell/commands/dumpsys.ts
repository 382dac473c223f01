import { recentQueueDump } from './input-events.js';
import { deviceIdleDump } from './deviceidle.js';
import { displayIdentification } from './display.js';
import { currentInputMethod } from './input-methods.js';
import type { Phone } from '../../types.js';
import { RUNTIME_PERMISSIONS } from '../../device/packages.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { identity, longComponent, shortComponent, taskId, uidOf } from './names.js';

const SERVICES = [
  'SurfaceFlinger',
  'activity',
  'battery',
  'deviceidle',
  'display',
  'input',
  'input_method',
  'package',
  'power',
  'settings',
  'statusbar',
  'window',
];

/** The focused window and app as WindowManager names them. */
function focus(phone: Phone): { window: string; record: string; pkg: string } {
  const fg = phone.ui.foreground();
  const task = taskId(fg.package);
  const window = `Window{${identity(`window:${fg.package}${fg.activity}`)} u0 ${longComponent(fg.package, fg.activity)}}`;
  const record = `ActivityRecord{${identity(`record:${fg.package}${fg.activity}`)} u0 ${shortComponent(fg.package, fg.activity)} t${task}}`;
  return { window, record, pkg: fg.package };
}

function displayLines(phone: Phone): string {
  const { width, height, density } = phone.ui.size;
  const appHeight = height - Math.round((48 * density) / 160);
  return `WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)
  Display: mDisplayId=0 rootTasks=1
    init=${width}x${height} ${density}dpi base=${width}x${height} ${density}dpi cur=${width}x${height} app=${width}x${appHeight} rng=${width}x${width}-${height}x${height}
    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,${width},${height}))
`;
}

function windowDump(phone: Phone, section: string | undefined): string {
  const { window, record, pkg } = focus(phone);
  const ime = phone.ui.keyboardShown();
  const imeWindow = `Window{${identity('window:ime')} u0 InputMethod}`;
  const focusLines = `  mCurrentFocus=${window}
  mFocusedApp=${record}
  mInputMethodWindow=${ime ? imeWindow : 'null'}
  mInputMethodTarget=${window}
`;
  const windows = `WINDOW MANAGER WINDOWS (dumpsys window windows)
  Window #0 ${window}:
    mDisplayId=0 rootTaskId=${taskId(pkg)} mSession=Session{${identity('session')} 0:u0a10000} mClient=android.os.BinderProxy@${identity('client')}
    mHasSurface=true isReadyForDisplay()=true mWindowRemovalAllowed=false
${ime ? `  Window #1 ${imeWindow}:\n    mDisplayId=0 mHasSurface=true isReadyForDisplay()=true\n` : ''}
`;
  if (section === 'windows') return `${windows}${focusLines}`;
  if (section === 'displays') return `${displayLines(phone)}\n${focusLines}`;
  return `${windows}${displayLines(phone)}\n${focusLines}`;
}

/**
 * `dumpsys activity processes` as Android 14 prints it: every app process as a ProcessRecord
 * (`ProcessRecord{hash PID:PKG/u0aNN}`), its LRU line, and the PID mappings tools read pids from.
 */
function processesDump(phone: Phone): string {
  const top = phone.ui.foreground().package;
  const apps = phone.ui.processes().map((p) => {
    const uid = uidOf(p.package, phone.packages.get(p.package)?.system ?? false);
    const record = `ProcessRecord{${identity(`process:${p.package}:${p.pid}`)} ${p.pid}:${p.package}/u0a${uid - 10000}}`;
    return { ...p, uid, record, top: p.package === top };
  });
  const known = apps
    .map(
      (a) => `  *APP* UID ${a.uid} ${a.record}
    user #0 uid=${a.uid} gids={${a.uid + 40000}, ${a.uid + 10000}, 9997}
    mRequiredAbi=arm64-v8a instructionSet=null
    class=${a.package}.App
    dir=/data/app/~~${identity(`dir:${a.package}`)}==/${a.package}-${identity(`apk:${a.package}`)}==/base.apk
    pid=${a.pid} starting=false
    curProcState=${a.top ? 2 : 15} mRepProcState=${a.top ? 2 : 15} mPssProcState=${a.top ? 2 : 15} mSetProcState=${a.top ? 2 : 15}
`,
    )
    .join('');
  const lru = [...apps]
    .reverse()
    .map(
      (a, i) =>
        `    #${apps.length - 1 - i}: ${a.top ? 'fg     TOP' : 'cch+ 5 CEM'} LCMNFUA  t: 0 ${a.pid}:${a.package}/u0a${a.uid - 10000} (${a.top ? 'top-activity' : 'cch-empty'})\n`,
    )
    .join('');
  const pids = [...apps]
    .sort((a, b) => a.pid - b.pid)
    .map((a) => `    PID #${a.pid}: ${a.record}\n`)
    .join('');
  return `ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)
  All known processes:
${known}
  Process LRU list (sorted by oom_adj, ${apps.length} total, non-act at 0, non-svc at 0):
${lru}
  PID mappings:
${pids}`;
}

function activityDump(phone: Phone): string {
  const { record, pkg } = focus(phone);
  const task = taskId(pkg);
  const { width, height } = phone.ui.size;
  const fg = phone.ui.foreground();
  return `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)
Display #0 (activities from top to bottom):
  * Task{${identity(`task:${pkg}`)} #${task} type=standard A=${uidOf(pkg, false)}:${pkg} U=0 visible=true visibleRequested=true mode=fullscreen translucent=false sz=1}
    mBounds=Rect(0, 0 - ${width}, ${height})
    * Hist  #0: ${record}
      packageName=${pkg} processName=${pkg}
      intent={act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(fg.package, fg.activity)}}
    mResumedActivity: ${record}

  ResumedActivity: ${record}
  topResumedActivity=${record}
  mFocusedApp=${record}
`;
}

function inputMethodDump(phone: Phone): string {
  const shown = phone.ui.keyboardShown();
  const { window } = focus(phone);
  return `Current Input Method Manager state:
  Input Method Client
  mCurMethodId=${currentInputMethod(phone)}
  mCurFocusedWindow=${window}
  mCurFocusedWindowSoftInputMode=STATE_UNSPECIFIED|ADJUST_RESIZE
  mShowRequested=${shown} mShowExplicitlyRequested=false mShowForced=false mInputShown=${shown}
  mInputShown=${shown}
  mIsInputViewShown=${shown}
  mWindowVisible=${shown}
`;
}

function packageDump(ctx: CommandContext, name: string | undefined): string {
  const pkgs = ctx.phone.packages.list().filter((p) => name === undefined || p.name === name);
  if (name !== undefined && pkgs.length === 0) return `Unable to find package: ${name}\n`;
  return `Packages:\n${pkgs
    .map((p) => {
      const codePath = p.apkPath.slice(0, p.apkPath.lastIndexOf('/'));
      const runtime = p.declared.filter((perm) => RUNTIME_PERMISSIONS.has(perm));
      const install = p.declared.filter((perm) => !RUNTIME_PERMISSIONS.has(perm));
      return `  Package [${p.name}] (${identity(`pkg:${p.name}`)}):
    appId=${uidOf(p.name, p.system)}
    pkg=Package{${identity(`pkgobj:${p.name}`)} ${p.name}}
    codePath=${codePath}
    resourcePath=${codePath}
    versionCode=${p.versionCode} minSdk=24 targetSdk=34
    versionName=${p.versionName}
    flags=[ ${p.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]
    requested permissions:
${p.declared.map((perm) => `      ${perm}\n`).join('')}    install permissions:
${install.map((perm) => `      ${perm}: granted=true\n`).join('')}    User 0: ceDataInode=0 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
      runtime permissions:
${runtime.map((perm) => `        ${perm}: granted=${p.granted.has(perm)}, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED${p.granted.has(perm) ? '|USER_SET' : ''}]\n`).join('')}`;
    })
    .join('\n')}`;
}

function batteryDump(phone: Phone): string {
  const level = phone.ui.frame().statusBar.battery;
  return `Current Battery Service state:
  AC powered: true
  USB powered: false
  Wireless powered: false
  Dock powered: false
  Max charging current: 0
  Max charging voltage: 0
  Charge counter: ${level * 30000}
  status: 2
  health: 2
  present: true
  level: ${level}
  scale: 100
  voltage: 4200
  temperature: 250
  technology: Li-ion
`;
}

function displayDump(phone: Phone): string {
  const { width, height, density } = phone.ui.size;
  return `DISPLAY MANAGER (dumpsys display)
  mOnlyCore=false
  mDefaultViewport=DisplayViewport{type=INTERNAL, valid=true, isActive=true, displayId=0, uniqueId='local:0', physicalPort=0, orientation=0, logicalFrame=Rect(0, 0 - ${width}, ${height}), physicalFrame=Rect(0, 0 - ${width}, ${height}), deviceWidth=${width}, deviceHeight=${height}}
  mBaseDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, real ${width} x ${height}, largest app ${width} x ${height}, smallest app ${width} x ${height}, appVsyncOff 0, presDeadline 16666666, mode 1, defaultMode 1, modes [{id=1, width=${width}, height=${height}, fps=60.0}], rotation 0, density ${density} (${density}.0 x ${density}.0) dpi, layerStack 0, type INTERNAL, address {port=0}, state ON}
`;
}

function inputDump(phone: Phone): string {
  const { width, height } = phone.ui.size;
  return `INPUT MANAGER (dumpsys input)

Input Manager Service (Java) State:
  Interactive: true

Input Reader State:
  Device 1: virtio_input_multi_touch
    Touch Input Mapper:
      SurfaceWidth: ${width}px
      SurfaceHeight: ${height}px
      SurfaceOrientation: 0

Input Dispatcher State:
  DispatchEnabled: true
  DispatchFrozen: false
${recentQueueDump(phone)}  PendingEvent: <none>
  InboundQueue: <empty>
`;
}

function dumpsys(ctx: CommandContext): number {
  const [service, ...rest] = ctx.args.filter((a) => a !== '-a' && a !== '--all');
  const phone = ctx.phone;
  switch (service) {
    case undefined:
    case '-l':
      ctx.stdout(`Currently running services:\n${SERVICES.map((s) => `  ${s}\n`).join('')}`);
      return 0;
    case 'window':
      ctx.stdout(windowDump(phone, rest[0]));
      return 0;
    case 'activity':
      if (rest[0] === 'activities' || rest[0] === 'a' || rest[0] === 'top' || rest[0] === 'recents' || rest[0] === undefined) ctx.stdout(activityDump(phone));
      else if (rest[0] === 'processes' || rest[0] === 'p') ctx.stdout(processesDump(phone));
      else ctx.stdout(`ACTIVITY MANAGER ${rest[0].toUpperCase()} (dumpsys activity ${rest[0]})\n`);
      return 0;
    case 'input_method':
      ctx.stdout(inputMethodDump(phone));
      return 0;
    case 'package':
      ctx.stdout(packageDump(ctx, rest[0]));
      return 0;
    case 'battery':
      ctx.stdout(batteryDump(phone));
      return 0;
    case 'display':
      ctx.stdout(displayDump(phone));
      return 0;
    case 'input':
      ctx.stdout(inputDump(phone));
      return 0;
    case 'deviceidle':
      return deviceIdleDump(ctx, rest);
    case 'SurfaceFlinger':
      if (rest[0] === '--display-id') ctx.stdout(displayIdentification());
      return 0;
    case 'power':
      ctx.stdout(
        'POWER MANAGER (dumpsys power)\n  mWakefulness=Awake\n  mWakefulnessChanging=false\n  mIsPowered=true\n  mHoldingDisplaySuspendBlocker=true\n  Display Power: state=ON\n',
      );
      return 0;
    default:
      if (SERVICES.includes(service)) return 0;
      ctx.stderr(`Can't find service: ${service}\n`);
      return 0;
  }
}

export const dumpsysCommands: CommandTable = { dumpsys };
