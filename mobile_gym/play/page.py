"""The page of ``mobile-gym play``: hand-written HTML, CSS and JavaScript, all inline.

The phone's screen is an image the server sends over the WebSocket (``/ws``, see
``mobile_gym.play.app``). On it, a click is a tap, a drag a swipe from where the button
went down to where it came up, a press held still for ``LONG_PRESS_MS`` a long press, and
the mouse wheel a scroll at the pointer. Typing sends the text as one ``type`` command
once the keys pause (Backspace is DEL, Enter ENTER, Escape BACK). A position on the image
maps to the phone's normalised coordinates as the env maps them back: device pixel
``x = fraction * width``, normalised ``x / (width - 1)``.

The panel shows the instruction and the intermediate instructions, the last and total
reward, the events, success and the end of the episode, the step count against the cap,
the actions played, and the view hierarchy as a tree: hovering a node draws its bounds on
the screen.
"""

from __future__ import annotations

LONG_PRESS_MS = 500
"""How long a press held without moving becomes a long press."""

TYPING_PAUSE_MS = 600
"""How long typing pauses before what was typed is sent."""

_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #f3f4f6; color: #111; }
main { display: flex; gap: 16px; padding: 12px; align-items: flex-start; }
#phone { display: flex; flex-direction: column; align-items: center; gap: 8px; }
#screen { position: relative; line-height: 0; cursor: pointer; user-select: none;
  border: 6px solid #222; border-radius: 14px; background: #222; }
#screen img { height: calc(100vh - 110px); max-height: 1200px; min-height: 320px;
  border-radius: 6px; }
#overlay { position: absolute; display: none; border: 2px solid #e11d48;
  background: rgba(225, 29, 72, 0.15); pointer-events: none; }
.keys button, .row button { padding: 4px 10px; }
#panel { flex: 1; min-width: 320px; max-width: 720px; display: flex; flex-direction: column;
  gap: 8px; }
section { background: #fff; border-radius: 8px; padding: 8px 12px; }
h2 { font-size: 13px; margin: 0 0 4px; color: #555; text-transform: uppercase; }
#instruction { font-size: 16px; font-weight: 600; }
#status.success { color: #15803d; font-weight: 700; }
#status.ended { color: #b45309; font-weight: 700; }
#error { color: #b91c1c; min-height: 1.4em; }
ul { margin: 0; padding-left: 18px; max-height: 140px; overflow: auto; }
#tree { max-height: 360px; overflow: auto; font: 12px/1.5 ui-monospace, monospace; }
#tree details > div, #tree details > details { margin-left: 14px; }
#tree .node { cursor: default; white-space: nowrap; }
#tree .node:hover { background: #fde68a; }
.muted { color: #777; }
"""

_BODY = """
<main>
  <div id="phone">
    <div id="screen"><img id="shot" alt="the phone's screen" draggable="false">
      <div id="overlay"></div></div>
    <div class="keys">
      <button data-key="BACK">◁ Back</button>
      <button data-key="HOME">○ Home</button>
      <button data-key="APP_SWITCH">□ Recents</button>
      <button data-key="ENTER">⏎ Enter</button>
    </div>
  </div>
  <div id="panel">
    <section><h2>Task <span id="task" class="muted"></span></h2>
      <div id="instruction"></div>
      <ul id="instructions"></ul></section>
    <section><h2>Episode</h2>
      <div>Steps <b id="steps">0</b> of <b id="cap">-</b>
        <span class="muted">(minimum <span id="min-steps"></span>)</span></div>
      <div>Reward <b id="reward">0</b>, total <b id="total">0</b></div>
      <div id="status">in progress</div>
      <div id="error"></div>
      <div class="row">
        <button id="solution">Show solution (next step)</button>
        <button id="reset">Reset</button>
        seed <input id="seed" type="number" min="0" style="width: 7em">
        <button id="new-seed">Play seed</button>
      </div>
      <div class="row">answer <input id="answer" style="width: 14em">
        <button id="send-answer">Answer</button>
        <button data-status="complete">Done</button>
        <button data-status="infeasible">Infeasible</button></div>
      <div class="muted">recording: <span id="recording"></span></div></section>
    <section><h2>Events</h2><ul id="events"></ul></section>
    <section><h2>Actions</h2><ul id="actions"></ul></section>
    <section><h2>View hierarchy</h2><div id="tree"></div></section>
  </div>
</main>
"""

_SCRIPT = """
const LONG_PRESS_MS = %(long_press)d, TYPING_PAUSE_MS = %(typing_pause)d, DRAG_PX = 6;
const $ = (id) => document.getElementById(id);
const shot = $('shot'), screen = $('screen'), overlay = $('overlay');
let state = null, socket = null, press = null, typed = '', typingTimer = null, lastWheel = 0;
const collapsed = new Set();

function connect() {
  socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') +
    location.host + '/ws');
  socket.binaryType = 'blob';
  socket.onmessage = (message) => {
    if (typeof message.data === 'string') {
      const update = JSON.parse(message.data);
      state = update.state;
      render(update.error);
    } else {
      const old = shot.src;
      shot.src = URL.createObjectURL(message.data);
      if (old.startsWith('blob:')) URL.revokeObjectURL(old);
    }
  };
  socket.onclose = () => { $('error').textContent = 'disconnected from the server'; };
}

function send(request) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
}
function command(fields) { flushTyping(); send({op: 'command', command: fields}); }
function key(name) { command({verb: 'key', key: name}); }

function position(event) {
  const box = shot.getBoundingClientRect(), w = state.screen.width, h = state.screen.height;
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return {x: clamp((event.clientX - box.left) / box.width * w / (w - 1)),
          y: clamp((event.clientY - box.top) / box.height * h / (h - 1))};
}

screen.addEventListener('mousedown', (event) => {
  if (event.button !== 0 || !state) return;
  event.preventDefault();
  const start = position(event);
  press = {clientX: event.clientX, clientY: event.clientY, start, moved: false, done: false};
  press.timer = setTimeout(() => {
    if (press && !press.moved) {
      press.done = true;
      command({verb: 'long_press', x: start.x, y: start.y});
    }
  }, LONG_PRESS_MS);
});
window.addEventListener('mousemove', (event) => {
  if (press && Math.hypot(event.clientX - press.clientX, event.clientY - press.clientY) > DRAG_PX)
    press.moved = true;
});
window.addEventListener('mouseup', (event) => {
  if (!press) return;
  const done = press;
  press = null;
  clearTimeout(done.timer);
  if (done.done) return;
  if (done.moved) {
    const end = position(event);
    command({verb: 'swipe', x: done.start.x, y: done.start.y, x2: end.x, y2: end.y});
  } else {
    command({verb: 'click', x: done.start.x, y: done.start.y});
  }
});
screen.addEventListener('wheel', (event) => {
  event.preventDefault();
  if (!state || performance.now() - lastWheel < 350) return;
  lastWheel = performance.now();
  const at = position(event);
  const sideways = Math.abs(event.deltaX) > Math.abs(event.deltaY);
  const direction = sideways ? (event.deltaX > 0 ? 'right' : 'left')
                             : (event.deltaY > 0 ? 'down' : 'up');
  command({verb: 'scroll', direction, x: at.x, y: at.y});
}, {passive: false});

function flushTyping() {
  clearTimeout(typingTimer);
  if (!typed) return;
  const text = typed;
  typed = '';
  send({op: 'command', command: {verb: 'type', text}});
}
document.addEventListener('keydown', (event) => {
  if (event.target.closest('input, textarea, select') || event.ctrlKey || event.metaKey ||
      event.altKey) return;
  if (event.key.length === 1) {
    typed += event.key;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(flushTyping, TYPING_PAUSE_MS);
  } else if (event.key === 'Backspace') {
    if (typed) typed = typed.slice(0, -1); else key('DEL');
  } else if (event.key === 'Enter') {
    key('ENTER');
  } else if (event.key === 'Escape') {
    key('BACK');
  } else {
    return;
  }
  event.preventDefault();
});

document.querySelectorAll('[data-key]').forEach((button) =>
  button.addEventListener('click', () => key(button.dataset.key)));
document.querySelectorAll('[data-status]').forEach((button) =>
  button.addEventListener('click', () => command({verb: 'status', text: button.dataset.status})));
$('send-answer').addEventListener('click', () => command({verb: 'answer', text: $('answer').value}));
$('solution').addEventListener('click', () => { flushTyping(); send({op: 'solution'}); });
$('reset').addEventListener('click', () => { flushTyping(); send({op: 'reset'}); });
$('new-seed').addEventListener('click', () => {
  flushTyping();
  send({op: 'reset', seed: Number($('seed').value)});
});

function listItems(list, items) {
  list.replaceChildren(...items.map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }));
  list.scrollTop = list.scrollHeight;
}

function render(error) {
  $('task').textContent = state.task + ' · seed ' + state.seed + ' · ' + state.app;
  $('instruction').textContent = state.instruction;
  listItems($('instructions'), state.instructions.filter((i) => i.step > 0)
    .map((i) => 'step ' + i.step + ': ' + i.text));
  $('steps').textContent = state.agent_steps;
  $('cap').textContent = state.step_cap === null ? 'no cap' : state.step_cap;
  $('min-steps').textContent = state.min_steps;
  $('reward').textContent = +state.reward.toFixed(3);
  $('total').textContent = +state.total_reward.toFixed(3);
  const status = $('status');
  status.className = state.success ? 'success' : (state.ended ? 'ended' : '');
  status.textContent = state.success ? (state.ended ? 'Success: the episode ended' : 'Success')
    : state.ended ? (state.truncated ? 'Episode ended: the step cap was reached'
                                     : 'Episode ended without success')
    : 'in progress';
  $('error').textContent = error || state.error || state.action_error || '';
  if (document.activeElement !== $('seed')) $('seed').value = state.seed;
  $('recording').textContent = state.recording || 'off';
  listItems($('events'), state.events.map((e) =>
    'step ' + e.step + ': ' + e.event + (e.reward ? ' (+' + e.reward + ')' : '')));
  listItems($('actions'), state.actions.map((a) =>
    a.step + '. ' + (a.by === 'solution' ? '[solution] ' : '') + describe(a.command) +
    (a.error ? ' — ' + a.error : '')));
  renderTree();
  hideOverlay();
}

function describe(fields) {
  const shown = Object.entries(fields).filter(([name]) => name !== 'verb').map(([name, value]) =>
    name + '=' + (typeof value === 'number' ? value.toFixed(3) : JSON.stringify(value)));
  return fields.verb + '(' + shown.join(', ') + ')';
}

function label(node) {
  const name = node.class.split('.').pop();
  const words = [node.text && JSON.stringify(node.text), node.desc && '"' + node.desc + '"',
    node.id && '#' + node.id.split('/').pop(), node.clickable && 'clickable',
    node.checked && 'checked'].filter(Boolean);
  return name + ' ' + words.join(' ') + ' ' + JSON.stringify(node.bounds);
}

function renderTree() {
  const root = document.createElement('div');
  const parents = [root];
  state.hierarchy.forEach((node, index) => {
    const next = state.hierarchy[index + 1];
    const line = document.createElement(next && next.depth > node.depth ? 'summary' : 'div');
    line.className = 'node';
    line.dataset.index = index;
    line.textContent = label(node);
    line.addEventListener('mouseenter', () => showOverlay(node));
    line.addEventListener('mouseleave', hideOverlay);
    const parent = parents[Math.min(node.depth, parents.length - 1)];
    if (line.tagName === 'SUMMARY') {
      const group = document.createElement('details');
      group.open = !collapsed.has(index);
      group.addEventListener('toggle', () =>
        group.open ? collapsed.delete(index) : collapsed.add(index));
      group.append(line);
      parent.append(group);
      parents[node.depth + 1] = group;
      parents.length = node.depth + 2;
    } else {
      line.classList.add('leaf');
      parent.append(line);
    }
  });
  $('tree').replaceChildren(root);
}

function showOverlay(node) {
  const [left, top, right, bottom] = node.bounds;
  const sx = shot.clientWidth / state.screen.width, sy = shot.clientHeight / state.screen.height;
  Object.assign(overlay.style, {display: 'block', left: shot.offsetLeft + left * sx + 'px',
    top: shot.offsetTop + top * sy + 'px', width: (right - left) * sx + 'px',
    height: (bottom - top) * sy + 'px'});
}
function hideOverlay() { overlay.style.display = 'none'; }

connect();
"""

PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mobile-gym play</title>
<link rel="icon" href="data:,">
<style>{_STYLE}</style>
</head>
<body>
{_BODY}
<script>{_SCRIPT % {"long_press": LONG_PRESS_MS, "typing_pause": TYPING_PAUSE_MS}}</script>
</body>
</html>
"""
"""The page, whole."""
