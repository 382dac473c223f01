// The mobiletest trace viewer, part 4 of 5: one test's head, its failure summary and its timeline.
// The timeline draws only the rows in view (plus a margin) at fixed heights, so a test of thousands
// of steps opens and scrolls as fast as one of ten; a step's details load when it is opened.
/* global window, document */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { $, el, ms, plural, statusGroup, state } = V;

  /** A row's height in px: `.timeline > li` in viewer.css. */
  const ROW = 30;
  /**
   * Rows drawn beyond the visible ones on each side: far enough that a fast scroll never shows a
   * gap and new rows land outside the area the browser has already painted ahead.
   */
  const MARGIN = 60;
  /**
   * Rows are added in blocks: those in view first, the rest while the page is idle, so scrolling
   * seldom touches the DOM. Blocks are small: a scroll that reaches rows not drawn yet draws a few
   * per frame (blocks of 50 cost a dropped frame or two each on a slow machine).
   * Past CAP rows (a very long test), rows far from the view are dropped again.
   */
  const BLOCK = 10;
  const CAP = 2000;
  /** Rows drawn per idle moment: small, so a frame that follows one is never held up. */
  const IDLE_ROWS = 10;
  const EMPTY_DETAIL = 'Choose a step to see what the device showed, what was decided and what happened.';

  V.renderTest = function renderTest(test) {
    const group = statusGroup(test.status);
    state.test = test;
    $('test-title').replaceChildren(el('span', { class: `icon st-${group}` }, V.TEST_ICONS[test.status] || '?'), ' ', test.title_path.length ? test.title_path.join(' › ') : test.title);
    $('test-meta').replaceChildren(...[
      el('span', { class: `badge st-${group}` }, test.status),
      `${test.file}:${test.line}`,
      test.project && `project ${test.project}`,
      test.trace.device || test.device ? `device ${test.trace.device || test.device}` : null,
      ms(test.duration_ms),
      `${plural(test.steps, 'step')}`,
      test.tokens ? `${test.tokens} tokens in ${plural(test.llm_calls, 'model call')}` : null,
      test.retry ? `retry ${test.retry}` : null,
    ].filter(Boolean).map((part) => (typeof part === 'string' ? el('span', {}, part) : part)));

    V.clearTimeline();
    const walk = (steps, depth) => {
      for (const step of steps) {
        state.index.set(step, state.steps.length);
        state.steps.push(step);
        state.depth.push(depth);
        walk(step.children, depth + 1);
      }
    };
    walk(test.trace.steps, 0);
    const list = $('timeline');
    list.style.height = `${state.steps.length * ROW}px`;
    list.dataset.steps = String(state.steps.length);
    $('no-steps').hidden = state.steps.length > 0;
    const failed = lastFailed();
    renderFailure(test, failed);
    if (failed >= 0) V.openStep(failed, false);
    else $('detail').replaceChildren(el('p', { class: 'empty' }, EMPTY_DETAIL));
    if (state.steps.length) V.focusStep(failed >= 0 ? failed : 0);
    drawRows();
  };

  V.clearTimeline = function clearTimeline() {
    Object.assign(state, { steps: [], depth: [], index: new Map(), rows: new Map(), focused: -1, opened: -1 });
    const list = $('timeline');
    list.replaceChildren();
    list.style.height = '';
    list.dataset.steps = '0';
  };

  /** Redraws the rows in view whenever the step pane or the page scrolls or resizes. */
  V.watchTimeline = function watchTimeline() {
    let idle = 0;
    const onScroll = () => {
      const range = drawRows();
      // Details of the steps in view load once scrolling pauses, so a click on one opens at once.
      window.clearTimeout(idle);
      if (range) idle = window.setTimeout(() => V.prefetch(state.n, range[0], range[1]), 150);
    };
    document.querySelector('.timeline-pane').addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
  };

  /** Draws the blocks of rows in view and drops rows beyond CAP around it (not the focused one, so the keys keep working); the rows in view. */
  function drawRows() {
    const list = $('timeline');
    const total = state.steps.length;
    if (!total || state.n === null) return null;
    const box = list.getBoundingClientRect();
    const pane = list.closest('.timeline-pane').getBoundingClientRect();
    const top = Math.max(pane.top, 0) - box.top;
    const bottom = Math.min(pane.bottom, window.innerHeight) - box.top;
    const shown = [Math.max(0, Math.floor(top / ROW)), Math.min(total - 1, Math.ceil(bottom / ROW))];
    const first = Math.floor(Math.max(0, shown[0] - MARGIN) / BLOCK);
    const last = Math.floor(Math.min(total - 1, shown[1] + MARGIN) / BLOCK);
    if (state.rows.size > CAP) {
      for (const [i, row] of state.rows) if (Math.abs(i - shown[0]) > CAP / 2 && i !== state.focused) { row.remove(); state.rows.delete(i); }
    }
    for (let b = first; b <= last; b++) drawBlock(b);
    fillWhenIdle();
    return shown;
  }

  function drawBlock(b) {
    drawRange(b * BLOCK, Math.min(state.steps.length, (b + 1) * BLOCK) - 1);
  }

  /** Rows from..to that are not drawn yet, in step order in the DOM (for screen readers and find-in-page). */
  function drawRange(from, to) {
    const list = $('timeline');
    let kept = null;
    let k = 0;
    for (let i = from; i <= to; i++) {
      if (state.rows.has(i)) continue;
      kept = kept || [...state.rows.keys()].sort((x, y) => x - y);
      while (k < kept.length && kept[k] < i) k++;
      const row = stepRow(i);
      list.insertBefore(row, k < kept.length ? state.rows.get(kept[k]) : null);
      state.rows.set(i, row);
    }
  }

  let idle = null;
  /** Draws the other rows, a few per idle moment (so a scroll that starts at once is not held up), up to CAP rows. */
  function fillWhenIdle() {
    if (idle !== null || state.rows.size >= Math.min(CAP, state.steps.length)) return;
    const later = window.requestIdleCallback || ((f) => window.setTimeout(() => f({ timeRemaining: () => 8 }), 50));
    const n = state.n;
    idle = later((deadline) => {
      idle = null;
      if (state.n !== n) return;
      if (deadline.timeRemaining() > 10) {
        let from = 0;
        while (from < state.steps.length && state.rows.has(from)) from++;
        if (from < state.steps.length) drawRange(from, Math.min(from + IDLE_ROWS, state.steps.length) - 1);
      }
      fillWhenIdle();
    });
  }

  function stepRow(i) {
    const step = state.steps[i];
    const tokens = step.agent && step.agent.tokens ? `${step.agent.tokens} tok` : '';
    const row = el('li', { role: 'treeitem', 'aria-level': state.depth[i] + 1 },
      el('div', {
        class: `step status-${step.status}${i === state.opened ? ' open' : ''}`, tabindex: i === state.focused ? '0' : '-1', 'data-i': i,
        onclick: () => { V.focusStep(i); V.openStep(i, true); },
      },
      el('span', { class: `icon sv-${step.status}`, title: step.status }, V.STEP_ICONS[step.status] || '?'),
      el('span', { class: step.kind === 'agent' ? 'name agent' : 'name' }, step.name),
      el('span', { class: 'label', title: step.label || null }, step.label || ''),
      step.agent && step.agent.path ? el('span', { class: `tag path-${step.agent.path}` }, step.agent.path) : el('span', {}),
      el('span', { class: 'num' }, tokens ? `${ms(step.duration_ms)} · ${tokens}` : ms(step.duration_ms)),
      ),
    );
    row.style.top = `${i * ROW}px`;
    row.firstChild.style.paddingLeft = `${10 + state.depth[i] * 18}px`;
    return row;
  }

  /** The deepest step of the last failure: where the test went wrong. */
  function lastFailed() {
    for (let i = state.steps.length - 1; i >= 0; i--) if (state.steps[i].status !== 'OK' && state.steps[i].status !== 'RETRY') {
      const children = state.steps[i].children;
      const failedChild = children.filter((c) => c.status !== 'OK').at(-1);
      return failedChild ? state.index.get(failedChild) : i;
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
    if (previous) previous.firstChild.tabIndex = -1;
    state.focused = i;
    scrollToRow(i);
    drawRows();
    const node = state.rows.get(i).firstChild;
    node.tabIndex = 0;
    node.focus({ preventScroll: true });
  };

  V.openStep = function openStep(i, scroll) {
    const previous = state.rows.get(state.opened);
    if (previous) previous.firstChild.classList.remove('open');
    state.opened = i;
    const row = state.rows.get(i);
    if (row) row.firstChild.classList.add('open');
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

  V.openStepButton = function openStepButton(i, text) {
    return el('button', { type: 'button', class: 'link', onclick: () => { V.focusStep(i); V.openStep(i, true); } }, text);
  };

  // ---- the failure summary ----

  function renderFailure(test, failedIndex) {
    const box = $('failure');
    if (!test.failure) { box.hidden = true; return; }
    const failure = test.failure;
    const [name, advice] = V.CATEGORIES[failure.category] || [failure.category, ''];
    const step = failedIndex >= 0 ? state.steps[failedIndex] : null;
    const evidence = failure.evidence || [];
    box.replaceChildren(...[
      el('div', { class: 'failure-head' }, el('span', { class: `badge cat-${failure.category}` }, failure.category), el('strong', {}, ` ${name}`), advice ? el('span', { class: 'advice' }, ` — ${advice}`) : ''),
      step ? el('p', { class: 'failed-step' }, 'Failed at ', V.openStepButton(failedIndex, `${step.name}${step.label ? ` "${step.label}"` : ''}`), ` (step ${failedIndex + 1} of ${state.steps.length}${step.location ? `, ${step.location}` : ''})`) : null,
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
