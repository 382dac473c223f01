// A scripted model that sees: for the Canvas app's game start screen it reads the picture it is sent
// (the drawn orange Start pill, found by its pixels) and answers a ref or a point on the picture, as a
// vision model would; it refuses to guess without a picture.
import { PNG } from 'pngjs';
import type { ModelTurn, TurnAnswer } from './model-server.js';

/** The Start pill's fill (#ff6d00) in the picture, give or take scaling's blur. */
function isPill(r: number, g: number, b: number): boolean {
  return r > 225 && g > 80 && g < 140 && b < 50;
}

/** The centre of the drawn Start pill on a picture, in its pixels; undefined when none is drawn. */
export function pillOn(png: Buffer): { x: number; y: number; pixels: number } | undefined {
  const image = PNG.sync.read(png);
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (!isPill(image.data[i], image.data[i + 1], image.data[i + 2])) continue;
      sx += x;
      sy += y;
      n++;
    }
  }
  return n < 200 ? undefined : { x: Math.round(sx / n), y: Math.round(sy / n), pixels: n };
}

/** The centre of the painted highlight (#c2e7ff) of the chosen tool in the Draw screen's toolbar, on a picture. */
export function highlightOn(png: Buffer): { x: number; y: number } | undefined {
  const image = PNG.sync.read(png);
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (Math.abs(image.data[i] - 0xc2) > 12 || Math.abs(image.data[i + 1] - 0xe7) > 12 || image.data[i + 2] < 240) continue;
    const p = i / 4;
    sx += p % image.width;
    sy += Math.floor(p / image.width);
    n++;
  }
  return n < 50 ? undefined : { x: Math.round(sx / n), y: Math.round(sy / n) };
}

/**
 * Chooses the eraser on the Canvas Draw screen, whose toolbar is icons only: it recognises the eraser as
 * the second icon in the picture, taps the ref the picture tags it with, and judges by the highlight moving.
 */
export function eraserPicker(): (turn: ModelTurn) => TurnAnswer {
  let startX: number | undefined;
  let tapped = false;
  return (turn) => {
    const [picture] = turn.pictures;
    const lit = picture ? highlightOn(picture) : undefined;
    startX ??= lit?.x;
    const eraser = [...turn.screen.matchAll(/^\s*(e\d+) button\b/gm)].map((m) => m[1])[1];
    const moved = lit !== undefined && startX !== undefined && lit.x > startX + 20;
    if (turn.schema === 'judge') {
      return {
        json: moved
          ? { reason: 'the eraser is highlighted', verdict: 'pass', refs: [eraser] }
          : { reason: 'the pencil is still chosen', verdict: 'fail', refs: [] },
      };
    }
    if (!picture || !eraser) return act('I cannot see the toolbar.', { name: 'give_up', params: { reason: 'no picture of the toolbar' } });
    if (tapped && moved)
      return act('The eraser is chosen.', { name: 'finish', params: { success: true, summary: 'the eraser is chosen', evidence: [eraser] } });
    tapped = true;
    return act(`The second icon, tagged ${eraser}, is the eraser.`, { name: 'tap', params: { target: eraser } });
  };
}

const act = (thought: string, ...actions: unknown[]): TurnAnswer => ({ json: { thought, actions } });

/** Plans "start the game" from the picture: tap the Start pill (a point on the picture) while it is drawn, then finish; judges by the pill being gone. */
export function visionPlayer(): (turn: ModelTurn) => TurnAnswer {
  return (turn) => {
    const [picture] = turn.pictures;
    const pill = picture ? pillOn(picture) : undefined;
    const anyRef = /^\s*(e\d+)/m.exec(turn.screen)?.[1];
    if (turn.schema === 'judge') {
      if (!picture) return { json: { reason: 'no picture: nothing to judge by', verdict: 'fail', refs: [] } };
      return {
        json: pill
          ? { reason: 'the Start button is still drawn', verdict: 'fail', refs: [] }
          : { reason: 'the start screen is gone: the game is on', verdict: 'pass', refs: anyRef ? [anyRef] : [] },
      };
    }
    if (!picture) return act('I cannot see the screen.', { name: 'give_up', params: { reason: 'no picture of the screen was sent' } });
    if (!pill) return act('The game is on.', { name: 'finish', params: { success: true, summary: 'the game started', evidence: anyRef ? [anyRef] : [] } });
    return act('The orange Start button is drawn there.', { name: 'tap', params: { target: { x: pill.x, y: pill.y } } });
  };
}

/** Plans "start the game" from the screen's text alone (OCR named the drawn Start): tap it, then finish citing "Level 1". */
export function textPlayer(): (turn: ModelTurn) => TurnAnswer {
  return (turn) => {
    const level = /^\s*(e\d+) \w+ "Level 1"/m.exec(turn.screen)?.[1];
    if (turn.schema === 'judge') {
      return { json: level ? { reason: 'Level 1 shows', verdict: 'pass', refs: [level] } : { reason: 'no level shows', verdict: 'fail', refs: [] } };
    }
    if (level) return act('The game is on.', { name: 'finish', params: { success: true, summary: 'the game started', evidence: [level] } });
    const start = /^\s*(e\d+) button "Start"/m.exec(turn.screen)?.[1];
    if (start) return act('Start is on screen.', { name: 'tap', params: { target: start } });
    return act('No Start here.', { name: 'give_up', params: { reason: 'no Start button on the screen' } });
  };
}
