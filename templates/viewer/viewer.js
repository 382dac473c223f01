// The mobiletest trace viewer: the run's tests, and one test's steps with what the device showed,
// what was decided and what happened. Plain DOM, no dependencies; data comes from data/*.js
// scripts that assign to window.__mobiletest, so the report also opens from disk (file://).
// Every text from the report goes in through textContent, never as HTML.
/* global window, document, location, Node, HTMLInputElement */
'use strict';
(function () {
  const M = (window.__mobiletest = window.__mobiletest || {});
  M.tests = M.tests || {};

  const TEST_ICONS = { passed: '✓', failed: '✗', timedOut: '⏱', interrupted: '⊘', skipped: '○', flaky: '◐' };
  const STEP_ICONS = { OK: '✓', FAIL: '✗', EXCEPTION: '!', RETRY: '↻', UNFINISHED: '…' };
  const FAILING = new Set(['failed', 'timedOut', 'interrupted']);
  const CATEGORIES = {
    environment: ['Environment', 'The device, the connection or the setup failed, not the test: check the device and run again.'],
    execution: ['Execution', 'A step could not be carried out as asked (a timeout, a cancelled or broken action): look at the failed step.'],
    locator: ['Locator', 'The target was not found or was ambiguous: compare the candidates with the screen text.'],
    plan: ['Plan', 'The agent did not reach the goal with its plan: read its decisions and the screens it saw.'],
    product: ['Product defect', 'The app did not behave as the test expects (a crash, a wrong screen, a failed check): a bug for the app.'],
  };

  const state = { filter: 'all', query: '', n: null, steps: [], focused: -1, opened: -1 };
  const $ = (id) => document.getElementById(id);

  /** el('div', { class: 'x', onclick: f }, 'text', child) — children are text or nodes. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function ms(value) {
    if (value === null || value === undefined) return '';
    if (value < 1000) return `${Math.round(value)} ms`;
    if (value < 60000) return `${(value / 1000).toFixed(1)} s`;
    return `${Math.floor(value / 60000)} min ${Math.round((value % 60000) / 1000)} s`;
  }
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const statusGroup = (status) => (FAILING.has(status) ? 'failed' : status);

  // ---- the run list ----

  M.start = function start() {
    if (!M.run) {
      $('tests').replaceChildren(el('li', { class: 'empty' }, 'data/run.js is missing: this folder is not a complete mobiletest HTML report.'));
      return;
    }
    const { run, tests } = M.run;
    const t = run.totals;
    $('run-summary').replaceChildren(
      el('span', { class: `badge run-${run.status}` }, run.status),
      ` ${plural(tests.length, 'test')} · ${t.passed} passed · ${t.failed} failed` + (t.flaky ? ` · ${t.flaky} flaky` : '') + (t.skipped ? ` · ${t.skipped} skipped` : ''),
      ` · ${ms(run.duration_ms)} · ${new Date(run.started_at).toLocaleString()}`,
      run.agent && run.agent.llm_calls ? ` · ${plural(run.agent.llm_calls, 'model call')}, ${run.agent.tokens_in + run.agent.tokens_out} tokens` : '',
    );
    for (const button of document.querySelectorAll('[data-filter]')) {
      const filter = button.dataset.filter;
      button.querySelector('.count').textContent = String(filter === 'all' ? tests.length : tests.filter((x) => statusGroup(x.status) === filter).length);
      button.addEventListener('click', () => setFilter(filter));
    }
    $('search').addEventListener('input', (event) => { state.query = event.target.value.trim().toLowerCase(); renderList(); });
    $('tests').replaceChildren(...tests.map(testRow));
    renderList();
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', route);
    route();
  };

  function testRow(test) {
    const where = `${test.file}:${test.line}`;
    const title = test.title_path.length ? test.title_path.join(' › ') : test.title;
    const category = test.failure ? test.failure.category : null;
    const row = el('a', { href: `#test/${test.n}`, class: `row status-${statusGroup(test.status)}`, 'data-n': test.n },
      el('span', { class: `icon st-${statusGroup(test.status)}`, title: test.status, 'aria-label': test.status }, TEST_ICONS[test.status] || '?'),
      el('span', { class: 'title' }, el('span', { class: 'name' }, title), el('span', { class: 'where' }, where, test.project ? ` · ${test.project}` : '', test.retry ? ` · retry ${test.retry}` : '')),
      el('span', { class: 'device', title: 'device' }, test.device || ''),
      el('span', { class: 'num', title: 'duration' }, ms(test.duration_ms)),
      el('span', { class: 'num', title: 'model tokens' }, test.tokens ? `${test.tokens} tok` : ''),
      el('span', { class: 'cat' }, category ? el('span', { class: `badge cat-${category}` }, category) : ''),
    );
    row.dataset.search = [title, where, test.device, test.status, category, test.failure && test.failure.message, test.project].filter(Boolean).join('\n').toLowerCase();
    row.dataset.group = statusGroup(test.status);
    return el('li', {}, row);
  }

  function setFilter(filter) {
    state.filter = filter;
    for (const button of document.querySelectorAll('[data-filter]')) button.setAttribute('aria-pressed', String(button.dataset.filter === filter));
    renderList();
  }

  function renderList() {
    let shown = 0;
    for (const row of $('tests').querySelectorAll('a.row')) {
      const visible = (state.filter === 'all' || row.dataset.group === state.filter) && (!state.query || row.dataset.search.includes(state.query));
      row.parentElement.hidden = !visible;
      shown += visible ? 1 : 0;
    }
    $('no-tests').hidden = shown > 0;
  }

  function visibleRows() {
    return [...$('tests').querySelectorAll('li:not([hidden]) > a.row')];
  }

  // ---- routing: #test/<n> opens a test, anything else the list ----

  function route() {
    const match = /^#test\/(\d+)$/.exec(location.hash);
    if (match) openTest(Number(match[1]));
    else showList();
  }

  function showList() {
    const last = state.n;
    state.n = null;
    $('test-view').hidden = true;
    $('list-view').hidden = false;
    document.title = 'mobiletest report';
    const row = last === null ? null : $('tests').querySelector(`a.row[data-n="${last}"]`);
    if (row && !row.parentElement.hidden) row.focus();
  }

  function openTest(n) {
    state.n = n;
    $('list-view').hidden = true;
    $('test-view').hidden = false;
    const entry = M.run.tests[n];
    if (!entry) return renderMissing(`There is no test ${n} in this report.`);
    document.title = `${entry.title} — mobiletest report`;
    if (M.tests[n]) return renderTest(M.tests[n]);
    // Each test's data loads only when it is opened, so a long run's report opens fast.
    $('test-title').textContent = entry.title;
    $('timeline').replaceChildren(el('li', { class: 'empty' }, 'Loading…'));
    const script = el('script', { src: `data/test-${n}.js` });
    script.addEventListener('load', () => {
      if (state.n !== n) return;
      if (M.tests[n]) renderTest(M.tests[n]);
      else renderMissing(`data/test-${n}.js holds no test.`);
    });
    script.addEventListener('error', () => { if (state.n === n) renderMissing(`data/test-${n}.js could not be loaded.`); });
    document.body.append(script);
  }

  function renderMissing(message) {
    $('test-title').textContent = message;
    $('test-meta').replaceChildren();
    $('failure').hidden = true;
    $('timeline').replaceChildren();
    $('detail').replaceChildren();
  }

  // ---- one test ----

  function renderTest(test) {
    const group = statusGroup(test.status);
    $('test-title').replaceChildren(el('span', { class: `icon st-${group}` }, TEST_ICONS[test.status] || '?'), ' ', test.title_path.length ? test.title_path.join(' › ') : test.title);
    $('test-meta').replaceChildren(...[
      el('span', { class: `badge st-${group}` }, test.status),
      `${test.file}:${test.line}`,
      test.project && `project ${test.project}`,
      test.trace.device || test.device ? `device ${test.trace.device || test.device}` : null,
      ms(test.duration_ms),
      test.tokens ? `${test.tokens} tokens in ${plural(test.llm_calls, 'model call')}` : null,
      test.retry ? `retry ${test.retry}` : null,
    ].filter(Boolean).map((part) => (part instanceof Node ? part : el('span', {}, part))));

    state.steps = [];
    const tree = buildTree(test.trace.steps, 0);
    $('timeline').replaceChildren(...tree);
    $('no-steps').hidden = state.steps.length > 0;
    const failed = lastFailed();
    renderFailure(test, failed);
    state.focused = -1;
    state.opened = -1;
    if (failed >= 0) openStep(failed, false);
    else $('detail').replaceChildren(el('p', { class: 'empty' }, 'Choose a step to see what the device showed, what was decided and what happened.'));
    focusStep(failed >= 0 ? failed : 0);
  }

  function buildTree(steps, depth) {
    return steps.map((step) => {
      const i = state.steps.push(step) - 1;
      const item = el('li', { role: 'treeitem', 'aria-level': depth + 1 },
        el('div', { class: `step status-${step.status}`, tabindex: '-1', 'data-i': i, onclick: () => { focusStep(i); openStep(i, true); } },
          el('span', { class: `icon sv-${step.status}`, title: step.status }, STEP_ICONS[step.status] || '?'),
          el('span', { class: step.kind === 'agent' ? 'name agent' : 'name' }, step.name),
          el('span', { class: 'label', title: step.label || null }, step.label || ''),
          step.agent && step.agent.path ? el('span', { class: `tag path-${step.agent.path}` }, step.agent.path) : null,
          el('span', { class: 'num' }, ms(step.duration_ms)),
        ),
        step.children.length ? el('ul', { role: 'group' }, buildTree(step.children, depth + 1)) : null,
      );
      return item;
    });
  }

  /** The deepest step of the last failure: where the test went wrong. */
  function lastFailed() {
    for (let i = state.steps.length - 1; i >= 0; i--) if (state.steps[i].status !== 'OK' && state.steps[i].status !== 'RETRY') {
      const children = state.steps[i].children;
      const child = children.length ? state.steps.indexOf(children.filter((c) => c.status !== 'OK').at(-1)) : -1;
      return child >= 0 ? child : i;
    }
    return -1;
  }

  function renderFailure(test, failedIndex) {
    const box = $('failure');
    if (!test.failure) { box.hidden = true; return; }
    const [name, advice] = CATEGORIES[test.failure.category] || [test.failure.category, ''];
    const step = failedIndex >= 0 ? state.steps[failedIndex] : null;
    box.replaceChildren(...[
      el('div', { class: 'failure-head' }, el('span', { class: `badge cat-${test.failure.category}` }, test.failure.category), el('strong', {}, ` ${name}`), el('span', { class: 'advice' }, ` — ${advice}`)),
      step ? el('p', { class: 'failed-step' }, 'Failed at ', el('button', { type: 'button', class: 'link', onclick: () => { focusStep(failedIndex); openStep(failedIndex, true); } }, `${step.name}${step.label ? ` "${step.label}"` : ''}`), step.location ? ` (${step.location})` : '') : null,
      el('pre', { class: 'message' }, test.failure.message),
      // The failed step shows its own screenshots; the test's is for failures outside any step.
      test.trace.images.length && !(step && ((step.after && step.after.screenshot) || (step.before && step.before.screenshot)))
        ? el('div', { class: 'shots' }, test.trace.images.map((image) => shot(image.src, image.name, null, null))) : null,
    ].filter(Boolean));
    box.hidden = false;
  }

  // ---- moving between steps ----

  function stepNode(i) {
    return $('timeline').querySelector(`.step[data-i="${i}"]`);
  }

  function focusStep(i) {
    if (i < 0 || i >= state.steps.length) return;
    const previous = stepNode(state.focused);
    if (previous) previous.tabIndex = -1;
    state.focused = i;
    const node = stepNode(i);
    node.tabIndex = 0;
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: 'nearest' });
  }

  function openStep(i, scroll) {
    const previous = stepNode(state.opened);
    if (previous) previous.classList.remove('open');
    state.opened = i;
    stepNode(i).classList.add('open');
    $('detail').replaceChildren(...renderStep(state.steps[i]));
    if (scroll) $('detail').scrollTop = 0;
  }

  function onKey(event) {
    const typing = event.target instanceof HTMLInputElement;
    if (state.n === null) return listKey(event, typing);
    if (event.key === 'Escape') { event.preventDefault(); location.hash = '#'; return; }
    if (typing || event.target.closest('#detail')) return;
    if (event.key === 'ArrowDown' || event.key === 'j') { event.preventDefault(); focusStep(Math.min(state.steps.length - 1, state.focused + 1)); }
    else if (event.key === 'ArrowUp' || event.key === 'k') { event.preventDefault(); focusStep(Math.max(0, state.focused - 1)); }
    else if (event.key === 'Home') { event.preventDefault(); focusStep(0); }
    else if (event.key === 'End') { event.preventDefault(); focusStep(state.steps.length - 1); }
    else if (event.key === 'Enter' && state.focused >= 0 && event.target.closest('.step, body') === event.target) { event.preventDefault(); openStep(state.focused, true); }
  }

  function listKey(event, typing) {
    if (event.key === '/' && !typing) { event.preventDefault(); $('search').focus(); return; }
    if (typing && event.key === 'Escape') { event.target.value = ''; state.query = ''; renderList(); return; }
    const down = event.key === 'ArrowDown' || (!typing && event.key === 'j');
    const up = event.key === 'ArrowUp' || (!typing && event.key === 'k');
    if (!down && !up) return;
    const rows = visibleRows();
    if (!rows.length) return;
    event.preventDefault();
    const at = rows.indexOf(document.activeElement);
    rows[at < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, at + (down ? 1 : -1)))].focus();
  }

  // ---- one step's detail ----

  function renderStep(step) {
    const parts = [
      el('h2', {}, el('span', { class: `icon sv-${step.status}` }, STEP_ICONS[step.status] || '?'), ` ${step.name}`, step.label ? el('span', { class: 'label' }, ` ${step.label}`) : ''),
      el('div', { class: 'meta' }, ...[
        el('span', { class: `badge sv-${step.status}` }, step.status),
        step.location,
        step.source !== 'script' ? `by the ${step.source}` : null,
        `at +${ms(step.start_ms)}`,
        step.timings ? `${ms(step.timings.total_ms)} (device ${ms(step.timings.device_ms)}, harness ${ms(step.timings.harness_ms)})` : ms(step.duration_ms),
      ].filter(Boolean).map((part) => (part instanceof Node ? part : el('span', {}, part)))),
    ];
    if (step.error) parts.push(section('Error', el('div', { class: 'error' }, el('strong', {}, step.error.name), step.error.category ? el('span', { class: `badge cat-${step.error.category}` }, step.error.category) : '', el('pre', {}, step.error.message))));
    if (step.agent) parts.push(...agentParts(step));
    const target = targetBounds(step);
    const screens = [
      step.before && step.before.screenshot ? shot(step.before.screenshot, 'before', step.before, target, step.gesture) : null,
      // The target and the touch are marked where the action met them: on the screen before, else on the one after.
      step.after && step.after.screenshot ? shot(step.after.screenshot, 'after', step.after, ...(step.before && step.before.screenshot ? [null, null] : [target, step.gesture])) : null,
    ].filter(Boolean);
    // A step's own pictures (a screenshot action's, the failure's) show when its screens have none, else as links.
    const pictures = screens.length ? [] : step.images.map((image) => shot(image.src, image.name, step.after || step.before, null));
    const links = screens.length ? step.images : [];
    if (screens.length || pictures.length) {
      parts.push(section('Screenshots', el('div', { class: 'shots' }, screens, pictures),
        links.length ? el('p', { class: 'files' }, 'Also: ', links.map((image, i) => [i ? ', ' : '', el('a', { href: image.src, target: '_blank' }, image.name)])) : ''));
    }
    if (step.before || step.after) {
      parts.push(section('Screen', el('div', { class: 'screens' },
        screenText('before', step.before, step), screenText('after', step.after, step))));
    }
    if (step.situation) parts.push(section('Situation report', el('pre', { class: 'situation' }, step.situation)));
    if (step.candidates) parts.push(section(`Candidates for ${step.candidates.target || 'the target'}${step.candidates.ambiguous ? ' (ambiguous)' : ''}`, candidatesTable(step.candidates)));
    if (Object.keys(step.params).length) parts.push(section('Parameters', el('pre', { class: 'params' }, JSON.stringify(step.params, null, 2))));
    if (step.children.length) {
      parts.push(section(`Ran ${plural(step.children.length, 'action')}`, el('ol', { class: 'children' }, step.children.map((child) => {
        const i = state.steps.indexOf(child);
        return el('li', {}, el('button', { type: 'button', class: 'link', onclick: () => { focusStep(i); openStep(i, true); } },
          `${STEP_ICONS[child.status] || '?'} ${child.name}${child.label ? ` "${child.label}"` : ''}`), ` ${ms(child.duration_ms)}`);
      }))));
    }
    return parts;
  }

  function section(title, ...body) {
    return el('section', { class: 'part' }, el('h3', {}, title), ...body);
  }

  function agentParts(step) {
    const a = step.agent;
    const parts = [el('p', { class: 'agent-summary' }, [
      a.path ? `served by ${a.path === 'rules' ? 'the offline rules' : a.path === 'cache' ? 'the plan cache' : 'a model'}` : 'ended before deciding',
      a.cache && a.cache !== 'off' ? `cache ${a.cache}` : null,
      plural(step.children.length, 'action'),
      plural(a.llm.length, 'model call'),
      a.tokens ? `${a.tokens} tokens` : null,
    ].filter(Boolean).join(' · '), a.reason ? el('span', { class: 'reason' }, ` — ${a.reason}`) : '')];
    if (a.decisions.length) {
      parts.push(section('Decisions', el('ol', { class: 'decisions' }, a.decisions.map((d) => el('li', {},
        el('span', { class: 'tag' }, d.role), el('span', { class: `tag path-${d.path}` }, d.path), ` ${d.reason}`,
        d.refs.length ? el('span', { class: 'refs' }, ` cites ${d.refs.join(', ')}`) : '',
        d.actions.length ? el('ul', { class: 'actions' }, d.actions.map((action) => el('li', {}, el('code', {}, `${action.name || '?'} ${JSON.stringify(action.params || {})}`)))) : '',
        d.data ? el('details', {}, el('summary', {}, 'detail'), el('pre', {}, JSON.stringify(d.data, null, 2))) : '',
      )))));
    }
    if (a.llm.length) {
      parts.push(section('Model calls', ...a.llm.map((call) => el('div', { class: 'llm' },
        el('div', {}, el('span', { class: 'tag' }, call.role), ` ${call.model} · ${call.tokens_in} in + ${call.tokens_out} out tokens · ${ms(call.duration_ms)}`, call.cost_usd ? ` · $${call.cost_usd.toFixed(6)}` : ''),
        el('details', {}, el('summary', {}, `Prompt${call.prompt === null ? ' (file missing)' : ` (${call.prompt.length} chars)`}`), el('pre', {}, call.prompt || '')),
        el('details', {}, el('summary', {}, `Answer${call.answer === null ? ' (file missing)' : ''}`), el('pre', {}, call.answer || '')),
      ))));
    }
    return parts;
  }

  function screenText(phase, screen, step) {
    if (!screen) return el('div', { class: 'screen' }, el('h4', {}, phase), el('p', { class: 'empty' }, 'not recorded'));
    const chosen = step.candidates && step.candidates.list[step.candidates.chosen ?? 0];
    const pre = el('pre', {});
    // The chosen element's line stands out, so the screen reads against the target.
    for (const line of screen.text.split('\n')) {
      const ref = /^\s*(e\d+)\s/.exec(line);
      pre.append(chosen && ref && ref[1] === chosen.ref ? el('mark', {}, line) : line, '\n');
    }
    return el('div', { class: 'screen' }, el('h4', {}, phase, screen.app ? el('span', { class: 'app' }, ` ${screen.app}`) : ''), pre);
  }

  function candidatesTable(c) {
    return el('table', { class: 'candidates' },
      el('thead', {}, el('tr', {}, ['', 'ref', 'label', 'score', 'why', 'bounds'].map((h) => el('th', {}, h)))),
      el('tbody', {}, c.list.map((cand, i) => el('tr', {
        class: i === c.chosen ? 'chosen' : null,
        onmouseenter: () => hover(cand.bounds), onmouseleave: () => hover(null),
      },
      el('td', {}, i === c.chosen ? '▶' : ''), el('td', {}, cand.ref || ''), el('td', {}, cand.label), el('td', { class: 'num' }, cand.score.toFixed(2)),
      el('td', {}, (cand.reasons || []).join(', ')),
      el('td', { class: 'num' }, cand.bounds ? `[${cand.bounds.left},${cand.bounds.top}][${cand.bounds.right},${cand.bounds.bottom}]` : '')))));
  }

  function targetBounds(step) {
    const c = step.candidates;
    if (!c || !c.list.length) return null;
    const chosen = c.list[c.chosen ?? 0];
    return chosen && chosen.bounds ? chosen.bounds : null;
  }

  // ---- screenshots with the target drawn on them ----

  /**
   * A screenshot with the target's bounds drawn as a box and the touch (a tap's point, a swipe's path)
   * on top, both in device pixels scaled to the picture, so they stay put at any size.
   */
  function shot(src, caption, screen, bounds, gesture) {
    const img = el('img', { src, alt: `${caption} screenshot`, loading: 'lazy' });
    const frame = el('div', { class: 'frame' }, img);
    const size = () => [(screen && screen.width) || img.naturalWidth, (screen && screen.height) || img.naturalHeight];
    const place = (box, marker) => {
      const [w, h] = size();
      if (!box || !w || !h) { marker.hidden = true; return; }
      Object.assign(marker.style, { left: `${(box.left / w) * 100}%`, top: `${(box.top / h) * 100}%`, width: `${((box.right - box.left) / w) * 100}%`, height: `${((box.bottom - box.top) / h) * 100}%` });
      marker.hidden = false;
    };
    const target = el('div', { class: 'marker', hidden: true }, gesture ? null : el('span', { class: 'dot' }));
    const hovered = el('div', { class: 'marker hover', hidden: true });
    frame.append(target, hovered);
    if (gesture && gesture.points.length) frame.append(touch(gesture));
    frame.place = (box) => place(box, hovered);
    const draw = () => place(bounds, target);
    if (screen && screen.width) draw(); else img.addEventListener('load', draw);
    return el('figure', {}, frame, el('figcaption', {}, caption, gesture ? ` · ${gesture.kind.replace('_', ' ')}${gesture.repeat > 1 ? ` ×${gesture.repeat}` : ''}` : ''));
  }

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

  function hover(bounds) {
    for (const frame of $('detail').querySelectorAll('.frame')) frame.place(bounds);
  }
})();
