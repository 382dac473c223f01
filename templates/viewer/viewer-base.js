// The mobiletest trace viewer, part 1 of 6: what the other parts share (the namespace, DOM and
// number helpers, the script loader). Plain DOM, no dependencies; data comes from data/*.js scripts
// that assign to window.__mobiletest, so the report also opens from disk (file://, where fetch() is
// blocked). Every text from the report goes in through textContent, never as HTML.
/* global window, document, Node */
'use strict';
(function () {
  const M = (window.__mobiletest = window.__mobiletest || {});
  M.tests = M.tests || {};
  M.details = M.details || {};
  M.hierarchies = M.hierarchies || {};
  const V = (M.viewer = {});

  V.TEST_ICONS = { passed: '✓', failed: '✗', timedOut: '⏱', interrupted: '⊘', skipped: '○', flaky: '◐' };
  V.STEP_ICONS = { OK: '✓', FAIL: '✗', EXCEPTION: '!', RETRY: '↻', UNFINISHED: '…' };
  const FAILING = new Set(['failed', 'timedOut', 'interrupted']);
  V.CATEGORIES = {
    environment: ['Environment', 'The device, the connection or the setup failed, not the test: check the device and run again.'],
    execution: ['Execution', 'A step could not be carried out as asked (a timeout, a cancelled or broken action): look at the failed step.'],
    locator: ['Locator', 'The target was not found or was ambiguous: compare the candidates with the screen text.'],
    plan: ['Plan', 'The agent did not reach the goal with its plan: read its decisions and the screens it saw.'],
    product: ['Product defect', 'The app did not behave as the test expects (a crash, a wrong screen, a failed check): a bug for the app.'],
  };

  /** The open test's state; `steps` is every step depth first, as the timeline lists them. */
  V.state = { filter: 'all', query: '', n: null, test: null, steps: [], depth: [], index: new Map(), rows: new Map(), blocks: [], drawn: new Set(), focused: -1, opened: -1 };
  V.$ = (id) => document.getElementById(id);

  /** el('div', { class: 'x', onclick: f }, 'text', child) — children are text or nodes. */
  V.el = function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else if (key === 'class') node.className = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  };

  V.ms = function ms(value) {
    if (value === null || value === undefined) return '';
    if (value < 1000) return `${Math.round(value)} ms`;
    if (value < 60000) return `${(value / 1000).toFixed(1)} s`;
    return `${Math.floor(value / 60000)} min ${Math.round((value % 60000) / 1000)} s`;
  };
  V.plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  /** 17900 → '17,900': token counts read at a glance. */
  V.count = (n) => Number(n || 0).toLocaleString('en-US');
  V.statusGroup = (status) => (FAILING.has(status) ? 'failed' : status);
  V.section = (title, ...body) => V.el('section', { class: 'part' }, V.el('h3', {}, title), ...body);

  // ---- loading data scripts: once each, on demand ----

  const loads = new Map();

  /** Runs data/<file> once; resolves when `ready()` holds after it ran. */
  V.load = function load(src, ready) {
    if (ready()) return Promise.resolve();
    let done = loads.get(src);
    if (!done) {
      done = new Promise((resolve, reject) => {
        const script = V.el('script', { src });
        script.addEventListener('load', () => (ready() ? resolve() : reject(new Error(`${src} holds no data for this report.`))));
        script.addEventListener('error', () => reject(new Error(`${src} could not be loaded: is the report folder complete?`)));
        document.head.append(script);
      });
      // A failed load may be tried again (the file may appear once the run has finished writing).
      done.catch(() => loads.delete(src));
      loads.set(src, done);
    }
    return done;
  };

  V.loadTest = (n) => V.load(`data/test-${n}.js`, () => Boolean(M.tests[n]));

  /** The chunk of step details that holds step `i` of test `n`. */
  V.loadChunk = function loadChunk(n, c) {
    const key = `${n}-${c}`;
    return V.load(`data/test-${n}-${c}.js`, () => Boolean(M.details[key])).then(() => M.details[key]);
  };

  V.loadHierarchy = function loadHierarchy(id) {
    return V.load(`data/hierarchy-${id}.js`, () => Boolean(M.hierarchies[id])).then(() => M.hierarchies[id], () => null);
  };

  /** Step `i` of the open test with its details (screens, candidates, decisions, verification, model calls) and hierarchies loaded. */
  V.stepDetail = async function stepDetail(n, i) {
    const test = M.tests[n];
    const summary = V.state.steps[i];
    // Row i of the list as shown; its details sit at its place among all the steps (a filter or a fold hides some rows).
    const at = summary._at ?? i;
    const per = test.trace.chunk_steps;
    const chunk = await V.loadChunk(n, Math.floor(at / per));
    const detail = chunk[at % per];
    if (!detail) throw new Error(`data/test-${n}-${Math.floor(at / per)}.js has no step ${at + 1}.`);
    const verification = detail.verification || null;
    const screens = [detail.before, detail.after, ...detail.decisions.map((d) => d.screen), verification && verification.seen].filter((s) => s && s.hierarchy);
    await Promise.all(screens.map((s) => V.loadHierarchy(s.hierarchy)));
    return Object.assign({}, summary, detail, { agent: summary.agent && Object.assign({}, summary.agent, { decisions: detail.decisions, llm: detail.llm, verification }) });
  };

  /** Loads the detail chunks of steps first..last ahead of a click (the steps scrolled into view). */
  V.prefetch = function prefetch(n, first, last) {
    const test = M.tests[n];
    if (!test || last < first) return;
    const per = test.trace.chunk_steps;
    for (let c = Math.floor(first / per); c <= Math.floor(last / per); c++) V.loadChunk(n, c).catch(() => {});
  };

  V.hierarchyOf = (screen) => (screen && screen.hierarchy ? M.hierarchies[screen.hierarchy] || null : null);
})();
