// The mobiletest trace viewer, part 3 of 6: one step's detail — its timings and tokens, error with
// its evidence and suggestion, screenshots, screen text, situation report, candidates, and for an
// agent call how its outcome was verified, its decisions (with the screens they cite) and model calls.
/* global window */
'use strict';
(function () {
  const M = window.__mobiletest;
  const V = M.viewer;
  const { count, el, ms, plural, section } = V;

  V.renderStep = function renderStep(step) {
    const parts = [
      el('h2', {}, el('span', { class: `icon sv-${step.status}` }, V.STEP_ICONS[step.status] || '?'), ` ${step.name}`, step.label ? el('span', { class: 'label' }, ` ${step.label}`) : ''),
      el('div', { class: 'meta' }, ...[
        el('span', { class: `badge sv-${step.status}` }, step.recovery ? step.recovery.status : step.status),
        step.location,
        V.deviceText(step),
        step.source !== 'script' ? `by the ${step.source}` : null,
        `at +${ms(step.start_ms)}`,
        timingText(step),
        step.agent ? tokenText(step) : null,
      ].filter(Boolean).map((part) => (typeof part === 'string' ? el('span', {}, part) : part))),
    ];
    parts.push(...V.stageParts(step));
    if (step.error) parts.push(section('Error', V.errorBox(step.error)));
    if (step.agent) parts.push(...agentParts(step));
    const target = targetBounds(step);
    const candidates = step.candidates ? step.candidates.list : [];
    const screens = [
      step.before && step.before.screenshot ? V.shot({ src: step.before.screenshot, caption: 'before', screen: step.before, key: 'before', bounds: target, gesture: step.gesture, candidates }) : null,
      // The target and the touch are marked where the action met them: on the screen before, else on the one after.
      step.after && step.after.screenshot ? V.shot({ src: step.after.screenshot, caption: 'after', screen: step.after, key: 'after', candidates, ...(step.before && step.before.screenshot ? {} : { bounds: target, gesture: step.gesture }) }) : null,
    ].filter(Boolean);
    // A step's own pictures (a screenshot action's, the failure's) show when its screens have none, else as links.
    const pictures = screens.length ? [] : step.images.map((image) => V.shot({ src: image.src, caption: image.name, screen: step.after || step.before }));
    const links = screens.length ? step.images : [];
    if (screens.length || pictures.length) {
      parts.push(section('Screenshots', el('div', { class: 'shots' }, screens, pictures),
        screens.some((s) => s.dataset.elements) ? el('p', { class: 'hint' }, 'Point at the screenshot for each element\'s box and ref; point at a line of the screen text to find its element.') : '',
        links.length ? el('p', { class: 'files' }, 'Also: ', links.map((image, i) => [i ? ', ' : '', el('a', { href: image.src, target: '_blank' }, image.name)])) : ''));
    }
    if (step.before || step.after) {
      const chosen = step.candidates && step.candidates.list[step.candidates.chosen ?? 0];
      parts.push(section('Screen', el('div', { class: 'screens' },
        V.screenText({ phase: 'before', screen: step.before, key: 'before', chosen }), V.screenText({ phase: 'after', screen: step.after, key: 'after', chosen }))));
    }
    if (step.situation) parts.push(section('Situation report', el('pre', { class: 'situation' }, step.situation)));
    if (step.candidates) parts.push(section(`Candidates for ${step.candidates.target || 'the target'}${step.candidates.ambiguous ? ' (ambiguous)' : ''}`, candidatesTable(step.candidates)));
    if (Object.keys(step.params).length) parts.push(section('Parameters', el('pre', { class: 'params' }, JSON.stringify(step.params, null, 2))));
    if (step.children.length) {
      // A recovery's replay: its actions, and the checkpoint it reached again.
      const ran = step.recovery ? `Replayed ${plural(step.children.filter((c) => !c.stage).length, 'action')}` : `Ran ${plural(step.children.length, 'action')}`;
      parts.push(section(ran, el('ol', { class: 'children' }, step.children.map((child) => el('li', {},
        V.openStepButton(child, `${V.STEP_ICONS[child.status] || '?'} ${child.name}${child.label ? ` "${child.label}"` : ''}`), ` ${ms(child.duration_ms)}`)))));
    }
    return parts;
  };

  function timingText(step) {
    const t = step.timings;
    if (!t) return ms(step.duration_ms);
    const split = [`device ${ms(t.device_ms)}`, t.model_ms ? `model ${ms(t.model_ms)}` : null, `harness ${ms(t.harness_ms)}`].filter(Boolean);
    return el('span', { class: 'timings', title: 'total (device, model, harness)' }, `${ms(t.total_ms)} (${split.join(', ')})`, callsText(t.device_calls || [], t.budget));
  }

  /** The read budget: ` · 2 reads, 1 screenshot, 9 other calls`, each driver call's count and time in the tooltip. */
  function callsText(calls, summary) {
    if (calls.length === 0 || !summary) return '';
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const title = calls.map((c) => `${c.call} ×${c.count}: ${ms(c.ms)}`).join('\n');
    return el('span', { class: 'device-calls', title }, ` · ${plural(summary.reads, 'read')}, ${plural(summary.screenshots, 'screenshot')}, ${plural(summary.other, 'other call')}`);
  }

  function tokenText(step) {
    const calls = step.agent.llm || [];
    const tokensIn = calls.reduce((sum, c) => sum + c.tokens_in, 0);
    const tokensOut = calls.reduce((sum, c) => sum + c.tokens_out, 0);
    if (!step.agent.tokens) return el('span', { class: 'tokens' }, '0 tokens');
    return el('span', { class: 'tokens', title: 'tokens billed (input + output); the whole requests as sent' },
      `${count(step.agent.tokens)} tokens${tokensIn + tokensOut ? ` (${count(tokensIn)} in + ${count(tokensOut)} out)` : ''}`,
      calls.length ? ` · ${requestsText(calls)}` : '');
  }

  /** The calls' whole requests summed, saying how many a log from before requests were counted left out. */
  function requestsText(calls) {
    const missing = calls.filter((c) => !c.request_recorded).length;
    if (missing === calls.length) return 'requests not recorded';
    return `requests ${count(calls.reduce((sum, c) => sum + (c.request_recorded ? c.request_tokens : 0), 0))} tokens${missing ? ` (${missing} not recorded)` : ''}`;
  }

  // Finish reasons that mean the model ended its answer as asked; any other (length, refusal, ...) is shown.
  const NORMAL_FINISH = new Set(['stop', 'end_turn', 'stop_sequence', 'tool_use', 'tool_calls', 'function_call']);

  /** Billed tokens of some calls and where they came from: `billed 1,200 in + 50 out (provider)`, `(counted)` or `(partly counted)`. */
  function billedText(calls) {
    const sources = new Set(calls.map((c) => c.usage_source));
    const tokensIn = calls.reduce((sum, c) => sum + c.tokens_in, 0);
    const tokensOut = calls.reduce((sum, c) => sum + c.tokens_out, 0);
    return `billed ${count(tokensIn)} in + ${count(tokensOut)} out (${sources.size > 1 ? 'partly counted' : [...sources][0]})`;
  }

  /** One model call's head line: role, model, the whole request, the tokens billed, an unusual finish, time, cost. */
  function callLine(call) {
    const unusualFinish = call.finish && !NORMAL_FINISH.has(call.finish.toLowerCase());
    return el('div', { class: 'llm-head' },
      el('span', { class: 'tag' }, call.role), ` ${call.model}`, call.profile ? el('span', { class: 'profile' }, ` (${call.profile})`) : '',
      ' · ', el('span', { class: 'llm-request', title: 'tokens (o200k) of the whole request as sent: messages, schema or tools, images' },
        call.request_recorded ? `request ${count(call.request_tokens)} tokens` : `request not recorded (${count(call.request_tokens)} billed in)`),
      ' · ', el('span', { class: 'llm-billed', title: call.usage_source === 'counted' ? 'the provider reported no usage: mobiletest counted these' : 'as the provider reported them' }, billedText([call])),
      unusualFinish ? [' · ', el('span', { class: 'llm-finish' }, `finished: ${call.finish}`)] : '',
      ` · ${ms(call.duration_ms)}`, call.cost_usd ? ` · $${call.cost_usd.toFixed(6)}` : '');
  }

  /** An error with the facts that decided its category and what to do about it. */
  V.errorBox = function errorBox(error) {
    return el('div', { class: 'error' },
      el('strong', {}, error.name),
      error.category ? el('span', { class: `badge cat-${error.category}` }, error.category) : '',
      el('pre', {}, error.message),
      error.evidence && error.evidence.length ? el('div', { class: 'evidence' }, el('h4', {}, 'Evidence'), el('ul', {}, error.evidence.map((line) => el('li', {}, line)))) : '',
      error.suggestion ? el('p', { class: 'suggestion' }, el('strong', {}, 'Suggestion: '), error.suggestion) : '',
    );
  };

  function agentParts(step) {
    const a = step.agent;
    const parts = [el('p', { class: 'agent-summary' }, [
      a.path ? `served by ${a.path === 'rules' ? 'the offline rules' : a.path === 'cache' ? 'the plan cache' : 'a model'}` : 'ended before deciding',
      a.cache && a.cache !== 'off' ? `cache ${a.cache}` : null,
      plural(step.children.length, 'action'),
      plural(a.llm.length, 'model call'),
      a.llm.length ? requestsText(a.llm) : null,
      a.llm.length ? billedText(a.llm) : a.tokens ? `${count(a.tokens)} tokens` : null,
    ].filter(Boolean).join(' · '), a.reason ? el('span', { class: 'reason' }, ` — ${a.reason}`) : '')];
    const cited = citedScreens(a.decisions);
    const seen = a.verification && a.verification.seen;
    if (a.verification) parts.push(verificationPart(a.verification, seen ? cited.find((c) => sameScreen(c.screen, seen)) : undefined));
    if (a.decisions.length) {
      parts.push(section('Decisions', el('ol', { class: 'decisions' }, a.decisions.map((d) => el('li', {},
        el('span', { class: 'tag' }, d.role), el('span', { class: `tag path-${d.path}` }, d.path), ` ${d.reason}`,
        d.refs.length ? el('span', { class: 'refs' }, ' cites ', d.refs.map((ref, i) => [i ? ', ' : '', el('code', { class: 'ref' }, ref)])) : '',
        d.actions.length ? el('ul', { class: 'actions' }, d.actions.map((action) => el('li', {}, el('code', {}, `${action.name || '?'} ${JSON.stringify(action.params || {})}`)))) : '',
        d.data ? el('details', {}, el('summary', {}, 'detail'), el('pre', {}, JSON.stringify(d.data, null, 2))) : '',
      )))));
    }
    // The screen the verification was read on is shown with it, not again here.
    const others = cited.filter((c) => !seen || !sameScreen(c.screen, seen));
    if (others.length) {
      parts.push(section('Cited on screen', el('div', { class: 'cited-screens' }, others.map(({ screen, roles }, k) => el('div', { class: 'cited-screen' },
        screen.screenshot ? V.shot({ src: screen.screenshot, caption: `seen by the ${roles.join(' and ')}`, screen, key: `cited-${k}` }) : '',
        V.screenText({ phase: `seen by the ${roles.join(' and ')}`, screen, key: `cited-${k}` }),
      )))));
    }
    if (a.llm.length) {
      parts.push(section('Model calls', ...a.llm.map((call) => el('div', { class: 'llm' },
        callLine(call),
        el('details', {}, el('summary', {}, `Prompt${call.prompt === null ? ' (file missing)' : ` (${call.prompt.length} chars)`}`), el('pre', {}, call.prompt || '')),
        el('details', {}, el('summary', {}, `Answer${call.answer === null ? ' (file missing)' : ''}`), el('pre', {}, call.answer || '')),
        // The picture the model was sent: the screen annotated with each element's ref.
        (call.pictures || []).length
          ? el('details', {}, el('summary', {}, `Picture sent (${call.pictures.length})`), call.pictures.map((src, k) => el('img', { class: 'llm-picture', src, alt: `picture ${k + 1} sent to the ${call.role}`, loading: 'lazy' })))
          : '',
      ))));
    }
    return parts;
  }

  /**
   * How the outcome was read off the screen: verified or not, by which rule or check, what was checked,
   * what was missing, on which screen with which refs (pointing at one draws its box), and that screen.
   * `cited` is the same screen as decisions cited on it, for the roles that did.
   */
  function verificationPart(v, cited) {
    const key = 'verified';
    const caption = `${v.held ? 'verified' : 'checked'} on${cited ? ` · cited by the ${cited.roles.join(' and ')}` : ''}`;
    const refs = v.refs.map((ref, i) => [i ? ', ' : '', el('code', {
      class: 'ref', onmouseenter: v.seen ? () => V.showRef(key, ref) : null, onmouseleave: v.seen ? () => V.showRef(key, null) : null,
    }, ref)]);
    return section('Verification', el('div', { class: `verification ${v.held ? 'held' : 'not-held'}` },
      el('p', { class: 'verdict' }, el('span', { class: `badge ${v.held ? 'sv-OK' : 'sv-FAIL'}` }, v.held ? 'verified' : 'not verified'),
        ` by ${v.by}${v.rule ? ` ${JSON.stringify(v.rule)}` : ''}: `, el('strong', { class: 'check' }, v.check)),
      !v.held && v.missing ? el('p', { class: 'missing' }, el('strong', {}, 'Missing: '), v.missing) : '',
      el('p', { class: 'where' }, 'on ', el('span', { class: 'on' }, v.screen), refs.length ? [' · refs ', refs] : ''),
      v.seen
        ? el('div', { class: 'cited-screen' },
          v.seen.screenshot ? V.shot({ src: v.seen.screenshot, caption, screen: v.seen, key }) : '',
          V.screenText({ phase: caption, screen: v.seen, key }))
        : el('p', { class: 'hint' }, 'That screen is not among the ones the log recorded.')));
  }

  const sameScreen = (a, b) => a.text === b.text && a.screenshot === b.screenshot;

  /** The distinct screens decisions citing refs were made on, with the roles that cited on each. */
  function citedScreens(decisions) {
    const found = [];
    for (const d of decisions) {
      if (!d.screen || !d.refs.length) continue;
      const same = found.find((f) => sameScreen(f.screen, d.screen));
      if (same) { if (!same.roles.includes(d.role)) same.roles.push(d.role); } else found.push({ screen: d.screen, roles: [d.role] });
    }
    return found;
  }

  /**
   * The screen text, a line per element: the chosen target's line and the lines of cited refs marked;
   * pointing at an element's line shows its box on the screenshot with the same key.
   */
  V.screenText = function screenText({ phase, screen, key, chosen }) {
    if (!screen) return el('div', { class: 'screen' }, el('h4', {}, phase), el('p', { class: 'empty' }, 'not recorded'));
    const cited = new Set(screen.cited || []);
    const pre = el('pre', { 'data-screen': key });
    for (const line of screen.text.split('\n')) {
      const match = /^\s*(e\d+)\s/.exec(line);
      const ref = match ? match[1] : null;
      if (!ref) { pre.append(line, '\n'); continue; }
      const classes = ['line', chosen && ref === chosen.ref ? 'chosen' : '', cited.has(ref) ? 'cited' : ''].filter(Boolean).join(' ');
      pre.append(el(chosen && ref === chosen.ref ? 'mark' : 'span', {
        class: classes, 'data-ref': ref,
        onmouseenter: () => V.showRef(key, ref), onmouseleave: () => V.showRef(key, null),
      }, line), '\n');
    }
    return el('div', { class: 'screen' }, el('h4', {}, phase, screen.app ? el('span', { class: 'app' }, ` ${screen.app}`) : ''), pre);
  };

  function candidatesTable(c) {
    return el('table', { class: 'candidates' },
      el('thead', {}, el('tr', {}, ['', 'ref', 'label', 'score', 'why', 'bounds'].map((h) => el('th', {}, h)))),
      el('tbody', {}, c.list.map((cand, i) => el('tr', {
        class: i === c.chosen ? 'chosen' : null,
        onmouseenter: () => V.hover(cand.bounds), onmouseleave: () => V.hover(null),
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
})();
