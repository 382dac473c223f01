import type { AppDefinition } from '../../types.js';
import { CanvasProcess } from './process.js';
import { CANVAS_PACKAGE, OFFER_LINK } from './state.js';

export { CANVAS_PACKAGE } from './state.js';
export { CANVAS_SCREENS, labelsOnScreen, type DrawnLabel } from './layout.js';

/**
 * Screens that are mostly pixels: a game on one SurfaceView, an icon-only drawing toolbar, a sign-up
 * button painted grey while the tree calls it enabled, text on a photo, an offer whose buttons a
 * tutorial card in a popup window covers (the dump never shows it), and a hook that shows a pushed PNG. Every touch is logged under the tag "canvas".
 */
export const canvasApp: AppDefinition = {
  package: CANVAS_PACKAGE,
  label: 'Canvas',
  versionName: '0.3.0',
  versionCode: 3,
  launchActivity: '.MainActivity',
  activities: ['.MainActivity', '.DrawActivity', '.SignUpActivity', '.PhotoActivity', '.CoveredActivity'],
  permissions: [],
  // canvas://offer opens the upgrade offer (CoveredActivity).
  handles: (uri) => uri.startsWith(OFFER_LINK),
  start: (ctx, launch) => new CanvasProcess(ctx, launch),
};
