// The help texts of the smaller framework services, word for word as Android 14 prints them.
import { INTENT_ARGS_HELP } from './intent-help.js';

export const CONNECTIVITY_HELP =
  'Connectivity service commands:\n  help\n    Print this help text.\n  airplane-mode [enable|disable]\n    Turn airplane mode on or off.\n  airplane-mode\n    Get airplane mode.\n';

export const UIMODE_HELP = `UiModeManager service (uimode) commands:
  help
    Print this help text.
  night [yes|no|auto|custom_schedule|custom_bedtime]
    Set or read night mode.
  car [yes|no]
    Set or read car mode.
  time [start|end] <ISO time>
    Set custom start/end schedule time (night mode must be set to custom to apply).
`;

export const POWER_HELP = `Power manager (power) commands:
  help
    Print this help text.

  set-adaptive-power-saver-enabled [true|false]
    enables or disables adaptive power saver.
  set-mode MODE
    sets the power mode of the device to MODE.
    1 turns low power mode on and 0 turns low power mode off.
  set-fixed-performance-mode-enabled [true|false]
    enables or disables fixed performance mode
    note: this will affect system performance and should only be used
          during development
  suppress-ambient-display <token> [true|false]
    suppresses the current ambient display configuration and disables
    ambient display
  list-ambient-display-suppression-tokens
    prints the tokens used to suppress ambient display
  set-prox [list|acquire|release] (-d <display_id>)
    Acquires the proximity sensor wakelock. Wakelock is associated with
    a specific display if specified. 'list' lists wakelocks previously
    created by set-prox including their held status.
  set-face-down-detector [true|false]
    sets whether we use face down detector timeouts or not

${INTENT_ARGS_HELP}`;

/** NotificationShellCmd's USAGE, printed with println (set_dnd's line has no newline of its own there). */
export const NOTIFICATION_HELP = `usage: cmd notification SUBCMD [args]

SUBCMDs:
  allow_listener COMPONENT [user_id (current user if not specified)]
  disallow_listener COMPONENT [user_id (current user if not specified)]
  allow_assistant COMPONENT [user_id (current user if not specified)]
  remove_assistant COMPONENT [user_id (current user if not specified)]
  set_dnd [on|none (same as on)|priority|alarms|all|off (same as all)]  allow_dnd PACKAGE [user_id (current user if not specified)]
  disallow_dnd PACKAGE [user_id (current user if not specified)]
  reset_assistant_user_set [user_id (current user if not specified)]
  get_approved_assistant [user_id (current user if not specified)]
  post [--help | flags] TAG TEXT
  set_bubbles PACKAGE PREFERENCE (0=none 1=all 2=selected) [user_id (current user if not specified)]
  set_bubbles_channel PACKAGE CHANNEL_ID ALLOW [user_id (current user if not specified)]
  list
  get <notification-key>
  snooze --for <msec> <notification-key>
  unsnooze <notification-key>

`;

export const MEDIA_SESSION_HELP = `usage: media_session [subcommand] [options]
       media_session dispatch KEY
       media_session dispatch KEY
       media_session list-sessions
       media_session monitor <tag>
       media_session volume [options]

media_session dispatch: dispatch a media key to the system.
                KEY may be: play, pause, play-pause, mute, headsethook,
                stop, next, previous, rewind, record, fast-forward.
media_session list-sessions: print a list of the current sessions.
media_session monitor: monitor updates to the specified session.
                       Use the tag from list-sessions.
media_session volume:  the options are as follows: 
\t\t--stream STREAM selects the stream to control, see AudioManager.STREAM_*
\t\t                controls AudioManager.STREAM_MUSIC if no stream is specified
\t\t--set INDEX     sets the volume index value
\t\t--adj DIRECTION adjusts the volume, use raise|same|lower for the direction
\t\t--get           outputs the current volume
\t\t--show          shows the UI during the volume change
\texamples:
\t\tadb shell media volume --show --stream 3 --set 11
\t\tadb shell media volume --stream 0 --adj lower
\t\tadb shell media volume --stream 3 --get


`;

/** SystemUI's CommandRegistry usage, printed for a statusbar verb it has no command for. */
export const SYSTEMUI_USAGE = 'Usage: adb shell cmd statusbar <command>\n  known commands:\n   prefs\n';

export const STATUSBAR_HELP = `Status bar commands:
  help
    Print this help text.

  expand-notifications
    Open the notifications panel.

  expand-settings
    Open the notifications panel and expand quick settings if present.

  collapse
    Collapse the notifications and settings panel.

  add-tile COMPONENT
    Add a TileService of the specified component

  remove-tile COMPONENT
    Remove a TileService of the specified component

  set-tiles LIST-OF-TILES
    Sets the list of tiles as the current Quick Settings tiles

  click-tile COMPONENT
    Click on a TileService of the specified component

  check-support
    Check if this device supports QS + APIs

  get-status-icons
    Print the list of status bar icons and the order they appear in

  disable-for-setup DISABLE
    If true, disable status bar components unsuitable for device setup

  send-disable-flag FLAG...
    Send zero or more disable flags (parsed individually) to StatusBarManager
    Valid options:
        <blank>             - equivalent to "none"
        none                - re-enables all components
        search              - disable search
        home                - disable naviagation home
        recents             - disable recents/overview
        notification-peek   - disable notification peeking
        statusbar-expansion - disable status bar expansion
        system-icons        - disable system icons appearing in status bar
        clock               - disable clock appearing in status bar
        notification-icons  - disable notification icons from status bar
        quick-settings      - disable Quick Settings

  tracing (start | stop)
    Start or stop SystemUI tracing

  NOTE: any command not listed here will be passed through to IStatusBar

  Commands implemented in SystemUI:
${SYSTEMUI_USAGE}`;

export const OVERLAY_HELP = `Overlay manager (overlay) commands:
  help
    Print this help text.
  dump [--verbose] [--user USER_ID] [[FIELD] PACKAGE[:NAME]]
    Print debugging information about the overlay manager.
    With optional parameters PACKAGE and NAME, limit output to the specified
    overlay or target. With optional parameter FIELD, limit output to
    the corresponding SettingsItem field. Field names are all lower case
    and omit the m prefix, i.e. 'userid' for SettingsItem.mUserId.
  list [--user USER_ID] [PACKAGE[:NAME]]
    Print information about target and overlay packages.
    Overlay packages are printed in priority order. With optional
    parameters PACKAGE and NAME, limit output to the specified overlay or
    target.
  enable [--user USER_ID] PACKAGE[:NAME]
    Enable overlay within or owned by PACKAGE with optional unique NAME.
  disable [--user USER_ID] PACKAGE[:NAME]
    Disable overlay within or owned by PACKAGE with optional unique NAME.
  enable-exclusive [--user USER_ID] [--category] PACKAGE
    Enable overlay within or owned by PACKAGE and disable all other overlays
    for its target package. If the --category option is given, only disables
    other overlays in the same category.
  set-priority [--user USER_ID] PACKAGE PARENT|lowest|highest
    Change the priority of the overlay to be just higher than
    the priority of PARENT If PARENT is the special keyword
    'lowest', change priority of PACKAGE to the lowest priority.
    If PARENT is the special keyword 'highest', change priority of
    PACKAGE to the highest priority.
  lookup [--user USER_ID] [--verbose] PACKAGE-TO-LOAD PACKAGE:TYPE/NAME
    Load a package and print the value of a given resource
    applying the current configuration and enabled overlays.
    For a more fine-grained alternative, use 'idmap2 lookup'.
  fabricate [--user USER_ID] [--target-name OVERLAYABLE] --target PACKAGE
            --name NAME PACKAGE:TYPE/NAME ENCODED-TYPE-ID ENCODED-VALUE
    Create an overlay from a single resource. Caller must be root. Example:
      fabricate --target android --name LighterGray \\
                android:color/lighter_gray 0x1c 0xffeeeeee
`;
