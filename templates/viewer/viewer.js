// The mobiletest trace viewer, part 6 of 6 (the entry, loaded last): the run's list of tests (filters, search), routing
// (#test/<n> opens a test, anything else the list) and the keys.
/* global window, document, location, HTMLInputElement */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { $, el, ms, plural, statusGroup, state } = V;

  M.start = function start() {
    if (!M.run) {
      $('tests').replaceChildren(el('li', { class: 'empty' }, 'data/run.js is missing: this folder is not a complete mobiletest HTML report.'));
      return;
    }
    const { run, tests } = M.run;
    const t = run.totals;
    $('run-summary').replaceChildren(
      el('span', { class: `badge run-${run.status}` }, run.status),
      ` ${plural(tests.length, 'test')} · ${t.passed} passed · ${t.failed} failed` + (t.flaky ? ` · ${t.flaky} flaky${t.recovered ? ` (${t.recovered} after recovery)` : ''}` : '') + (t.skipped ? ` · ${t.skipped} skipped` : ''),
      ` · ${ms(run.duration_ms)} · ${localTime(run.started_at)}`,
      run.agent && run.agent.llm_calls ? ` · ${plural(run.agent.llm_calls, 'model call')}, ${V.count(run.agent.tokens_in + run.agent.tokens_out)} tokens billed` : '',
    );
    for (const button of document.querySelectorAll('[data-filter]')) {
      const filter = button.dataset.filter;
      button.querySelector('.count').textContent = String(filter === 'all' ? tests.length : tests.filter((x) => statusGroup(x.status) === filter).length);
      button.addEventListener('click', () => setFilter(filter));
    }
    $('search').addEventListener('input', (event) => { state.query = event.target.value.trim().toLowerCase(); renderList(); });
    $('tests').replaceChildren(...tests.map(testRow));
    renderList();
    V.watchTimeline();
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', route);
    route();
  };

  /** 2026-11-30 13:05:09 in the reader's time zone; not toLocaleString(), whose first call costs a fresh page 50-100 ms. */
  function localTime(iso) {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return String(iso);
    const two = (n) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }

  function testRow(test) {
    const where = `${test.file}:${test.line}`;
    const title = test.title_path.length ? test.title_path.join(' › ') : test.title;
    const category = test.failure ? test.failure.category : null;
    const row = el('a', { href: `#test/${test.n}`, class: `row status-${statusGroup(test.status)}`, 'data-n': test.n },
      el('span', { class: `icon st-${statusGroup(test.status)}`, title: test.status, 'aria-label': test.status }, V.TEST_ICONS[test.status] || '?'),
      el('span', { class: 'title' }, el('span', { class: 'name' }, title), el('span', { class: 'where' }, where, test.project ? ` · ${test.project}` : '', test.retry ? ` · retry ${test.retry}` : '',
        test.recovered ? el('span', { class: 'recovered' }, ` · ${V.recoveredText(test.recovered)}`) : '')),
      el('span', { class: 'device', title: test.devices ? V.devicesText(test.devices) : 'device' }, test.devices ? Object.keys(test.devices).join(', ') : test.device || ''),
      el('span', { class: 'num', title: 'duration' }, ms(test.duration_ms)),
      el('span', { class: 'num', title: 'model tokens' }, test.tokens ? `${test.tokens} tok` : ''),
      el('span', { class: 'cat' }, category ? el('span', { class: `badge cat-${category}` }, category) : ''),
    );
    row.dataset.search = [title, where, test.device, test.devices && V.devicesText(test.devices), test.recovered && 'recovery', test.status, category, test.failure && test.failure.message, test.project].filter(Boolean).join('\n').toLowerCase();
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

  // ---- routing ----

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
    if (M.tests[n]) return V.renderTest(M.tests[n]);
    // A test's step index loads only when it is opened, so a long run's report opens fast.
    $('test-title').textContent = entry.title;
    V.clearTimeline();
    $('detail').replaceChildren(el('p', { class: 'empty' }, 'Loading…'));
    V.loadTest(n).then(() => { if (state.n === n) V.renderTest(M.tests[n]); }, (error) => { if (state.n === n) renderMissing(error.message); });
  }

  function renderMissing(message) {
    $('test-title').textContent = message;
    $('test-meta').replaceChildren();
    $('failure').hidden = true;
    V.clearTimeline();
    $('detail').replaceChildren();
  }

  // ---- keys ----

  function onKey(event) {
    const typing = event.target instanceof HTMLInputElement;
    if (state.n === null) return listKey(event, typing);
    if (event.key === 'Escape') { event.preventDefault(); location.hash = '#'; return; }
    if (typing || event.target.closest('#detail')) return;
    const last = state.steps.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'j') { event.preventDefault(); V.focusStep(Math.min(last, state.focused + 1)); }
    else if (event.key === 'ArrowUp' || event.key === 'k') { event.preventDefault(); V.focusStep(Math.max(0, state.focused - 1)); }
    else if (event.key === 'Home') { event.preventDefault(); V.focusStep(0); }
    // A recovery's replayed actions: → unfolds them, ← folds them again.
    else if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && state.steps[state.focused] && state.steps[state.focused].recovery) {
      const step = state.steps[state.focused];
      if (state.folded.has(step) === (event.key === 'ArrowRight')) { event.preventDefault(); V.toggleFold(step); }
    }
    else if (event.key === 'End') { event.preventDefault(); V.focusStep(last); }
    else if (event.key === 'PageDown' || event.key === 'PageUp') { event.preventDefault(); V.focusStep(Math.max(0, Math.min(last, state.focused + (event.key === 'PageDown' ? 15 : -15)))); }
    else if (event.key === 'Enter' && state.focused >= 0 && event.target.closest('.step, body') === event.target) { event.preventDefault(); V.openStep(state.focused, true); }
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
})();
