// The mobiletest trace viewer, part 2 of 6: screenshots with what happened drawn on them — the
// target's box, the touch (tap point, swipe path), the boxes of refs the agent cited, and, from the
// screen's hierarchy snapshot, every element's box and ref under the pointer. All in device pixels
// scaled to the picture (as percentages), so they stay put at any size.
/* global window, document, CSS */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { el } = V;

  /**
   * A screenshot figure. `screen` gives the device size and, with a hierarchy, the elements to point at;
   * `key` ties it to the screen text with the same key; `bounds` is the target, `gesture` the touch;
   * `candidates` stand in for the hierarchy when a cited ref has no element there.
   */
  V.shot = function shot({ src, caption, screen = null, key = null, bounds = null, gesture = null, candidates = [] }) {
    const img = el('img', { src, alt: `${caption} screenshot`, loading: 'lazy' });
    const frame = el('div', { class: 'frame', 'data-screen': key }, img);
    const hierarchy = V.hierarchyOf(screen);
    const screenSize = () => [(screen && screen.width) || img.naturalWidth, (screen && screen.height) || img.naturalHeight];
    // Hierarchy bounds are in the hierarchy's own pixels; the target's and the touch's in the screen's.
    const place = (box, marker, size) => {
      const [w, h] = size || screenSize();
      if (!box || !w || !h) { marker.hidden = true; return; }
      Object.assign(marker.style, { left: `${(box.left / w) * 100}%`, top: `${(box.top / h) * 100}%`, width: `${((box.right - box.left) / w) * 100}%`, height: `${((box.bottom - box.top) / h) * 100}%` });
      marker.hidden = false;
    };
    const elementOf = (ref) => {
      const found = hierarchy && hierarchy.elements.find((e) => e.ref === ref);
      if (found) return { element: found, size: [hierarchy.width, hierarchy.height] };
      const cand = candidates.find((c) => c.ref === ref && c.bounds);
      return cand ? { element: { ref, role: '', label: cand.label, bounds: cand.bounds }, size: null } : null;
    };

    const target = el('div', { class: 'marker', hidden: true }, gesture ? null : el('span', { class: 'dot' }));
    const hovered = el('div', { class: 'marker hover', hidden: true });
    const pointed = el('div', { class: 'marker element', hidden: true });
    const tip = el('div', { class: 'tip', role: 'tooltip', hidden: true });
    const cited = ((screen && screen.cited) || []).map((ref) => {
      const found = elementOf(ref);
      const marker = el('div', { class: 'marker cited', hidden: true, 'data-ref': ref }, el('span', { class: 'ref-tag' }, ref));
      return { marker, draw: () => place(found && found.element.bounds, marker, found && found.size) };
    });
    frame.append(target, ...cited.map((c) => c.marker), hovered, pointed);
    if (gesture && gesture.points.length) frame.append(touch(gesture));
    const figure = el('figure', { class: 'shot' }, frame, tip, el('figcaption', {}, caption, gesture ? ` · ${gesture.kind.replace('_', ' ')}${gesture.repeat > 1 ? ` ×${gesture.repeat}` : ''}` : ''));

    /** Shows one element's box and a tooltip with its ref, role and label under it (or above, near the bottom). */
    const show = (found) => {
      markLine(key, found ? found.element.ref : null);
      if (!found) { pointed.hidden = true; tip.hidden = true; return; }
      const { element, size } = found;
      place(element.bounds, pointed, size);
      tip.textContent = [element.ref, element.role, element.label ? JSON.stringify(element.label) : ''].filter(Boolean).join(' ');
      tip.hidden = false;
      const [w, h] = size || screenSize();
      const left = (element.bounds.left / w) * frame.clientWidth;
      const below = (element.bounds.bottom / h) * frame.clientHeight + 4;
      const above = (element.bounds.top / h) * frame.clientHeight - tip.offsetHeight - 4;
      tip.style.left = `${Math.max(0, Math.min(left, frame.clientWidth - 40))}px`;
      tip.style.top = `${below + tip.offsetHeight > frame.clientHeight && above >= 0 ? above : below}px`;
    };
    frame.place = (box) => place(box, hovered);
    frame.showRef = (ref) => show(ref ? elementOf(ref) : null);
    if (hierarchy) {
      figure.dataset.elements = String(hierarchy.elements.length);
      frame.classList.add('pointable');
      frame.addEventListener('mousemove', (event) => {
        const rect = img.getBoundingClientRect();
        if (!rect.width || !rect.height) return;
        const x = ((event.clientX - rect.left) / rect.width) * hierarchy.width;
        const y = ((event.clientY - rect.top) / rect.height) * hierarchy.height;
        const element = smallestAt(hierarchy.elements, x, y);
        show(element ? { element, size: [hierarchy.width, hierarchy.height] } : null);
      });
      frame.addEventListener('mouseleave', () => show(null));
    }
    const draw = () => {
      place(bounds, target);
      for (const c of cited) c.draw();
    };
    if ((screen && screen.width) || hierarchy) draw();
    img.addEventListener('load', draw);
    return figure;
  };

  /** The innermost element under a point: the smallest box holding it (the last one listed on a tie, as it is drawn on top). */
  function smallestAt(elements, x, y) {
    let best = null;
    let bestArea = Infinity;
    for (const e of elements) {
      const b = e.bounds;
      if (x < b.left || x >= b.right || y < b.top || y >= b.bottom) continue;
      const area = (b.right - b.left) * (b.bottom - b.top);
      if (area <= bestArea) { best = e; bestArea = area; }
    }
    return best;
  }

  function markLine(key, ref) {
    if (!key) return;
    for (const line of document.querySelectorAll(`#detail pre[data-screen="${CSS.escape(key)}"] .pointed`)) line.classList.remove('pointed');
    if (!ref) return;
    const line = document.querySelector(`#detail pre[data-screen="${CSS.escape(key)}"] [data-ref="${CSS.escape(ref)}"]`);
    if (line) line.classList.add('pointed');
  }

  /** A line of the screen text pointed at: its element's box on the screenshot with the same key. */
  V.showRef = function showRef(key, ref) {
    const frame = document.querySelector(`#detail .frame[data-screen="${CSS.escape(key)}"]`);
    if (frame) frame.showRef(ref);
  };

  /** A candidate's row pointed at: its bounds on every screenshot of the step. */
  V.hover = function hover(bounds) {
    for (const frame of document.querySelectorAll('#detail .frame')) if (frame.place) frame.place(bounds);
  };

  /** The touch as an SVG over the picture: a dot per point, a line with an arrow head for a swipe or drag. */
  function touch(gesture) {
    const NS = 'http://www.w3.org/2000/svg';
    const svg = (tag, attrs) => {
      const node = document.createElementNS(NS, tag);
      for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
      return node;
    };
    const { width, height } = gesture.screen;
    const layer = svg('svg', { class: 'touch', viewBox: `0 0 ${width} ${height}`, preserveAspectRatio: 'none', 'aria-hidden': 'true' });
    const r = Math.round(width * 0.025);
    const [start, end] = gesture.points;
    if (end) {
      const angle = Math.atan2(end.y - start.y, end.x - start.x);
      const head = (turn) => `${end.x - r * 2 * Math.cos(angle + turn)},${end.y - r * 2 * Math.sin(angle + turn)}`;
      layer.append(svg('line', { x1: start.x, y1: start.y, x2: end.x, y2: end.y, class: 'path', 'stroke-width': r * 0.6 }));
      layer.append(svg('polygon', { points: `${end.x},${end.y} ${head(0.5)} ${head(-0.5)}`, class: 'head' }));
    }
    layer.append(svg('circle', { cx: start.x, cy: start.y, r, class: 'point', 'stroke-width': r * 0.35 }));
    return layer;
  }
})();
