// BoxOffice's page: the shows list and a live seat map. Plain JavaScript, no build step, nothing from another host.
// The seat map is drawn from the stream's first event (a snapshot: the hall and its seats, laid out by hall.js) and
// kept current by the events that follow it.
'use strict';

const STATUS = { A: 'available', H: 'held', R: 'reserved' };
const LABEL = { available: 'available', held: 'held', reserved: 'reserved' };

const $ = (id) => document.getElementById(id);
const state = { show: null, seats: [], layout: null, buttons: [], selected: new Set(), stream: null, cursor: 0, timer: null,
  next: null, admission: null };

// ---- Requests: every write carries an Idempotency-Key, kept across its retries -------------------------------------

function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16)); // crypto.randomUUID needs a secure context; this does not
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const TRIES = 3;

/**
 * Sends a request; a write is retried with the same key when the network failed, so it takes effect once. When every
 * try failed, the answer has status 0 (no answer came), which explain() puts in words.
 */
async function send(method, path, body) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = newKey();
  if (method !== 'GET' && state.admission && state.show && path.startsWith('/shows/' + state.show.id + '/')) {
    headers['Admission-Token'] = state.admission.token; // the waiting room let this buyer in
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: text ? JSON.parse(text) : null };
    } catch (e) {
      if (attempt >= TRIES) return { status: 0, write: method !== 'GET', retryAfter: null, body: null };
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function say(text, isError) {
  const box = $('message');
  box.textContent = text;
  box.className = isError ? 'error' : '';
  box.hidden = false;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { box.hidden = true; }, isError ? 8000 : 4000);
}

/** A refusal, in words a buyer understands; true if the answer was a success. */
function explain(answer) {
  if (answer.status >= 200 && answer.status < 300) return true;
  if (answer.status === 0) {
    say('BoxOffice could not be reached (' + TRIES + ' tries). ' + (answer.write
      ? 'It may or may not have been done: the seat map shows what happened once the connection is back.'
      : 'Check your connection and try again.'), true);
    return false;
  }
  const problem = answer.body || {};
  if (problem.code === 'ADMISSION_REQUIRED') {
    say('Your turn to buy has ended: join the line again.', true);
    forgetPlace(state.show.id);
    openShow(state.show.id);
    return false;
  }
  const seats = problem.seats ? ' (' + names(problem.seats) + ')' : '';
  switch (answer.status) {
    case 409: say((problem.code === 'SEATS_NOT_AVAILABLE' || problem.code === 'SEAT_NOT_AVAILABLE'
        ? 'Someone else just took some of these seats' : problem.detail || 'That is no longer possible')
        + (problem.code === 'NO_SEATS_TOGETHER' ? '' : seats) + '.', true); break;
    case 410: say('This hold has expired: its seats are back on sale.', true); break;
    case 429:
    case 503: say('BoxOffice is very busy right now: nothing was done. Try again in ' + (answer.retryAfter || 1) + ' s.', true); break;
    default: say((problem.detail || 'Something went wrong (' + answer.status + ').') + seats, true);
  }
  return false;
}

// ---- The shows list ----------------------------------------------------------------------------------------------

async function showList(reset) {
  if (reset) {
    state.next = null;
    $('shows').tBodies[0].textContent = '';
  }
  const query = '/shows?limit=50' + (state.next ? '&after=' + encodeURIComponent(state.next) : '');
  $('more-shows').disabled = true; // one page at a time: a second click would ask for the same page again
  const answer = await send('GET', query).finally(() => { $('more-shows').disabled = false; });
  if (!explain(answer)) return;
  const rows = answer.body.items.map((show) => {
    const row = document.createElement('tr');
    const link = document.createElement('a');
    link.href = '#/shows/' + show.showId;
    link.textContent = show.title;
    row.insertCell().append(link);
    Object.assign(row.insertCell(), { className: 'number', textContent: show.availableSeats.toLocaleString() });
    Object.assign(row.insertCell(), { className: 'number', textContent: show.totalSeats.toLocaleString() });
    return row;
  });
  $('shows').tBodies[0].append(...rows);
  state.next = answer.body.next || null;
  $('more-shows').hidden = !state.next;
  $('no-shows').hidden = $('shows').tBodies[0].rows.length > 0;
}

async function createShow(event) {
  event.preventDefault();
  const form = event.target;
  const showId = newUuid();
  const answer = await send('POST', '/shows', { showId, title: form.title.value.trim(), maxSeats: Number(form.seats.value) });
  if (explain(answer)) {
    form.reset();
    location.hash = '#/shows/' + showId;
  }
}

function newUuid() {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
}

// ---- The seat map ------------------------------------------------------------------------------------------------

function openShow(showId) {
  closeShow();
  state.show = { id: showId };
  $('show-title').textContent = 'Loading…';
  $('show-summary').textContent = '';
  $('operate').hidden = true;
  $('seats').textContent = '';
  renderHolds();
  enter(showId);
}

// ---- The waiting room: a show sold through one opens its seat map once its line admits this buyer ----------------

function placeKey(showId) {
  return 'boxoffice.queue.' + showId;
}

function storedPlace(showId) {
  return JSON.parse(localStorage.getItem(placeKey(showId)) || '{}');
}

function forgetPlace(showId) {
  localStorage.removeItem(placeKey(showId));
  state.admission = null;
}

async function enter(showId) {
  const room = await send('GET', '/shows/' + showId + '/queue');
  if (!state.show || state.show.id !== showId) return; // the buyer has moved on
  const place = storedPlace(showId);
  const admitted = place.token && Date.parse(place.lapsesAt) > Date.now();
  $('operate').hidden = room.status !== 200;
  $('operate-link').href = '#/shows/' + showId + '/operator';
  if (room.status === 200 && !admitted) {
    waitInLine(showId);
    return;
  }
  state.admission = room.status === 200 ? { token: place.token, lapsesAt: place.lapsesAt } : null;
  followSeats(showId);
}

async function waitInLine(showId) {
  $('seat-layout').hidden = true;
  $('legend').hidden = true;
  $('waiting').hidden = false;
  $('join-again').hidden = true;
  $('show-title').textContent = 'Waiting room';
  $('queue-position').textContent = 'Joining the line…';
  $('queue-wait').textContent = '';
  let ticket = storedPlace(showId).ticket;
  if (!ticket) {
    const joined = await send('POST', '/shows/' + showId + '/queue');
    if (!state.show || state.show.id !== showId) return;
    if (joined.body && joined.body.code === 'SOLD_OUT') {
      soldOut();
      return;
    }
    if (!explain(joined)) return;
    ticket = joined.body.ticket;
    localStorage.setItem(placeKey(showId), JSON.stringify({ ticket }));
  }
  const stream = new EventSource('/shows/' + showId + '/queue/' + encodeURIComponent(ticket) + '/stream');
  state.stream = stream;
  stream.addEventListener('message', (e) => inLine(showId, ticket, stream, JSON.parse(e.data)));
  stream.addEventListener('error', () => {
    if (stream.readyState === EventSource.CLOSED && state.stream === stream) { // refused, not dropped: ask again soon
      setTimeout(() => { if (state.stream === stream) waitInLine(showId); }, 2000 + Math.random() * 1000);
    }
  });
}

function inLine(showId, ticket, stream, standing) {
  if (state.stream !== stream) return;
  if (standing.status === 'ADMITTED') {
    stream.close();
    localStorage.setItem(placeKey(showId), JSON.stringify({ ticket, token: standing.admissionToken, lapsesAt: standing.admissionLapsesAt }));
    state.admission = { token: standing.admissionToken, lapsesAt: standing.admissionLapsesAt };
    say('It is your turn: choose your seats.');
    followSeats(showId);
  } else if (standing.status === 'EXPIRED') {
    stream.close();
    localStorage.removeItem(placeKey(showId));
    $('queue-position').textContent = 'Your turn has passed.';
    $('queue-wait').textContent = '';
    $('join-again').hidden = false;
  } else if (standing.status === 'SOLD_OUT') {
    stream.close(); // the ticket keeps its place, should a reservation be cancelled
    soldOut();
  } else if (standing.paused) {
    $('queue-position').textContent = standing.position ? 'Place ' + standing.position.toLocaleString('en') + ' in line' : 'In line';
    $('queue-wait').textContent = 'The line is paused by its operators: your place is kept, and it moves on when they resume.';
  } else if (standing.position === null || standing.position === undefined) {
    $('queue-position').textContent = 'The sale has not opened yet: your place is drawn at the start.';
    $('queue-wait').textContent = 'Opens in about ' + duration(standing.estimatedWaitSeconds) + '.';
  } else {
    $('queue-position').textContent = 'Place ' + standing.position.toLocaleString('en') + ' in line';
    $('queue-wait').textContent = standing.seats === 'ALL_HELD'
      ? 'Every seat is held by other buyers right now: the line moves on if some come back.'
      : 'About ' + duration(standing.estimatedWaitSeconds) + ' to go.';
  }
}

function soldOut() {
  $('queue-position').textContent = 'Sold out: every seat is sold.';
  $('queue-wait').textContent = '';
}

function duration(seconds) {
  if (seconds < 60) return Math.max(1, seconds) + ' s';
  return Math.round(seconds / 60) + ' min';
}

function followSeats(showId) {
  $('waiting').hidden = true;
  $('seat-layout').hidden = false;
  $('legend').hidden = false;
  renderAdmission();
  const stream = new EventSource('/shows/' + showId + '/stream');
  state.stream = stream;
  stream.addEventListener('snapshot', (e) => drawSnapshot(JSON.parse(e.data)));
  stream.addEventListener('seats', (e) => applyChange(JSON.parse(e.data)));
  stream.addEventListener('error', () => {
    if (stream.readyState === EventSource.CLOSED) streamRefused(showId, stream); // not a dropped connection: a refusal
  });
  state.timer = setInterval(() => { renderCountdowns(); renderAdmission(); }, 1000);
}

function renderAdmission() {
  const box = $('admission');
  box.hidden = !state.admission;
  if (!state.admission) return;
  const left = Math.max(0, Math.round((Date.parse(state.admission.lapsesAt) - Date.now()) / 1000));
  box.textContent = 'Your turn: ' + Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' left to buy.';
}

/** Why the stream was refused: a missing show is said; a busy service is tried again after Retry-After. */
async function streamRefused(showId, stream) {
  const probe = new AbortController();
  const response = await fetch('/shows/' + showId + '/stream', { signal: probe.signal }).catch(() => null);
  probe.abort(); // only the status was wanted: a 200 here would be a stream of its own
  if (state.stream !== stream) return; // the buyer has moved on
  if (response && response.status === 404) {
    say('There is no such show.', true);
  } else if (response && (response.status === 503 || response.status === 200)) {
    const seconds = Number(response.headers.get('Retry-After') || 1);
    say('BoxOffice is very busy: the seat map follows again in a moment.', true);
    setTimeout(() => { if (state.stream === stream) openShow(showId); }, seconds * 1000 + Math.random() * 1000);
  } else {
    say('The seat map cannot be followed right now; reload to try again.', true);
  }
}

function closeShow() {
  if (state.stream) state.stream.close();
  state.admission = null;
  $('waiting').hidden = true;
  $('seat-layout').hidden = true; // until the show is entered: its seat map, or its waiting room
  $('legend').hidden = true;
  clearInterval(state.timer);
  state.stream = null;
  state.selected.clear();
  state.seats = [];
  state.layout = null;
  state.buttons = [];
}

function drawSnapshot(snapshot) {
  state.show = { id: snapshot.showId, title: snapshot.title };
  state.seats = Array.from(snapshot.seats, (letter) => STATUS[letter]);
  state.layout = layOutHall(snapshot.hall);
  state.selected.clear();
  $('show-title').textContent = snapshot.title;
  document.title = snapshot.title + ' – BoxOffice';
  $('seats').innerHTML = '<div class="hall" style="' + hallSize(state.layout) + '">'
    + hallHtml(state.layout, (n) => state.seats[n], (n) => description(n, state.seats[n], false, false)) + '</div>';
  state.buttons = $('seats').getElementsByClassName('seat'); // in seat order, as drawn
  state.cursor = 0;
  drawCategories();
  renderHolds(); // by the seats' names, now that the hall is known
  refreshMine();
  renderSummary();
  renderSelection();
  requestAnimationFrame(() => { document.body.dataset.seatsDrawn = String(performance.now()); });
}

/** The legend of price categories, and the best-available form's choice of them. */
function drawCategories() {
  const categories = state.layout.categories;
  $('categories').innerHTML = categories.map((c, i) => '<li><span class="seat available c' + i + '" aria-hidden="true">'
    + '</span> ' + escapeHtml(c.name) + ' ' + price(c.price) + '</li>').join('');
  $('best-category').innerHTML = '<option value="">Any</option>' + categories.map((c) => '<option>'
    + escapeHtml(c.name) + '</option>').join('');
  $('best-category').parentElement.hidden = categories.length < 2;
}

function price(amount) {
  return Number(amount).toLocaleString('en', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 });
}

/** A seat as a screen reader says it: "Row C, seat 12, Premium, available". */
function description(n, status, mine, selected) {
  const text = name(n);
  const categories = state.layout.categories;
  const row = state.layout.rows[state.layout.seatRow[n]];
  const kind = (row.wheelchair.has(n - row.first) ? ', wheelchair space' : '')
    + (row.companion.has(n - row.first) ? ', companion seat' : '');
  return text.charAt(0).toUpperCase() + text.slice(1) + (categories.length > 1 ? ', ' + categories[row.category].name : '')
    + kind + ', ' + (mine ? 'held by you' : LABEL[status]) + (selected ? ', selected' : '');
}

/** A seat's name, "row C, seat 12" (with its section in a hall of several); its number before the hall is known. */
function name(n) {
  return state.layout && n < state.layout.size ? seatName(state.layout, n) : 'seat ' + n;
}

function applyChange(change) {
  const status = change.status.toLowerCase();
  for (const n of change.seats) {
    state.seats[n] = status;
    if (status !== 'available' && state.selected.has(n) && !(status === 'reserved' && isMine(change.holdId))) {
      state.selected.delete(n);
    }
    drawSeat(n);
  }
  if (change.holdId && isMine(change.holdId) && status !== 'held') {
    forgetHold(change.holdId);
    say(status === 'reserved' ? 'Your seats are reserved.' : change.reason === 'EXPIRED'
      ? 'Your hold expired: its seats are back on sale.' : 'Your hold was released.', change.reason === 'EXPIRED');
  }
  renderSummary();
  renderSelection();
}

function seatElement(n) {
  return state.buttons[n];
}

function drawSeat(n) {
  const seat = seatElement(n);
  if (!seat) return;
  const status = state.seats[n];
  const mine = status === 'held' && myHolds().some((h) => h.seats.includes(n));
  const selected = state.selected.has(n);
  seat.classList.remove('available', 'held', 'reserved', 'selected', 'mine');
  seat.classList.add(selected ? 'selected' : status);
  if (mine) seat.classList.add('mine');
  seat.setAttribute('aria-label', description(n, status, mine, selected));
  seat.setAttribute('aria-selected', selected ? 'true' : 'false');
}

function refreshMine() {
  for (const hold of myHolds()) hold.seats.forEach(drawSeat);
}

function renderSummary() {
  const count = { available: 0, held: 0, reserved: 0 };
  for (const s of state.seats) count[s]++;
  $('show-summary').textContent = count.available.toLocaleString() + ' available, ' + count.held.toLocaleString()
    + ' held, ' + count.reserved.toLocaleString() + ' reserved';
}

function toggle(n) {
  const status = state.seats[n];
  if (status === 'held') {
    say(capital(name(n)) + ' is held by ' + (myHolds().some((h) => h.seats.includes(n)) ? 'you: confirm or release it on the right.' : 'another buyer.'));
    return;
  }
  if (state.selected.has(n)) {
    state.selected.delete(n);
  } else {
    const kinds = new Set([...state.selected].map((s) => state.seats[s]));
    if (kinds.size && !kinds.has(status)) clearSelection(); // reserved seats are cancelled apart from free ones
    state.selected.add(n);
  }
  drawSeat(n);
  renderSelection();
}

function renderSelection() {
  const seats = [...state.selected].sort((a, b) => a - b);
  const reserved = seats.length > 0 && seats.every((n) => state.seats[n] === 'reserved');
  const free = seats.length > 0 && seats.every((n) => state.seats[n] === 'available');
  $('selection').textContent = seats.length === 0 ? 'Select seats on the map.'
    : 'Selected: ' + names(seats) + '.';
  $('hold').disabled = !free;
  $('reserve').disabled = !free;
  $('cancel').disabled = !reserved;
  $('clear').disabled = seats.length === 0;
}

/** Seats by name, side-by-side ones together: "row C, seats 4–6; row D, seat 9" (at most six such groups). */
function names(seats) {
  const groups = [];
  for (const n of [...seats].sort((a, b) => a - b)) {
    const last = groups[groups.length - 1];
    if (state.layout && last && n === last.to + 1 && state.layout.seatRow[n] === state.layout.seatRow[last.to]) {
      last.to = n;
    } else {
      groups.push({ from: n, to: n });
    }
  }
  const said = groups.map((g) => g.from === g.to ? name(g.from)
    : name(g.from).replace(/seat \d+$/, 'seats ' + placeInRow(state.layout, g.from) + '–' + placeInRow(state.layout, g.to)));
  return said.length <= 6 ? said.join('; ') : said.slice(0, 5).join('; ') + ' and ' + (said.length - 5) + ' more';
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clearSelection() {
  const seats = [...state.selected];
  state.selected.clear();
  seats.forEach(drawSeat);
  renderSelection();
}

function onKey(event) {
  const seat = event.target.closest('.seat');
  if (!seat) return;
  const n = state.cursor;
  const row = state.layout.rows[state.layout.seatRow[n]];
  const moves = { ArrowRight: () => n + 1, ArrowLeft: () => n - 1, ArrowDown: () => seatAcross(state.layout, n, 1),
    ArrowUp: () => seatAcross(state.layout, n, -1), Home: () => row.first, End: () => row.first + row.seats - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  focusSeat(Math.min(state.seats.length - 1, Math.max(0, moves[event.key]())));
}

function focusSeat(n) {
  const previous = seatElement(state.cursor);
  if (previous) previous.tabIndex = -1;
  state.cursor = n;
  const seat = seatElement(n);
  seat.tabIndex = 0;
  seat.focus();
}

// ---- Holds, reservations, cancellations ----------------------------------------------------------------------------

function holdsKey() {
  return 'boxoffice.holds.' + state.show.id;
}

function myHolds() {
  return state.show ? JSON.parse(localStorage.getItem(holdsKey()) || '[]') : [];
}

function isMine(holdId) {
  return !!holdId && myHolds().some((h) => h.holdId === holdId);
}

function rememberHold(hold) {
  localStorage.setItem(holdsKey(), JSON.stringify([...myHolds(), { holdId: hold.holdId, seats: hold.seats, expiresAt: hold.expiresAt }]));
  renderHolds();
}

function forgetHold(holdId) {
  localStorage.setItem(holdsKey(), JSON.stringify(myHolds().filter((h) => h.holdId !== holdId)));
  renderHolds();
}

async function holdSelected() {
  const seats = [...state.selected].sort((a, b) => a - b);
  const answer = await send('POST', '/shows/' + state.show.id + '/holds', { seats, ttlSeconds: Number($('ttl').value) });
  if (explain(answer)) {
    rememberHold(answer.body);
    clearSelection();
    seats.forEach(drawSeat);
    say('Held ' + seats.length + ' seat' + (seats.length > 1 ? 's' : '') + ': confirm before the countdown ends.');
  }
}

/** Best available: the service picks the seats together nearest the stage and holds them in one decision. */
async function holdBest(event) {
  event.preventDefault();
  const request = { count: Number($('best-count').value), ttlSeconds: Number($('ttl').value) };
  if ($('best-category').value) request.category = $('best-category').value;
  const answer = await send('POST', '/shows/' + state.show.id + '/holds', request);
  if (explain(answer)) {
    rememberHold(answer.body);
    answer.body.seats.forEach(drawSeat);
    say('Held ' + names(answer.body.seats) + ': confirm before the countdown ends.');
    focusSeat(answer.body.seats[0]);
  }
}

async function reserveSelected() {
  const seats = [...state.selected].sort((a, b) => a - b);
  const answer = await send('POST', '/shows/' + state.show.id + '/reservations', { seats });
  if (explain(answer)) {
    clearSelection();
    say('Reserved ' + names(seats) + '.');
  }
}

async function cancelSelected() {
  const seats = [...state.selected].sort((a, b) => a - b);
  let cancelled = 0;
  for (const n of seats) { // one seat per request: the seed-compatible seat change
    const answer = await send('PATCH', '/shows/' + state.show.id + '/seats/' + n, { action: 'CANCEL_RESERVATION' });
    if (!explain(answer)) break;
    cancelled++;
  }
  clearSelection();
  if (cancelled) say('Cancelled ' + cancelled + ' reservation' + (cancelled > 1 ? 's' : '') + '.');
}

async function settleHold(holdId, confirm) {
  const path = '/shows/' + state.show.id + '/holds/' + holdId;
  const answer = confirm ? await send('POST', path + '/confirm') : await send('DELETE', path);
  if (answer.status === 410 || answer.status === 404) forgetHold(holdId);
  if (explain(answer)) forgetHold(holdId);
}

function renderHolds() {
  const list = $('holds');
  list.textContent = '';
  const holds = myHolds();
  if (holds.length === 0) {
    list.innerHTML = '<li class="empty">None.</li>';
    return;
  }
  for (const hold of holds) {
    const item = document.createElement('li');
    item.dataset.holdId = hold.holdId;
    item.innerHTML = escapeHtml(capital(names(hold.seats)))
      + ' &middot; <span class="countdown" data-expires="' + hold.expiresAt + '"></span><br>'
      + '<button type="button" data-act="confirm">Confirm</button>'
      + '<button type="button" class="secondary" data-act="release">Release</button>';
    list.append(item);
  }
  renderCountdowns();
}

function renderCountdowns() {
  for (const countdown of document.querySelectorAll('#holds .countdown')) {
    const left = Math.max(0, Math.round((Date.parse(countdown.dataset.expires) - Date.now()) / 1000));
    countdown.textContent = left > 0 ? Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0') + ' left' : 'expiring…';
  }
}

// ---- Wiring ------------------------------------------------------------------------------------------------------

function route() {
  const match = location.hash.match(/^#\/shows\/([0-9a-fA-F-]{36})$/);
  const operating = location.hash.match(/^#\/shows\/([0-9a-fA-F-]{36})\/operator$/);
  $('shows-view').hidden = !!match || !!operating;
  $('show-view').hidden = !match;
  $('operator-view').hidden = !operating;
  if (!operating) Operator.close();
  if (operating) {
    closeShow();
    document.title = 'Operating the line – BoxOffice';
    Operator.open(operating[1]);
  } else if (match) {
    openShow(match[1]);
  } else {
    closeShow();
    state.show = null;
    document.title = 'BoxOffice';
    showList(true);
  }
}

$('create-show').addEventListener('submit', createShow);
$('more-shows').addEventListener('click', () => showList(false));
$('seats').addEventListener('click', (e) => {
  const seat = e.target.closest('.seat');
  if (seat) {
    state.cursor = Number(seat.dataset.n);
    toggle(state.cursor);
  }
});
$('seats').addEventListener('keydown', onKey);
$('hold').addEventListener('click', holdSelected);
$('best').addEventListener('submit', holdBest);
$('reserve').addEventListener('click', reserveSelected);
$('cancel').addEventListener('click', cancelSelected);
$('clear').addEventListener('click', clearSelection);
$('join-again').addEventListener('click', () => { if (state.show) waitInLine(state.show.id); });
$('holds').addEventListener('click', (e) => {
  const button = e.target.closest('button[data-act]');
  if (button) settleHold(button.closest('li').dataset.holdId, button.dataset.act === 'confirm');
});
window.addEventListener('hashchange', route);
route();
