// One running Canvas process: a back stack of painted and plain screens, opened by activity name,
// and a log line for every touch on any of them.
import type { AppContext, AppLaunch, AppProcess, AppView, Touch } from '../../types.js';
import { BackStack, type Screens } from '../kit/back-stack.js';
import { coveredOffer, coveredView } from './covered.js';
import { drawView } from './draw.js';
import { imageView, loadImage } from './image.js';
import { photoView } from './photo.js';
import { signUpView, welcomeView } from './signup.js';
import { gameView, startView } from './space.js';
import { blankDrawing, OFFER_LINK, touchLine, type CanvasActions, type CanvasScreen } from './state.js';

export class CanvasProcess implements AppProcess, CanvasActions {
  private readonly stack: BackStack<CanvasScreen>;

  constructor(
    readonly ctx: AppContext,
    launch: AppLaunch,
  ) {
    this.stack = new BackStack(this.screensFor(launch));
  }

  view(): AppView {
    const view = this.screenView(this.stack.top);
    const own = view.root.onTouch;
    // As Activity.dispatchTouchEvent, the app hears every touch on its window before any view does.
    const onTouch = (touch: Touch): void => {
      this.ctx.log('I', 'canvas', touchLine(touch));
      own?.(touch);
    };
    const popup = view.popup && { ...view.popup, root: { ...view.popup.root, onTouch: (touch: Touch) => this.ctx.log('I', 'canvas', touchLine(touch)) } };
    return { ...view, root: { ...view.root, onTouch }, ...(popup ? { popup } : {}) };
  }

  back(): boolean {
    // A tutorial card up closes first, as the app's onBackPressed does.
    const top = this.stack.top;
    if (top.kind === 'covered' && top.tip) {
      this.ctx.log('I', 'canvas', 'canvas: tip closed');
      this.replace({ ...top, tip: false });
      return true;
    }
    return this.close();
  }

  intent(launch: AppLaunch): void {
    this.stack.reset(this.screensFor(launch));
  }

  open(screen: CanvasScreen): void {
    this.stack.push(screen);
  }

  replace(screen: CanvasScreen): void {
    this.stack.replaceTop(screen);
  }

  close(): boolean {
    return this.stack.pop();
  }

  private screensFor(launch: AppLaunch): Screens<CanvasScreen> {
    switch (launch.activity) {
      case '.DrawActivity':
        return [blankDrawing()];
      case '.SignUpActivity':
        return [{ kind: 'signup', email: '', password: '', agreed: false }];
      case '.PhotoActivity':
        return [{ kind: 'photo', shared: false }];
      case '.CoveredActivity':
        return [coveredOffer()];
    }
    if (launch.uri?.startsWith(OFFER_LINK)) return [coveredOffer()];
    const image = launch.extras?.image;
    return image === undefined ? [{ kind: 'start' }] : [loadImage(this.ctx, image)];
  }

  private screenView(screen: CanvasScreen): AppView {
    switch (screen.kind) {
      case 'start':
        return startView(this);
      case 'game':
        return gameView(this, screen);
      case 'image':
        return imageView(screen);
      case 'draw':
        return drawView(this, screen);
      case 'signup':
        return signUpView(this, screen);
      case 'welcome':
        return welcomeView(screen);
      case 'photo':
        return photoView(this, screen);
      case 'covered':
        return coveredView(this, screen);
    }
  }
}
