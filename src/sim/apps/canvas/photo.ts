// PhotoActivity: one full-screen ImageView with no content-desc, showing a generated sunset over a
// harbour with its caption and a Share button painted on the picture.
import type { AppView, DrawingSize, DrawOp } from '../../types.js';
import { photoScreen } from './layout.js';
import { labelOps, tappedButton } from './paint.js';
import type { CanvasActions, CanvasScreen } from './state.js';

type PhotoScreen = Extract<CanvasScreen, { kind: 'photo' }>;

function sky(size: DrawingSize, horizon: number): DrawOp[] {
  const sun = { cx: size.width * 0.62, cy: horizon - 18 };
  return [
    {
      op: 'gradient',
      x: 0,
      y: 0,
      w: size.width,
      h: horizon,
      direction: 'down',
      stops: [
        { at: 0, colour: '#1b2a4a' },
        { at: 0.45, colour: '#6d4c7d' },
        { at: 0.8, colour: '#e9825a' },
        { at: 1, colour: '#ffc46b' },
      ],
    },
    { op: 'circle', ...sun, r: 96, fill: '#ffd180', opacity: 0.25 },
    { op: 'circle', ...sun, r: 44, fill: '#fff1c1' },
    {
      op: 'path',
      d: `M0 ${horizon - 40}L${size.width * 0.18} ${horizon - 76}L${size.width * 0.34} ${horizon - 30}L${size.width * 0.5} ${horizon - 58}L${size.width * 0.74} ${horizon - 12}L${size.width} ${horizon - 46}L${size.width} ${horizon}L0 ${horizon}Z`,
      fill: '#4a3150',
      opacity: 0.85,
    },
  ];
}

function harbour(size: DrawingSize, horizon: number): DrawOp[] {
  const ops: DrawOp[] = [
    {
      op: 'gradient',
      x: 0,
      y: horizon,
      w: size.width,
      h: size.height - horizon,
      direction: 'down',
      stops: [
        { at: 0, colour: '#f0a35e' },
        { at: 0.3, colour: '#51476b' },
        { at: 1, colour: '#0f1626' },
      ],
    },
  ];
  for (let i = 0; i < 7; i++) {
    const w = 70 - i * 8;
    ops.push({ op: 'rect', x: size.width * 0.62 - w / 2, y: horizon + 8 + i * 14, w, h: 3, radius: 1.5, fill: '#ffe0a3', opacity: 0.7 - i * 0.08 });
  }
  const quay = horizon + 70;
  ops.push(
    { op: 'path', d: `M0 ${quay}L${size.width * 0.42} ${quay}L${size.width * 0.42} ${quay + 26}L0 ${quay + 26}Z`, fill: '#1a1423' },
    {
      op: 'path',
      d: `M${size.width * 0.08} ${quay}L${size.width * 0.08} ${horizon - 120}L${size.width * 0.3} ${horizon - 120}`,
      stroke: '#1a1423',
      strokeWidth: 5,
    },
    { op: 'path', d: `M${size.width * 0.3} ${horizon - 120}L${size.width * 0.3} ${horizon - 80}`, stroke: '#1a1423', strokeWidth: 2 },
    {
      op: 'path',
      d: `M${size.width * 0.55} ${quay + 40}L${size.width * 0.8} ${quay + 40}L${size.width * 0.76} ${quay + 56}L${size.width * 0.58} ${quay + 56}Z`,
      fill: '#1a1423',
    },
    { op: 'path', d: `M${size.width * 0.66} ${quay + 40}L${size.width * 0.66} ${quay - 30}L${size.width * 0.76} ${quay + 34}Z`, fill: '#2b2233' },
  );
  return ops;
}

function paintPhoto(size: DrawingSize, screen: PhotoScreen): DrawOp[] {
  const horizon = size.height * 0.5;
  return [
    ...sky(size, horizon),
    ...harbour(size, horizon),
    { op: 'noise', x: 0, y: horizon, w: size.width, h: size.height - horizon, seed: 11, frequency: 0.5, opacity: 0.1 },
    { op: 'rect', x: 0, y: size.height - 170, w: size.width, h: 170, fill: '#000000', opacity: 0.35 },
    ...labelOps(photoScreen(size, screen), (l) => (l.role === 'button' ? { colour: '#202124', fill: '#ffffff', opacity: 0.92 } : { colour: '#ffffff' })),
  ];
}

export function photoView(app: CanvasActions, screen: PhotoScreen): AppView {
  return {
    activity: '.PhotoActivity',
    root: {
      cls: 'android.widget.ImageView',
      key: 'photo',
      width: 'fill',
      height: 'fill',
      style: { drawing: (size) => paintPhoto(size, screen) },
      onTouch: (touch) => {
        if (tappedButton(touch, (size) => photoScreen(size, screen)) === 'Share') app.replace({ ...screen, shared: true });
      },
    },
  };
}
