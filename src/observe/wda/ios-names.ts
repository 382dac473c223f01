// Names the iOS tree and the screen builder share: the class of a window's root, the packages given to
// the keyboard's and SpringBoard's windows, and the identifiers of a notification banner.
export const IOS_WINDOW = 'XCUIElementTypeWindow';
export const IOS_KEYBOARD = 'com.apple.keyboard';
export const SPRINGBOARD = 'com.apple.springboard';
export const IOS_BANNER = /^(Notification|NotificationShortLookView|ShortLook\.Platter)$/;
