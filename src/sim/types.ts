// The contracts between the parts of the virtual phone: ADB transport, shell, UI runtime,
// renderer and sample apps. Each part depends on these types, never on another part's files.
export type * from './contracts/app.js';
export type * from './contracts/screen.js';
export type * from './contracts/ui.js';
export type * from './contracts/device.js';
export type * from './contracts/services.js';
export type * from './contracts/timing.js';
export type * from './contracts/drawing.js';
