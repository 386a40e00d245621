"""The page of ``mobile-gym play``: hand-written HTML, CSS and JavaScript, all inline.

The phone's screen is an image the server sends over the WebSocket (``/ws``, see
``mobile_gym.play.app``). On it, a click is a tap, a drag a swipe from where the button
went down to where it came up, a press held still for ``LONG_PRESS_MS`` a long press, and
the mouse wheel a scroll at the pointer; a press that starts off the image (on the frame
around it) is none of these. A position on the image maps to the phone's normalised
coordinates as the env maps them back: device pixel ``x = fraction * width``, normalised
``x / (width - 1)``.

Keyboard input goes into a hidden text box (``#typing``), focused at first, after a click
anywhere but in a field of the page, and when a key is pressed where no field, button or
tree node has the focus. What the browser puts there (keys, a paste, an input method's
committed text, a character of AltGr or Option) is sent as one ``type`` command once typing
pauses; text still being composed waits for its commit. A keydown with Ctrl and Alt that
gives a character (AltGr on Windows) types it. Backspace is DEL (or takes back the last
character not yet sent), Enter ENTER, Escape BACK, Tab TAB (Shift+Tab leaves the box) and
the arrows DPAD_*.

The panel shows the instruction and the intermediate instructions, the last and total
reward, the events, success and the end of the episode, the step count against the cap,
the actions played, and the view hierarchy as a tree: hovering a node draws its bounds on
the screen. For a task with a simulated user it has an Ask box (ASK_USER), for a task with
MCP tools a call of one of its tools with JSON arguments (MCP_CALL); the last reply and the
last tool result show below them. A seed or tool arguments the page cannot send are refused
there, nothing sent.
"""

from __future__ import annotations

from mobile_gym.play.session import MAX_SEED

LONG_PRESS_MS = 500
"""How long a press held without moving becomes a long press."""

TYPING_PAUSE_MS = 600
"""How long typing pauses before what was typed is sent."""

_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #f3f4f6; color: #111; }
main { display: flex; gap: 16px; padding: 12px; align-items: flex-start; }
#phone { position: relative; display: flex; flex-direction: column; align-items: center;
  gap: 8px; }
#typing { position: absolute; left: 50%; top: 50%; width: 1px; height: 1px; padding: 0;
  border: 0; opacity: 0; resize: none; overflow: hidden; pointer-events: none; }
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
#tool-result { margin: 0; white-space: pre-wrap; max-height: 160px; overflow: auto;
  font: 12px/1.5 ui-monospace, monospace; }
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
    <textarea id="typing" aria-label="type on the phone" autocomplete="off" autocapitalize="off"
      spellcheck="false"></textarea>
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
        seed <input id="seed" inputmode="numeric" autocomplete="off" style="width: 7em">
        <button id="new-seed">Play seed</button>
      </div>
      <div class="row">answer <input id="answer" style="width: 14em">
        <button id="send-answer">Answer</button>
        <button data-status="complete">Done</button>
        <button data-status="infeasible">Infeasible</button></div>
      <div class="muted">recording: <span id="recording"></span></div></section>
    <section id="talk" hidden><h2>User and tools</h2>
      <div class="row" id="ask-row">question <input id="question" style="width: 24em">
        <button id="ask">Ask</button></div>
      <div id="reply-row">reply: <span id="reply" class="muted">none yet</span></div>
      <div class="row" id="tool-row">tool <select id="tool"></select>
        arguments <input id="arguments" style="width: 18em" placeholder="{}">
        <button id="call">Call</button></div>
      <div id="result-row">result: <pre id="tool-result" class="muted">none yet</pre></div>
    </section>
    <section><h2>Events</h2><ul id="events"></ul></section>
    <section><h2>Actions</h2><ul id="actions"></ul></section>
    <section><h2>View hierarchy</h2><div id="tree"></div></section>
  </div>
</main>
"""

_SCRIPT = """
const LONG_PRESS_MS = %(long_press)d, TYPING_PAUSE_MS = %(typing_pause)d, DRAG_PX = 6;
const MAX_SEED = %(max_seed)d;
const KEYS = {Backspace: 'DEL', Enter: 'ENTER', Escape: 'BACK', Tab: 'TAB', ArrowUp: 'DPAD_UP',
  ArrowDown: 'DPAD_DOWN', ArrowLeft: 'DPAD_LEFT', ArrowRight: 'DPAD_RIGHT'};
const $ = (id) => document.getElementById(id);
const shot = $('shot'), screen = $('screen'), overlay = $('overlay'), typing = $('typing');
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
  socket.onclose = () => { refuse('disconnected from the server'); };
}

function send(request) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(request));
}
function command(fields) { flushTyping(); send({op: 'command', command: fields}); }
function key(name) { command({verb: 'key', key: name}); }
function refuse(message) { $('error').textContent = message; }

function position(event) {
  const box = shot.getBoundingClientRect(), w = state.screen.width, h = state.screen.height;
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return {x: clamp((event.clientX - box.left) / box.width * w / (w - 1)),
          y: clamp((event.clientY - box.top) / box.height * h / (h - 1))};
}

shot.addEventListener('mousedown', (event) => {
  if (event.button !== 0 || !state) return;
  event.preventDefault();
  typeHere();
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
function addText(text) {
  if (!text) return;
  typed += text;
  clearTimeout(typingTimer);
  typingTimer = setTimeout(flushTyping, TYPING_PAUSE_MS);
}
function takeTyped() {
  const text = typing.value;
  typing.value = '';
  addText(text);
}
typing.addEventListener('input', (event) => { if (!event.isComposing) takeTyped(); });
typing.addEventListener('compositionend', takeTyped);

const FIELDS = 'input, textarea, select, [contenteditable]', CONTROLS = FIELDS + ', button, summary';
function within(target, selector) {
  return target instanceof Element && target !== typing && target.closest(selector) !== null;
}
function typeHere() {
  if (document.activeElement !== typing) typing.focus({preventScroll: true});
}
function altGraphText(event) {
  const printable = /^\\P{C}$/u.test(event.key);
  return event.ctrlKey && event.altKey && !event.metaKey && printable ? event.key : '';
}
function keyName(event) {
  const name = KEYS[event.key];
  const shortcut = event.ctrlKey || event.altKey || event.metaKey;
  return !name || shortcut || (name === 'TAB' && event.shiftKey) ? '' : name;
}
function pressKey(name) {
  if (name === 'DEL' && typed) typed = Array.from(typed).slice(0, -1).join('');
  else key(name);
}
function keyAction(event) {
  if (event.isComposing || event.keyCode === 229) return null;
  const text = altGraphText(event), name = keyName(event);
  if (text) return () => addText(text);
  return name ? () => pressKey(name) : null;
}
document.addEventListener('keydown', (event) => {
  if (within(event.target, CONTROLS)) return;
  const action = keyAction(event);
  if (action) {
    event.preventDefault();
    action();
  } else if (!event.ctrlKey && !event.metaKey) {
    typeHere();
  }
});
document.addEventListener('paste', (event) => {
  if (within(event.target, FIELDS)) return;
  event.preventDefault();
  addText(event.clipboardData ? event.clipboardData.getData('text/plain') : '');
});
document.addEventListener('click', (event) => {
  if (!within(event.target, FIELDS) && getSelection().isCollapsed) typeHere();
});

function seedOf(text) {
  if (/^\\s*[0-9]+\\s*$/.test(text) && Number(text) <= MAX_SEED) return Number(text);
  refuse(text.trim() ? 'a seed is an integer from 0 to ' + MAX_SEED + ', got ' +
    JSON.stringify(text) : 'type a seed to play: an integer from 0 to ' + MAX_SEED);
  return null;
}
function toolArguments(text) {
  let value;
  try {
    value = JSON.parse(text.trim() || '{}');
  } catch (error) {
    refuse('the tool arguments are not JSON (' + error.message + '): ' + text);
    return null;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
  refuse('the tool arguments must be a JSON object, as {"name": "value"}, got ' + text);
  return null;
}

document.querySelectorAll('[data-key]').forEach((button) =>
  button.addEventListener('click', () => key(button.dataset.key)));
document.querySelectorAll('[data-status]').forEach((button) =>
  button.addEventListener('click', () => command({verb: 'status', text: button.dataset.status})));
$('send-answer').addEventListener('click', () => command({verb: 'answer', text: $('answer').value}));
$('ask').addEventListener('click', () => command({verb: 'ask_user', text: $('question').value}));
$('call').addEventListener('click', () => {
  const values = toolArguments($('arguments').value);
  if (values !== null) command({verb: 'mcp_call', tool: $('tool').value, arguments: values});
});
$('tool').addEventListener('change', argumentsHint);
$('solution').addEventListener('click', () => { flushTyping(); send({op: 'solution'}); });
$('reset').addEventListener('click', () => { flushTyping(); send({op: 'reset'}); });
$('new-seed').addEventListener('click', () => {
  const seed = seedOf($('seed').value);
  if (seed === null) return;
  flushTyping();
  send({op: 'reset', seed});
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
  refuse(error || state.error || state.action_error || '');
  if (document.activeElement !== $('seed')) $('seed').value = state.seed;
  $('recording').textContent = state.recording || 'off';
  listItems($('events'), state.events.map((e) =>
    'step ' + e.step + ': ' + e.event + (e.reward ? ' (' + signed(e.reward) + ')' : '')));
  listItems($('actions'), state.actions.map((a) =>
    a.step + '. ' + (a.by === 'solution' ? '[solution] ' : '') + describe(a.command) +
    (a.error ? ' — ' + a.error : '')));
  renderTalk();
  renderTree();
  hideOverlay();
}

function signed(number) { return (number > 0 ? '+' : '') + number; }

function describe(fields) {
  const shown = Object.entries(fields).filter(([name]) => name !== 'verb').map(([name, value]) =>
    name + '=' + (typeof value === 'number' ? value.toFixed(3) : JSON.stringify(value)));
  return fields.verb + '(' + shown.join(', ') + ')';
}

function renderTalk() {
  const reply = state.user_reply, call = state.tool_call, tools = state.tools;
  $('talk').hidden = !state.user && !tools.length;
  $('ask-row').hidden = $('reply-row').hidden = !state.user;
  $('tool-row').hidden = $('result-row').hidden = !tools.length;
  const select = $('tool'), names = tools.map((tool) => tool.name);
  if (Array.from(select.options, (option) => option.value).join('\\n') !== names.join('\\n')) {
    select.replaceChildren(...tools.map((tool) => {
      const option = new Option(tool.name);
      option.title = tool.description || '';
      return option;
    }));
    argumentsHint();
  }
  $('reply').textContent = reply ? 'step ' + reply.step + ': ' + reply.text : 'none yet';
  $('tool-result').textContent = !call ? 'none yet' : 'step ' + call.step + ': ' +
    describe({verb: call.tool, ...call.arguments}) + (call.is_error ? ' failed' : '') + '\\n' +
    call.result;
}

function argumentsHint() {
  const tool = state.tools.find((t) => t.name === $('tool').value);
  const names = Object.keys((tool && tool.input_schema && tool.input_schema.properties) || {});
  $('arguments').placeholder = JSON.stringify(Object.fromEntries(names.map((n) => [n, '…'])));
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
typeHere();
"""

_CONSTANTS = {"long_press": LONG_PRESS_MS, "typing_pause": TYPING_PAUSE_MS, "max_seed": MAX_SEED}

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
<script>{_SCRIPT % _CONSTANTS}</script>
</body>
</html>
"""
"""The page, whole."""
