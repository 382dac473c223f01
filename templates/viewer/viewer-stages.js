// The mobiletest trace viewer, part 4 of 6: a test's devices and stages — one lane per device in time
// (role and serial; a click shows that device's steps only), each step's device on its row, a
// checkpoint as the end of a stage, a recovery as a block of what failed and what it replayed (its
// replayed actions folded under it), and a test resumed from an earlier run's checkpoint.
/* global window */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { $, el, ms, plural, state } = V;

  /** Every step, depth first. */
  V.allOf = (steps) => steps.flatMap((step) => [step, ...V.allOf(step.children)]);
  V.devicesText = (devices) => `devices ${Object.entries(devices).map(([role, serial]) => `${role} ${serial}`).join(' · ')}`;
  V.recoveredText = (n) => `passed after ${n} ${n === 1 ? 'recovery' : 'recoveries'}`;

  /** A device's colour: its place among the test's roles. */
  const colour = (role) => `dev-${Math.max(0, Object.keys(state.test.trace.devices || {}).indexOf(role)) % 4}`;

  /** The lanes and the device filter of a test that drives several devices, and the note of a resumed test. */
  V.renderStages = function renderStages(test) {
    const { lanes, resume } = test.trace;
    const notice = $('resume');
    notice.hidden = !resume;
    if (resume) {
      notice.replaceChildren(el('strong', {}, 'Resumed'), ` from checkpoint "${resume.checkpoint}"${resume.run_id ? ` of run ${resume.run_id}` : ''}: `,
        `${plural(resume.steps, 'step')} replayed to reach it; the steps before it ran in that run.`);
    }
    const box = $('lanes');
    box.hidden = !lanes;
    if (!lanes) { box.replaceChildren(); return; }
    const total = Math.max(1, lanes.total_ms);
    const filter = el('div', { class: 'lane-filter', role: 'group', 'aria-label': 'Show the steps of' },
      el('button', { type: 'button', 'data-device': '', 'aria-pressed': 'true', onclick: () => V.filterDevice(null) }, 'All devices'),
      lanes.devices.map((lane) => el('button', { type: 'button', 'data-device': lane.role, 'aria-pressed': 'false', class: colour(lane.role), onclick: () => V.filterDevice(lane.role) }, lane.role)));
    box.replaceChildren(filter, ...lanes.devices.map((lane) => el('div', { class: `lane ${colour(lane.role)}`, 'data-device': lane.role },
      el('span', { class: 'lane-label', title: `${lane.role} is ${lane.serial}` }, el('strong', {}, lane.role), ` ${lane.serial}`),
      el('div', { class: 'lane-track' }, lane.spans.map((span) => {
        const bar = el('button', {
          type: 'button', class: `bar sv-${span.status} kind-${span.kind}`, 'data-at': span.at,
          title: `${span.name}${span.label ? ` ${span.label}` : ''} · +${ms(span.start_ms)}, ${ms(span.duration_ms)}`,
          onclick: () => openAt(span.at),
        });
        bar.style.left = `${(span.start_ms / total) * 100}%`;
        bar.style.width = `${Math.max(0.6, (span.duration_ms / total) * 100)}%`;
        return bar;
      })))));
  };

  function openAt(at) {
    const step = V.allOf(state.test.trace.steps).find((s) => s._at === at);
    const i = step ? V.reveal(step) : -1;
    if (i < 0) return;
    V.focusStep(i);
    V.openStep(i, true);
  }

  /** Shows one device's steps (and the test's own), or every step for null. */
  V.filterDevice = function filterDevice(role) {
    state.device = role;
    for (const button of $('lanes').querySelectorAll('[data-device]')) {
      if (button.tagName === 'BUTTON') button.setAttribute('aria-pressed', String(button.dataset.device === (role || '')));
      else button.classList.toggle('dimmed', Boolean(role) && button.dataset.device !== role);
    }
    V.relayout(null);
  };

  /** The opened step's bar is marked in its lane. */
  V.markLane = function markLane(step) {
    for (const bar of $('lanes').querySelectorAll('.bar.open')) bar.classList.remove('open');
    const bar = step && $('lanes').querySelector(`.bar[data-at="${step._at}"]`);
    if (bar) bar.classList.add('open');
  };

  V.toggleFold = function toggleFold(step) {
    if (state.folded.has(step)) state.folded.delete(step);
    else state.folded.add(step);
    V.relayout(step);
  };

  /** A row's device (its role, in the device's colour), a checkpoint's flag, a recovery's fold. */
  V.stageRow = function stageRow(row, step) {
    const [icon, name, , tag] = row.children;
    if (step.device) name.prepend(el('span', { class: `chip ${colour(step.device)}`, title: `on ${step.device}` }, step.device));
    if (step.stage) {
      row.classList.add('kind-checkpoint');
      icon.textContent = '⚑';
    }
    if (step.recovery && step.children.length) {
      row.classList.add('kind-recovery');
      tag.className = 'tag fold';
      tag.textContent = `${state.folded.has(step) ? '▸' : '▾'} ${step.children.filter((c) => !c.stage).length} replayed`;
      tag.title = state.folded.has(step) ? 'show the replayed actions' : 'hide the replayed actions';
      row.setAttribute('aria-expanded', String(!state.folded.has(step)));
    } else if (step.recovery) row.classList.add('kind-recovery');
  };

  /** What a step's detail says first about its device, its stage or its recovery. */
  V.stageParts = function stageParts(step) {
    const parts = [];
    if (step.stage) {
      const s = step.stage;
      parts.push(V.section(`Stage ${s.index}`, el('p', { class: 'stage-end' },
        `Stage ${s.index} ends: `, el('strong', {}, s.name), ` after ${plural(s.steps, 'step')} on the path from the ${s.index > 1 ? 'checkpoint before' : 'launch'}`,
        s.replayed ? ' — reached again by a replay' : '', '. The screen it reached is below.')));
    }
    if (step.recovery) parts.push(recoveryPart(step));
    return parts;
  };

  V.deviceText = (step) => (step.device ? `on ${step.device}${state.test.trace.devices && state.test.trace.devices[step.device] ? ` (${state.test.trace.devices[step.device]})` : ''}` : null);

  function recoveryPart(step) {
    const r = step.recovery;
    const f = r.failure;
    const failedStep = r.failed_at === null ? null : V.allOf(state.test.trace.steps).find((s) => s._at === r.failed_at);
    const retried = r.retried_at === null ? null : V.allOf(state.test.trace.steps).find((s) => s._at === r.retried_at);
    const replay = r.replayed === null
      ? `Was replaying ${plural(r.to_checkpoint, 'step')} to checkpoint "${r.checkpoint}" when the log ended.`
      : r.replayed === r.to_checkpoint + r.in_stage
        ? `Replayed ${plural(r.to_checkpoint, 'step')} to checkpoint "${r.checkpoint}", then ${r.in_stage} in the stage, in ${ms(step.duration_ms)}.`
        : `Replayed ${r.replayed} of the ${plural(r.to_checkpoint, 'step')} to checkpoint "${r.checkpoint}" and ${r.in_stage} in the stage, in ${ms(step.duration_ms)}.`;
    const outcome = { resumed: 'Resumed: the failed step ran again', failed: 'Failed: the test failed here', unfinished: 'Did not finish' }[r.status];
    return V.section(`Recovery ${r.attempt} of ${r.limit}`, el('div', { class: `recovery recovery-${r.status}` },
      el('p', { class: 'what-failed' }, el('strong', {}, 'What failed: '), failedStep ? V.openStepButton(failedStep, `${failedStep.name}${failedStep.label ? ` "${failedStep.label}"` : ''}`) : 'a step', ' ',
        f.category ? el('span', { class: `badge cat-${f.category}` }, f.category) : '', ` ${f.name}: ${f.message}`),
      el('p', { class: 'replay' }, replay),
      el('p', { class: 'outcome' }, el('span', { class: `badge ${r.status === 'resumed' ? 'st-flaky' : r.status === 'failed' ? 'st-failed' : ''}` }, r.status), ` ${outcome}`,
        r.reason ? el('span', { class: 'reason' }, ` — ${r.reason}`) : ''),
      retried ? el('p', { class: 'retried' }, 'Then: ', V.openStepButton(retried, `${retried.name}${retried.label ? ` "${retried.label}"` : ''}`), ` ${retried.status}`) : ''));
  }
})();
