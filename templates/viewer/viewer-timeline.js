// The mobiletest trace viewer, part 5 of 6: one test's head, its failure summary and its timeline.
// The timeline is cut into blocks of BLOCK rows at fixed heights, each drawn only when near the view
// (in one go, from a cloned row), so a test of thousands of steps opens and scrolls as fast as one of
// ten; a step's details load when it is opened.
/* global window, document */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { $, el, ms, plural, statusGroup, state } = V;

  /** A row's height in px: `.timeline .step` in viewer.css. */
  const ROW = 30;
  /**
   * Rows per block. A block is one contained box of fixed height (`.timeline > li` in viewer.css):
   * drawing one lays out and paints that block alone, never the rest of the list, in 2-3 ms.
   */
  const BLOCK = 10;
  /**
   * Blocks beyond the view that a frame draws when they are missing (at most one a frame). The rest
   * are drawn between frames, so a scroll seldom has to draw in a frame at all.
   */
  const AHEAD = 1;
  /** Past CAP drawn rows (a very long test), blocks far from the view are emptied again. */
  const CAP = 2000;
  /** An idle moment draws one more block only when it has this many ms left, about twice what a block costs. */
  const IDLE_MS = 6;
  /** The blocks last in view and the way the list last scrolled. */
  const view = { first: 0, last: 0, down: true };
  const EMPTY_DETAIL = 'Choose a step to see what the device showed, what was decided and what happened.';

  V.renderTest = function renderTest(test) {
    const group = statusGroup(test.status);
    state.test = test;
    $('test-title').replaceChildren(el('span', { class: `icon st-${group}` }, V.TEST_ICONS[test.status] || '?'), ' ', test.title_path.length ? test.title_path.join(' › ') : test.title);
    $('test-meta').replaceChildren(...[
      // A pass that needed a recovery says so where the status goes: never a clean pass.
      el('span', { class: `badge st-${group}` }, test.recovered ? V.recoveredText(test.recovered) : test.status),
      `${test.file}:${test.line}`,
      test.project && `project ${test.project}`,
      test.trace.devices ? V.devicesText(test.trace.devices) : test.trace.device || test.device ? `device ${test.trace.device || test.device}` : null,
      ms(test.duration_ms),
      `${plural(test.steps, 'step')}`,
      test.tokens ? `${test.tokens} tokens in ${plural(test.llm_calls, 'model call')}` : null,
      test.retry ? `retry ${test.retry}` : null,
    ].filter(Boolean).map((part) => (typeof part === 'string' ? el('span', {}, part) : part)));

    V.clearTimeline();
    // Each step's place among all the steps, depth first: where its details are, whatever rows are shown.
    let at = 0;
    const place = (steps) => { for (const step of steps) { step._at = at++; place(step.children); } };
    place(test.trace.steps);
    // A recovery's replayed actions are folded under it until asked for.
    state.folded = new Set(V.allOf(test.trace.steps).filter((step) => step.recovery));
    state.device = null;
    V.renderStages(test);
    layout();
    const total = state.steps.length;
    $('no-steps').hidden = total > 0;
    const failed = test.recovered && !test.failure ? firstRecovery() : lastFailed();
    renderFailure(test, failed);
    if (failed >= 0) V.openStep(failed, false);
    else $('detail').replaceChildren(el('p', { class: 'empty' }, EMPTY_DETAIL));
    if (total) V.focusStep(failed >= 0 ? failed : 0);
    drawRows();
  };

  /**
   * Lists the rows shown: every step depth first, but only the chosen device's (and the test's own)
   * under a device filter, and none under a folded recovery. Every block is there from the start,
   * empty, at its final height: drawing one never moves another.
   */
  function layout() {
    Object.assign(state, { steps: [], depth: [], index: new Map(), rows: new Map(), blocks: [], drawn: new Set() });
    const walk = (steps, depth) => {
      for (const step of steps) {
        if (state.device && step.device && step.device !== state.device) continue;
        state.index.set(step, state.steps.length);
        state.steps.push(step);
        state.depth.push(depth);
        if (!state.folded.has(step)) walk(step.children, depth + 1);
      }
    };
    walk(state.test.trace.steps, 0);
    const list = $('timeline');
    const total = state.steps.length;
    for (let first = 0; first < total; first += BLOCK) {
      const block = el('li', { role: 'none' });
      block.style.height = `${Math.min(BLOCK, total - first) * ROW}px`;
      state.blocks.push(block);
    }
    list.replaceChildren(...state.blocks);
    list.dataset.steps = String(total);
  }

  /**
   * Lists the rows again after a fold or the device filter changed, keeping the open step open (and
   * focused) when it is still shown; returns where `step` is now, or -1.
   */
  V.relayout = function relayout(step) {
    const opened = state.steps[state.opened];
    const focused = state.steps[state.focused];
    layout();
    state.opened = opened && state.index.has(opened) ? state.index.get(opened) : -1;
    // A step the device filter hides is closed: the detail never shows a screen of a device not chosen.
    if (opened && state.opened < 0) {
      $('detail').replaceChildren(el('p', { class: 'empty' }, EMPTY_DETAIL));
      V.markLane(null);
    }
    state.focused = focused && state.index.has(focused) ? state.index.get(focused) : -1;
    drawRows();
    if (state.focused >= 0) V.focusStep(state.focused);
    return step && state.index.has(step) ? state.index.get(step) : -1;
  };

  /** Shows `step` in the list (unfolding its recovery, clearing a filter that hides it); its row. */
  V.reveal = function reveal(step) {
    if (state.index.has(step)) return state.index.get(step);
    for (const parent of V.allOf(state.test.trace.steps)) if (parent.children.includes(step)) state.folded.delete(parent);
    if (state.device && step.device && step.device !== state.device) V.filterDevice(null);
    return V.relayout(step);
  };

  function firstRecovery() {
    return state.steps.findIndex((step) => step.recovery);
  }

  V.clearTimeline = function clearTimeline() {
    Object.assign(state, { steps: [], depth: [], index: new Map(), rows: new Map(), blocks: [], drawn: new Set(), focused: -1, opened: -1, folded: new Set(), device: null });
    Object.assign(view, { first: 0, last: 0, down: true });
    const list = $('timeline');
    list.replaceChildren();
    list.dataset.steps = '0';
  };

  /** Redraws the rows near the view once a frame while the step pane or the page scrolls or resizes; one click handler serves every row. */
  V.watchTimeline = function watchTimeline() {
    let frame = 0;
    let pause = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        const range = drawRows();
        // Details of the steps in view load once scrolling pauses, so a click on one opens at once.
        window.clearTimeout(pause);
        if (range) pause = window.setTimeout(() => V.prefetch(state.n, range[0], range[1]), 150);
      });
    };
    document.querySelector('.timeline-pane').addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    $('timeline').addEventListener('click', (event) => {
      const row = event.target.closest('.step');
      if (!row) return;
      const i = Number(row.dataset.i);
      if (event.target.closest('.fold')) { V.toggleFold(state.steps[i]); return; }
      V.focusStep(i);
      V.openStep(i, true);
    });
  };

  /**
   * Draws the blocks in view, then at most one of the AHEAD blocks beyond them (the nearest first, on
   * the side the list is scrolling to first), and empties blocks far away past CAP rows (not the
   * focused one's, so the keys keep working). Reads the geometry before it writes, so a frame lays out
   * once. Returns the rows in view.
   */
  function drawRows() {
    const list = $('timeline');
    const total = state.steps.length;
    if (!total || state.n === null) return null;
    const box = list.getBoundingClientRect();
    const pane = list.closest('.timeline-pane').getBoundingClientRect();
    const top = Math.max(pane.top, 0) - box.top;
    const bottom = Math.min(pane.bottom, window.innerHeight) - box.top;
    const shown = [Math.max(0, Math.min(total - 1, Math.floor(top / ROW))), Math.max(0, Math.min(total - 1, Math.ceil(bottom / ROW)))];
    const first = Math.floor(shown[0] / BLOCK);
    const last = Math.floor(shown[1] / BLOCK);
    if (first !== view.first) view.down = first > view.first;
    Object.assign(view, { first, last });
    for (let b = first; b <= last; b++) drawBlock(b);
    const next = nearestUndrawn(AHEAD);
    if (next !== null) drawBlock(next);
    if (state.rows.size > CAP) {
      const keep = Math.floor(state.focused / BLOCK);
      for (const b of [...state.drawn]) if (Math.abs(b - first) * BLOCK > CAP / 2 && b !== keep) emptyBlock(b);
    }
    fillWhenIdle();
    return shown;
  }

  /** The undrawn block nearest the view, at most `within` blocks away, on the side it scrolls to first; or null. */
  function nearestUndrawn(within) {
    for (let d = 1; d <= within; d++) {
      const sides = view.down ? [view.last + d, view.first - d] : [view.first - d, view.last + d];
      const b = sides.find((x) => x >= 0 && x < state.blocks.length && !state.drawn.has(x));
      if (b !== undefined) return b;
    }
    return null;
  }

  /** Fills block b with its rows in one append: rows cloned from one template, texts set as text. */
  function drawBlock(b) {
    if (state.drawn.has(b)) return;
    const rows = document.createDocumentFragment();
    for (let i = b * BLOCK, end = Math.min(state.steps.length, (b + 1) * BLOCK); i < end; i++) {
      const row = stepRow(i);
      state.rows.set(i, row);
      rows.append(row);
    }
    state.blocks[b].append(rows);
    state.drawn.add(b);
  }

  function emptyBlock(b) {
    for (let i = b * BLOCK, end = Math.min(state.steps.length, (b + 1) * BLOCK); i < end; i++) state.rows.delete(i);
    state.blocks[b].replaceChildren();
    state.drawn.delete(b);
  }

  let idle = null;
  /**
   * Draws the other blocks, the nearest to the view first, one per idle moment that has room for it
   * (between frames while scrolling), up to CAP rows. It lays the block out there and then, so the
   * next frame only paints it.
   */
  function fillWhenIdle() {
    if (idle !== null || state.n === null || state.rows.size >= Math.min(CAP, state.steps.length)) return;
    const later = window.requestIdleCallback || ((f) => window.setTimeout(() => f({ timeRemaining: () => IDLE_MS + 1 }), 50));
    idle = later((deadline) => {
      idle = null;
      // Another test may be open by now: the blocks are always the open test's.
      if (state.n === null) return;
      const b = deadline.timeRemaining() > IDLE_MS ? nearestUndrawn(state.blocks.length) : null;
      if (b !== null) {
        drawBlock(b);
        void state.blocks[b].lastChild.offsetTop;
      }
      fillWhenIdle();
    });
  }

  /** The row every step row is cloned from: one div (the tree item, focusable) and five spans. */
  let template = null;
  function stepRow(i) {
    template = template || el('div', { role: 'treeitem' }, el('span', {}), el('span', {}), el('span', { class: 'label' }), el('span', {}), el('span', { class: 'num' }));
    const step = state.steps[i];
    const row = template.cloneNode(true);
    row.className = `step status-${step.status}${i === state.opened ? ' open' : ''}`;
    row.tabIndex = i === state.focused ? 0 : -1;
    row.dataset.i = String(i);
    row.setAttribute('aria-level', String(state.depth[i] + 1));
    row.style.paddingLeft = `${10 + state.depth[i] * 18}px`;
    const [icon, name, label, tag, num] = row.children;
    icon.className = `icon sv-${step.status}`;
    icon.title = step.status;
    icon.textContent = V.STEP_ICONS[step.status] || '?';
    name.className = step.kind === 'agent' ? 'name agent' : 'name';
    name.textContent = step.name;
    if (step.label) { label.textContent = step.label; label.title = step.label; }
    if (step.agent && step.agent.path) { tag.className = `tag path-${step.agent.path}`; tag.textContent = step.agent.path; }
    if (step.device || step.stage || step.recovery) V.stageRow(row, step);
    const tokens = step.agent && step.agent.tokens ? `${step.agent.tokens} tok` : '';
    num.textContent = tokens ? `${ms(step.duration_ms)} · ${tokens}` : ms(step.duration_ms);
    return row;
  }

  /** The deepest step of the last failure: where the test went wrong. */
  function lastFailed() {
    for (let i = state.steps.length - 1; i >= 0; i--) if (state.steps[i].status !== 'OK' && state.steps[i].status !== 'RETRY') {
      const children = state.steps[i].children;
      const failedChild = children.filter((c) => c.status !== 'OK').at(-1);
      // A failed replay's actions are folded: the failed one is shown.
      return failedChild ? V.reveal(failedChild) : i;
    }
    return -1;
  }

  // ---- moving between steps ----

  /** Scrolls the step pane (or the page, when the pane does not scroll) just enough to show row i. */
  function scrollToRow(i) {
    const list = $('timeline');
    const paneNode = list.closest('.timeline-pane');
    const pane = paneNode.getBoundingClientRect();
    const head = paneNode.querySelector('h2').getBoundingClientRect().height;
    const y = list.getBoundingClientRect().top + i * ROW;
    const viewTop = Math.max(pane.top, 0) + head;
    const viewBottom = Math.min(pane.bottom, window.innerHeight);
    const delta = y < viewTop ? y - viewTop : y + ROW > viewBottom ? y + ROW - viewBottom : 0;
    if (!delta) return;
    if (paneNode.scrollHeight > paneNode.clientHeight + 1) paneNode.scrollTop += delta;
    else window.scrollBy(0, delta);
  }

  V.focusStep = function focusStep(i) {
    if (i < 0 || i >= state.steps.length) return;
    const previous = state.rows.get(state.focused);
    if (previous) previous.tabIndex = -1;
    state.focused = i;
    scrollToRow(i);
    drawBlock(Math.floor(i / BLOCK));
    drawRows();
    const node = state.rows.get(i);
    node.tabIndex = 0;
    node.focus({ preventScroll: true });
  };

  V.openStep = function openStep(i, scroll) {
    const previous = state.rows.get(state.opened);
    if (previous) previous.classList.remove('open');
    state.opened = i;
    const row = state.rows.get(i);
    if (row) row.classList.add('open');
    V.markLane(state.steps[i]);
    const n = state.n;
    const detail = $('detail');
    V.stepDetail(n, i).then((step) => {
      if (state.n !== n || state.opened !== i) return;
      detail.replaceChildren(...V.renderStep(step));
      detail.dataset.step = String(i);
      if (scroll) detail.scrollTop = 0;
    }, (error) => {
      if (state.n === n && state.opened === i) detail.replaceChildren(el('p', { class: 'empty' }, error.message));
    });
  };

  /** A link to a step: its row, or the step itself (shown first when a fold or the device filter hides it). */
  V.openStepButton = function openStepButton(target, text) {
    const go = () => {
      const i = typeof target === 'number' ? target : V.reveal(target);
      if (i < 0) return;
      V.focusStep(i);
      V.openStep(i, true);
    };
    return el('button', { type: 'button', class: 'link', onclick: go }, text);
  };

  // ---- the failure summary ----

  function renderFailure(test, failedIndex) {
    const box = $('failure');
    if (!test.failure) { box.hidden = true; return; }
    const failure = test.failure;
    const [name, advice] = V.CATEGORIES[failure.category] || [failure.category, ''];
    const step = failedIndex >= 0 ? state.steps[failedIndex] : null;
    const evidence = failure.evidence || [];
    const recovery = step && V.allOf(test.trace.steps).find((s) => s.recovery && s.children.includes(step));
    box.replaceChildren(...[
      el('div', { class: 'failure-head' }, el('span', { class: `badge cat-${failure.category}` }, failure.category), el('strong', {}, ` ${name}`), advice ? el('span', { class: 'advice' }, ` — ${advice}`) : ''),
      step ? el('p', { class: 'failed-step' }, 'Failed at ', V.openStepButton(failedIndex, `${step.name}${step.label ? ` "${step.label}"` : ''}`), ` (step ${failedIndex + 1} of ${state.steps.length}${step.location ? `, ${step.location}` : ''})`,
        recovery ? `, while recovery ${recovery.recovery.attempt} of ${recovery.recovery.limit} replayed the test to checkpoint "${recovery.recovery.checkpoint}"` : '') : null,
      el('pre', { class: 'message' }, failure.message),
      evidence.length ? el('div', { class: 'evidence' }, el('h3', {}, 'Evidence'), el('ul', {}, evidence.map((line) => el('li', {}, line)))) : null,
      failure.suggestion ? el('p', { class: 'suggestion' }, el('strong', {}, 'Suggestion: '), failure.suggestion) : null,
      // The failed step shows its own screenshots; the test's is for failures outside any step.
      test.trace.images.length && !(step && step.shots)
        ? el('div', { class: 'shots' }, test.trace.images.map((image) => V.shot({ src: image.src, caption: image.name }))) : null,
    ].filter(Boolean));
    box.hidden = false;
  }
})();
