// The operator's page of a show's waiting room: its figures live from the operator feed (server-sent events read
// with fetch, which can send the admin token; EventSource cannot), the controls that steer the line, its audit trail
// and the errors met on the way. The token stays in this tab's session storage, never in the address.
'use strict';

const Operator = (() => {
  const el = (id) => document.getElementById(id);
  const MAX_ERRORS = 10;
  let showId = null;
  let feed = null; // the AbortController of the feed being read

  function token() {
    return sessionStorage.getItem('boxoffice.admin-token') || '';
  }

  function open(id) {
    close();
    showId = id;
    el('operator-back').href = '#/shows/' + id;
    el('operator-name').value = localStorage.getItem('boxoffice.operator') || '';
    el('operator-token').value = token();
    el('op-errors').textContent = '';
    render(null);
    if (token()) watch();
    else status('Enter the admin token to watch the line.');
  }

  function close() {
    if (feed) feed.abort();
    feed = null;
    showId = null;
  }

  function status(text) {
    el('operator-status').textContent = text;
  }

  function error(text) {
    const item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString('en-GB') + ' ' + text;
    const list = el('op-errors');
    list.prepend(item);
    while (list.children.length > MAX_ERRORS) list.lastChild.remove();
  }

  function problemText(status, problem) {
    return (problem && (problem.detail || problem.title)) || 'HTTP ' + status;
  }

  /** Reads the feed until the page leaves it; a cut feed is opened again after a second (or the Retry-After). */
  async function watch() {
    const controller = new AbortController();
    if (feed) feed.abort();
    feed = controller;
    const id = showId;
    status('Connecting…');
    while (!controller.signal.aborted) {
      let waitSeconds = 1;
      try {
        const response = await fetch('/shows/' + id + '/queue/operator/stream',
          { headers: { Authorization: 'Bearer ' + token(), Accept: 'text/event-stream' }, signal: controller.signal });
        if (!response.ok) {
          const problem = await response.json().catch(() => null);
          error('The feed was refused: ' + problemText(response.status, problem));
          if ([401, 403, 404].includes(response.status)) {
            status(response.status === 404 ? 'No such show, or it sells without a waiting room.' : 'Not allowed: check the admin token.');
            return;
          }
          waitSeconds = Number(response.headers.get('Retry-After') || 1);
        } else {
          status('Live');
          await read(response.body, controller.signal);
          if (!controller.signal.aborted) error('The feed ended; opening it again.');
        }
      } catch (e) {
        if (controller.signal.aborted) return;
        error('The feed was cut (' + e.message + '); opening it again.');
      }
      status('Reconnecting…');
      await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000));
    }
  }

  /** Server-sent events: frames end with a blank line; a frame's data lines hold one JSON view. */
  async function read(body, signal) {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    while (!signal.aborted) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n/g, '\n');
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart()).join('\n');
        buffer = buffer.slice(end + 2);
        if (data) render(JSON.parse(data));
      }
    }
  }

  const number = (n) => (n === null || n === undefined ? '–' : Number(n).toLocaleString('en'));

  function wait(seconds) {
    if (seconds === null || seconds === undefined) return 'paused';
    if (seconds < 60) return seconds + ' s';
    const minutes = Math.round(seconds / 60);
    return minutes < 60 ? minutes + ' min' : Math.floor(minutes / 60) + ' h ' + (minutes % 60) + ' min';
  }

  function render(view) {
    const room = view ? view.room : null;
    el('op-waiting').textContent = view ? number(view.waiting) : '–';
    el('op-called').textContent = room ? number(room.called) : '–';
    el('op-admitted').textContent = room ? number(room.admittedNow) + ' of ' + number(room.maxActive) : '–';
    el('op-sold').textContent = view ? number(view.seatsSold) : '–';
    el('op-left').textContent = room ? number(room.seatsAvailable) + ' on sale, ' + number(room.seatsHeld) + ' held' : '–';
    el('op-rate').textContent = room ? number(room.admitPerSecond) + ' a second (lately ' + room.admissionRatePerSecond + ')' : '–';
    el('op-last-wait').textContent = view ? wait(view.lastWaitSeconds) : '–';
    el('op-line').textContent = room ? (room.closed ? 'Closed to newcomers' : 'Open') + (room.paused ? ', paused' : '') : '–';
    el('op-updated').textContent = view ? 'As of ' + new Date(view.at).toLocaleTimeString('en-GB') : '';
    const trail = el('op-trail');
    trail.textContent = '';
    for (const control of (room && room.controls) || []) {
      const item = document.createElement('li');
      item.textContent = new Date(control.at).toLocaleTimeString('en-GB') + ' ' + control.operator + ': '
        + control.action + (control.value === undefined ? '' : ' ' + control.value);
      trail.append(item);
    }
  }

  async function control(action, value) {
    const operator = el('operator-name').value.trim();
    if (!operator) {
      error('Give your name first: every control is recorded with it.');
      return;
    }
    localStorage.setItem('boxoffice.operator', operator);
    const body = { action, operator };
    if (value !== undefined) body.value = value;
    try {
      const response = await fetch('/shows/' + showId + '/queue/controls', {
        method: 'POST', body: JSON.stringify(body),
        headers: { Authorization: 'Bearer ' + token(), 'Content-Type': 'application/json', Accept: 'application/json' },
      });
      if (!response.ok) { // made, the control shows in the feed's next view (within a quarter of a second)
        error(action + ' refused: ' + problemText(response.status, await response.json().catch(() => null)));
      }
    } catch (e) {
      error(action + ' could not be sent (' + e.message + '): the feed shows whether it was made.');
    }
  }

  function wire() {
    el('operator-login').addEventListener('submit', (event) => {
      event.preventDefault();
      sessionStorage.setItem('boxoffice.admin-token', el('operator-token').value);
      localStorage.setItem('boxoffice.operator', el('operator-name').value.trim());
      if (showId) watch();
    });
    el('operator-controls').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-action]');
      if (!button) return;
      event.preventDefault();
      const input = button.dataset.value ? el(button.dataset.value) : null;
      if (input && !input.reportValidity()) return;
      if (button.dataset.action === 'CLOSE' && !confirm('Close the line? Nobody can join it again.')) return;
      control(button.dataset.action, input ? Number(input.value) : undefined);
    });
  }

  wire();
  return { open, close };
})();
