import FlowReports

/// The studio's one page: HTML, CSS and script inline, no build step, nothing fetched but its own server's
/// `/api/view` and `/api/action`. Every text from the flows is inserted with `textContent` (never as markup);
/// only the flow picture, which flowc itself renders with every text escaped, is inserted as SVG.
let studioPage: String = """
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>flowc studio</title>
<style>
:root { --green: #1a7f37; --red: #cf222e; --amber: #9a6700; --grey: #6e7781; --line: #d0d7de; --soft: #f6f8fa; --blue: #0969da; }
* { box-sizing: border-box; }
body { font: 14px/1.45 -apple-system, system-ui, 'Segoe UI', sans-serif; margin: 0; color: #1f2328; background: #eef1f4; }
header { background: #1f2328; color: #fff; padding: .5rem 1rem; display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 1rem; margin: 0; } header .where { font-weight: 600; }
header button { background: #32383f; color: #fff; border: 1px solid #57606a; }
main { display: grid; grid-template-columns: minmax(300px, 380px) 1fr; gap: 1rem; padding: 1rem; }
@media (max-width: 900px) { main { grid-template-columns: 1fr; } }
section.panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: .6rem .9rem; margin-bottom: 1rem; }
section.panel h2 { font-size: .95rem; margin: .1rem 0 .5rem; color: #3d444d; }
.phone { background: #fff; border: 10px solid #1f2328; border-radius: 28px; min-height: 560px; padding: 1rem; position: relative; overflow: hidden; }
.phone .screen-id { font: 12px ui-monospace, monospace; color: var(--grey); }
.phone h2 { margin: .2rem 0 .6rem; font-size: 1.25rem; }
.phone .variant { display: inline-block; background: #ddf4ff; border-radius: 1rem; padding: 0 .5rem; font-size: 80%; }
.phone .texts p { margin: .2rem 0; } .phone .texts .name { font: 11px ui-monospace, monospace; color: var(--grey); display: block; }
.phone label { display: block; margin: .6rem 0 .1rem; font-weight: 600; }
.phone input[type=text], .phone select { width: 100%; padding: .45rem; border: 1px solid #8c959f; border-radius: 6px; font: inherit; }
.phone .error { color: var(--red); font-size: 90%; margin: .15rem 0; }
.phone .events { margin-top: 1rem; display: flex; flex-direction: column; gap: .4rem; }
button { font: inherit; padding: .4rem .8rem; border-radius: 6px; border: 1px solid var(--line); background: var(--soft); cursor: pointer; }
button.primary { background: var(--blue); color: #fff; border-color: var(--blue); }
button:disabled { opacity: .5; cursor: not-allowed; }
.phone button.global { background: #fff; border-style: dashed; }
.reason { font-size: 85%; color: var(--grey); margin: -.2rem 0 .2rem; }
.sheet { position: absolute; left: 0; right: 0; bottom: 0; background: #fff; border-top: 1px solid var(--line); border-radius: 16px 16px 0 0; box-shadow: 0 -6px 24px rgba(0,0,0,.2); padding: 1rem; }
.notifications { position: fixed; right: 1rem; top: 3.5rem; display: flex; flex-direction: column; gap: .4rem; z-index: 5; }
.notification { background: #1f2328; color: #fff; padding: .5rem .8rem; border-radius: 8px; max-width: 22rem; box-shadow: 0 2px 8px rgba(0,0,0,.3); }
.notification .kind { font-size: 75%; text-transform: uppercase; color: #afb8c1; display: block; }
.banner { padding: .5rem .8rem; border-radius: 6px; margin: 0 1rem; }
.banner.error { background: #ffebe9; border: 1px solid #ffcecb; }
.banner.notice { background: #ddf4ff; border: 1px solid #b6e3ff; }
pre.diagnostics { background: #fff8f8; border: 1px solid #ffcecb; padding: .6rem; overflow-x: auto; margin: .5rem 1rem; white-space: pre-wrap; }
table { border-collapse: collapse; width: 100%; } th, td { border-bottom: 1px solid var(--line); padding: .2rem .4rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
tr.changed td { background: #fff8c5; }
#state { max-height: 26rem; overflow: auto; } td.derived { color: var(--grey); }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
pre.recording { background: var(--soft); padding: .5rem; max-height: 18rem; overflow: auto; white-space: pre; }
.status { font-weight: 700; } .status.passed { color: var(--green); } .status.failed { color: var(--red); } .status.uncovered { color: var(--amber); } .status.not-automatable { color: var(--grey); }
.row { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; margin: .3rem 0; }
.picture { overflow: auto; max-height: 70vh; }
.picture svg.flow-picture { max-width: none; }
\(StudioReportViews.pictureCSS)
svg.flow-picture g.node.visited .frame { stroke: #8250df; stroke-width: 2; stroke-dasharray: none; }
svg.flow-picture g.node.current .frame { fill: #fff8c5; stroke: #9a6700; stroke-width: 4; stroke-dasharray: none; }
</style>
</head>
<body>
<header>
  <h1>flowc studio</h1>
  <span class="where" id="where"></span>
  <span id="clock"></span>
  <button type="button" id="back">Back</button>
  <button type="button" id="undo">Undo</button>
  <button type="button" id="restart" title="Close the app and launch it again: persisted state stays">Restart app</button>
  <button type="button" id="reset" title="Start the walk over">Start over</button>
</header>
<div id="banners"></div>
<div class="notifications" id="notifications" aria-live="polite"></div>
<main>
  <div>
    <div class="phone" id="phone"></div>
    <section class="panel" id="calls-panel"><h2>Service calls waiting</h2><div id="calls"></div></section>
    <section class="panel"><h2>Clock and timers</h2><div id="timers"></div>
      <div class="row"><button type="button" id="next-timer">Advance to the next timer</button>
      <input type="text" id="advance-by" size="6" placeholder="30s"><button type="button" id="advance">Advance</button></div></section>
  </div>
  <div>
    <section class="panel"><h2>Flow</h2><div class="picture" id="picture"></div></section>
    <section class="panel"><h2>Criteria about this screen</h2><div id="criteria"></div></section>
    <section class="panel"><h2>Scenarios</h2>
      <div class="row"><select id="scenario-list" aria-label="Scenario to open"></select><button type="button" id="open">Open and step through</button>
      <button type="button" id="next-step">Next step</button><span id="scenario-progress" class="reason"></span></div></section>
    <section class="panel"><h2>Recording</h2>
      <div class="row"><button type="button" id="expect">Expect this</button>
      <input type="text" id="scenario-name" placeholder="scenario_name" value="recorded_walk">
      <button type="button" id="save" class="primary">Save into the app's scenarios</button>
      <button type="button" id="download">Download YAML</button></div>
      <pre class="recording" id="recording"></pre></section>
    <section class="panel"><h2>State and derived values</h2><div id="state"></div></section>
    <section class="panel"><h2>Last step</h2><div id="last-step"></div></section>
  </div>
</main>
<script>
"use strict";
let view = null;
let queue = Promise.resolve();
function el(tag, attributes, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) { if (value !== undefined && value !== null) node.setAttribute(key, value); }
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}
function request(action) {
  queue = queue.then(async () => {
    const response = await fetch('/api/action', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(action) });
    render(await response.json());
  }).catch((error) => showBanner('error', 'The studio did not answer: ' + error));
  return queue;
}
async function refresh() {
  try { const response = await fetch('/api/view'); render(await response.json()); } catch (error) { showBanner('error', 'The studio did not answer: ' + error); }
}
function showBanner(kind, text) {
  const banners = document.getElementById('banners');
  banners.appendChild(el('p', { class: 'banner ' + kind, role: kind === 'error' ? 'alert' : 'status' }, text));
}
function render(next) {
  view = next;
  document.getElementById('where').textContent = view.appName + ' · ' + view.screen + ' · ' + view.screenName + (view.variant ? ' (' + view.variant + ')' : '');
  document.getElementById('clock').textContent = '+' + Math.floor(view.clockMilliseconds / 1000) + 's';
  document.getElementById('back').hidden = view.backBlocked;
  document.getElementById('undo').disabled = !view.canUndo;
  const banners = document.getElementById('banners');
  banners.replaceChildren();
  if (view.error) showBanner('error', view.error);
  if (view.notice) showBanner('notice', view.notice);
  if (view.diagnostics) banners.appendChild(el('pre', { class: 'diagnostics', role: 'alert' }, 'The edited flows do not check; the walk stays on the last good version:\\n' + view.diagnostics));
  renderPhone();
  renderCalls();
  renderTimers();
  renderPicture();
  renderCriteria();
  document.getElementById('recording').textContent = view.recording.join('\\n') || '(click through the app: each step is recorded here)';
  renderScenarios();
  renderState();
  renderLastStep();
  renderNotifications();
}
function renderPhone() {
  const phone = document.getElementById('phone');
  phone.replaceChildren();
  const container = view.presentation === 'screen' ? phone : phone.appendChild(el('div', { class: 'sheet', role: 'dialog', 'aria-label': view.screenName }));
  container.appendChild(el('div', { class: 'screen-id', 'data-testid': 'screen-id' }, view.screen + (view.step ? ' · step ' + view.step : '') + (view.presentation !== 'screen' ? ' · ' + view.presentation : '')));
  const title = container.appendChild(el('h2', { 'data-testid': 'screen-name' }, view.screenName + ' '));
  if (view.variant) title.appendChild(el('span', { class: 'variant' }, view.variant));
  if (view.ended) container.appendChild(el('p', { class: 'reason' }, 'The run ended: ' + view.ended));
  const texts = container.appendChild(el('div', { class: 'texts' }));
  for (const text of view.texts) {
    const paragraph = texts.appendChild(el('p'));
    paragraph.appendChild(el('span', { class: 'name' }, text.name));
    paragraph.appendChild(document.createTextNode(text.type));
  }
  for (const field of view.fields) {
    const id = 'field-' + field.name;
    container.appendChild(el('label', { for: id }, field.label));
    let input;
    if (field.options.length > 0 && field.kind !== 'multi_choice') {
      input = el('select', { id: id, 'data-field': field.name });
      input.appendChild(el('option', { value: '' }, '— choose —'));
      for (const option of field.options) {
        const item = input.appendChild(el('option', { value: option.value }, option.label));
        if (option.value === field.value) item.selected = true;
      }
    } else if (field.kind === 'checkbox') {
      input = el('input', { id: id, type: 'checkbox', 'data-field': field.name });
      input.checked = field.value === 'true';
    } else {
      input = el('input', { id: id, type: 'text', 'data-field': field.name, autocomplete: 'off',
                            placeholder: field.kind === 'multi_choice' ? field.options.map(o => o.value).join(', ') : (field.placeholder || field.kind) });
      input.value = field.value;
    }
    input.addEventListener('change', () => {
      const value = input.type === 'checkbox' ? String(input.checked) : input.value;
      request({ do: 'fill', field: field.name, value: value });
    });
    container.appendChild(input);
    if (field.error) container.appendChild(el('p', { class: 'error', 'data-testid': 'error-' + field.name }, field.error));
  }
  const events = container.appendChild(el('div', { class: 'events' }));
  for (const event of view.events) {
    const button = events.appendChild(el('button', { type: 'button', 'data-event': event.name, class: event.global ? 'global' : 'primary',
                                                      title: event.reason || (event.global ? 'a transition of the whole flow or app' : '') }, event.name));
    button.disabled = !event.enabled;
    if (!event.enabled) events.appendChild(el('p', { class: 'reason' }, event.reason));
    button.addEventListener('click', () => {
      let payload = null;
      if (event.payload.length > 0) {
        payload = {};
        for (const field of event.payload) {
          const value = window.prompt('Payload of ' + event.name + ': ' + field.name + ' (' + field.type + ')');
          if (value === null) return;
          payload[field.name] = value;
        }
      }
      request({ do: 'send', event: event.name, payload: payload });
    });
  }
  if (view.events.length === 0 && !view.terminal) events.appendChild(el('p', { class: 'reason' }, 'Nothing to tap: wait for a service call or a timer.'));
}
function renderCalls() {
  const calls = document.getElementById('calls');
  calls.replaceChildren();
  if (view.pending.length === 0) { calls.appendChild(el('p', { class: 'reason' }, 'None.')); return; }
  for (const call of view.pending) {
    calls.appendChild(el('p', {}, call.operation));
    const row = calls.appendChild(el('div', { class: 'row' }));
    for (const outcome of call.outcomes) {
      const inputs = outcome.output.map((field) => {
        const input = el('input', { type: 'text', size: 10, placeholder: field.name + ' (' + field.type + ')', 'data-output': call.operation + ':' + outcome.name + ':' + field.name });
        return [field.name, input];
      });
      const button = row.appendChild(el('button', { type: 'button', 'data-outcome': call.operation + ':' + outcome.name }, outcome.name));
      for (const [name, input] of inputs) { const label = row.appendChild(el('label', { class: 'reason' }, name)); label.appendChild(input); }
      button.addEventListener('click', () => {
        const output = {};
        for (const [name, input] of inputs) { if (input.value !== '') output[name] = input.value; }
        request({ do: 'outcome', operation: call.operation, outcome: outcome.name, output: Object.keys(output).length ? output : null });
      });
    }
  }
}
function renderTimers() {
  const timers = document.getElementById('timers');
  timers.replaceChildren();
  if (view.timers.length === 0) timers.appendChild(el('p', { class: 'reason' }, 'No timer running.'));
  for (const timer of view.timers) timers.appendChild(el('p', {}, 'after ' + timer.delay + ': fires in ' + Math.ceil(timer.remainingMilliseconds / 1000) + 's'));
  document.getElementById('next-timer').disabled = view.timers.length === 0;
}
function renderPicture() {
  const picture = document.getElementById('picture');
  // The SVG is flowc's own rendering of the flows, every text in it escaped by flowc.
  picture.innerHTML = view.picture;
  const visited = new Set(view.path);
  for (const link of picture.querySelectorAll('a[href^="#screen-"]')) {
    const id = decodeURIComponent(link.getAttribute('href').slice('#screen-'.length));
    const node = link.querySelector('g.node');
    if (!node) continue;
    if (id === view.screen) { node.classList.add('current'); node.setAttribute('data-current', 'true'); }
    else if (visited.has(id)) node.classList.add('visited');
    link.removeAttribute('href');
  }
  // Centre the current screen inside the picture's own scroll box (the page itself does not move).
  const current = picture.querySelector('[data-current]');
  if (current) {
    const box = picture.getBoundingClientRect();
    const node = current.getBoundingClientRect();
    picture.scrollLeft += node.left - box.left - (box.width - node.width) / 2;
    picture.scrollTop += node.top - box.top - (box.height - node.height) / 2;
  }
}
function renderCriteria() {
  const criteria = document.getElementById('criteria');
  criteria.replaceChildren();
  if (view.criteria.length === 0) criteria.appendChild(el('p', { class: 'reason' }, 'No criterion names this screen.'));
  for (const criterion of view.criteria) {
    const paragraph = criteria.appendChild(el('p'));
    paragraph.appendChild(el('span', { class: 'status ' + criterion.status }, criterion.id + ' ' + criterion.status));
    paragraph.appendChild(document.createTextNode(' ' + criterion.text));
  }
}
function renderScenarios() {
  const list = document.getElementById('scenario-list');
  if (list.childElementCount !== view.scenarios.length) {
    list.replaceChildren(...view.scenarios.map((name) => el('option', { value: name }, name)));
  }
  const opened = view.openedScenario;
  if (opened && list.value !== opened) list.value = opened;
  document.getElementById('next-step').hidden = !opened;
  document.getElementById('scenario-progress').textContent = opened
    ? opened + ': ' + (view.openedNextStep >= view.openedSteps ? 'every step ran' : 'next is step ' + (view.openedNextStep + 1) + ' of ' + view.openedSteps)
    : '';
  document.getElementById('save').disabled = !!opened;
}
function renderState() {
  const state = document.getElementById('state');
  const table = el('table');
  table.appendChild(el('tr')).append(el('th', {}, 'name'), el('th', {}, 'value'));
  for (const value of view.state) {
    const row = table.appendChild(el('tr', { class: value.changed ? 'changed' : '' }));
    row.append(el('td', { class: value.derived ? 'derived' : '' }, value.name + (value.derived ? ' (derived)' : '')), el('td', {}, value.value));
  }
  state.replaceChildren(table);
}
function renderLastStep() {
  const last = document.getElementById('last-step');
  last.replaceChildren();
  for (const line of view.transitions) last.appendChild(el('p', {}, line));
  for (const effect of view.effects) last.appendChild(el('p', {}, effect.kind + ': ' + effect.value));
  if (last.childElementCount === 0) last.appendChild(el('p', { class: 'reason' }, 'Nothing yet.'));
}
function renderNotifications() {
  const box = document.getElementById('notifications');
  box.replaceChildren();
  for (const effect of view.effects.filter((e) => e.kind === 'toast' || e.kind === 'push')) {
    const note = box.appendChild(el('div', { class: 'notification', 'data-testid': effect.kind }));
    note.appendChild(el('span', { class: 'kind' }, effect.kind));
    note.appendChild(document.createTextNode(effect.value));
  }
}
document.getElementById('back').addEventListener('click', () => request({ do: 'back' }));
document.getElementById('undo').addEventListener('click', () => request({ do: 'undo' }));
document.getElementById('restart').addEventListener('click', () => request({ do: 'restart' }));
document.getElementById('reset').addEventListener('click', () => request({ do: 'reset' }));
document.getElementById('next-timer').addEventListener('click', () => request({ do: 'advance-to-next-timer' }));
document.getElementById('advance').addEventListener('click', () => request({ do: 'advance', by: document.getElementById('advance-by').value }));
document.getElementById('open').addEventListener('click', () => request({ do: 'open', scenario: document.getElementById('scenario-list').value }));
document.getElementById('next-step').addEventListener('click', () => request({ do: 'next-step' }));
document.getElementById('expect').addEventListener('click', () => request({ do: 'expect' }));
document.getElementById('save').addEventListener('click', () => request({ do: 'save', name: document.getElementById('scenario-name').value }));
document.getElementById('download').addEventListener('click', () => {
  const name = document.getElementById('scenario-name').value || 'recorded_walk';
  const text = view.scenarioYAML.replace(/^  recorded_walk:/m, '  ' + name + ':');
  const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/yaml' })), download: name + '.flow.yaml' });
  document.body.appendChild(link); link.click(); link.remove();
});
// A flow file saved in an editor shows here within a second or two.
setInterval(() => { queue = queue.then(refresh); }, 1500);
refresh();
</script>
</body>
</html>
"""
