// A hall as the API gives it (categories, sections of runs of rows), laid out as the service lays it out to judge
// "best available": sections stacked below each other and centred unless placed, rows centred in their section, an
// aisle one seat wide, the stage above the first row. Units are seat widths.
'use strict';

const SECTION_GAP = 2; // rows between stacked sections, as the service counts them
const STAGE_ROWS = 3; // the stage's band above the hall, with the first section's name
const LABEL_WIDTH = 2; // the row labels' column left of every row

/** The next row label: A, B, ... Z, AA; or 1, 2, 3 (the API's own rule). */
function nextRowLabel(label) {
  if (/^[0-9]+$/.test(label)) return String(Number(label) + 1);
  const letters = label.split('');
  for (let i = letters.length - 1; i >= 0; i--) {
    if (letters[i] !== 'Z') {
      letters[i] = String.fromCharCode(letters[i].charCodeAt(0) + 1);
      return letters.join('');
    }
    letters[i] = 'A';
  }
  return 'A' + letters.join('');
}

/**
 * The hall's rows in seat order, each {section, label, first, seats, category, aisles, wheelchair, companion, left,
 * top}, with every seat's row (seatRow) and the hall's width and height.
 */
function layOutHall(hall) {
  const categoryIndex = new Map(hall.categories.map((c, i) => [c.name, i]));
  const sections = [];
  const rows = [];
  let seat = 0;
  for (const planned of hall.sections) {
    const section = { name: planned.name, x: planned.x, y: planned.y, rows: [], width: 0 };
    for (const run of planned.rows) {
      let label = run.from;
      for (let i = 0; i < (run.count || 1); i++) {
        if (i > 0) label = nextRowLabel(label);
        const row = { section, label, first: seat, seats: run.seats, category: categoryIndex.get(run.category),
          aisles: new Set(run.aislesAfter || []), wheelchair: new Set(run.wheelchair || []),
          companion: new Set(run.companion || []), index: rows.length };
        section.width = Math.max(section.width, run.seats + row.aisles.size);
        section.rows.push(row);
        rows.push(row);
        seat += run.seats;
      }
    }
    sections.push(section);
  }
  let width = 0;
  for (const s of sections) width = Math.max(width, (s.x === undefined ? 0 : s.x) + s.width);
  let nextY = 0;
  let height = 0;
  for (const s of sections) {
    s.left = s.x === undefined ? Math.floor((width - s.width) / 2) : s.x;
    s.top = s.y === undefined ? nextY : s.y;
    nextY = Math.max(nextY, s.top + s.rows.length + SECTION_GAP);
    height = Math.max(height, s.top + s.rows.length);
    s.rows.forEach((row, i) => {
      row.left = s.left + (s.width - row.seats - row.aisles.size) / 2;
      row.top = s.top + i;
    });
  }
  const seatRow = new Int32Array(seat);
  for (const row of rows) seatRow.fill(row.index, row.first, row.first + row.seats);
  return { categories: hall.categories, sections, rows, seatRow, width, height, size: seat };
}

/** A seat's place in its row, counted from 1 as tickets print it. */
function placeInRow(layout, n) {
  return n - layout.rows[layout.seatRow[n]].first + 1;
}

/** How people name a seat: "Stalls, row C, seat 12" (the section left out in a hall of one). */
function seatName(layout, n) {
  const row = layout.rows[layout.seatRow[n]];
  return (layout.sections.length > 1 ? row.section.name + ', ' : '') + 'row ' + row.label + ', seat ' + placeInRow(layout, n);
}

/** The seat {@code step} rows above (-1) or below (+1) seat n, nearest across; n itself if there is none. */
function seatAcross(layout, n, step) {
  const from = layout.rows[layout.seatRow[n]];
  const to = layout.rows[from.index + step];
  if (!to) return n;
  const x = seatX(from, n);
  let best = to.first;
  for (let m = to.first; m < to.first + to.seats; m++) {
    if (Math.abs(seatX(to, m) - x) < Math.abs(seatX(to, best) - x)) best = m;
  }
  return best;
}

/** A seat's left edge across the hall, in seat widths. */
function seatX(row, n) {
  let aisles = 0;
  for (const place of row.aisles) if (place < n - row.first) aisles++;
  return row.left + (n - row.first) + aisles;
}

/**
 * The hall as HTML: the stage, each section's name, its rows with their labels, each seat a button with its status
 * as a class and its description as its accessible name.
 */
function hallHtml(layout, statusOf, describe) {
  const html = ['<div class="stage" style="width:calc(var(--pitch) * ' + layout.width + ')">Stage</div>'];
  let tabStop = true;
  for (const section of layout.sections) {
    html.push('<div role="rowgroup" aria-label="' + escapeHtml(section.name) + '">');
    if (layout.sections.length > 1) {
      html.push('<div class="section-name" style="' + place(section.left, section.top - 1) + 'width:calc(var(--pitch) * '
        + section.width + ')">' + escapeHtml(section.name) + '</div>');
    }
    for (const row of section.rows) {
      html.push('<div class="row" role="row" aria-label="Row ' + escapeHtml(row.label) + '" style="'
        + place(row.left, row.top) + '"><span class="row-label" aria-hidden="true">' + escapeHtml(row.label) + '</span>');
      for (let p = 0; p < row.seats; p++) {
        const n = row.first + p;
        const kind = (row.aisles.has(p) ? ' aisle' : '') + (row.wheelchair.has(p) ? ' wheelchair' : '')
          + (row.companion.has(p) ? ' companion' : '');
        html.push('<button type="button" role="gridcell" class="seat c' + row.category + ' ' + statusOf(n) + kind
          + '" data-n="' + n + '" tabindex="' + (tabStop ? 0 : -1) + '" aria-label="' + escapeHtml(describe(n)) + '"></button>');
        tabStop = false;
      }
      html.push('</div>');
    }
    html.push('</div>');
  }
  return html.join('');
}

function place(left, top) {
  return 'left:calc(var(--pitch) * ' + (left + LABEL_WIDTH) + ');top:calc(var(--pitch) * ' + (top + STAGE_ROWS) + ');';
}

/** The hall's full size, so that it scrolls inside its frame. */
function hallSize(layout) {
  return 'width:calc(var(--pitch) * ' + (layout.width + 2 * LABEL_WIDTH) + ');height:calc(var(--pitch) * '
    + (layout.height + STAGE_ROWS + 1) + ')';
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}
