// The web board of phaseline serve: the map is the server's SVG (phaseline map --svg), every
// order goes to the server as the line a player would type, and the page follows the match
// through server-sent events (another tab, another terminal).
"use strict";

const token = document.body.dataset.token;
const $ = (id) => document.getElementById(id);
let state = null; // /api/state
let selected = null; // the unit whose reach is shown
let unit = null; // /api/unit of the selected unit
let zoom = 1;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function getJSON(url) {
  const answer = await fetch(url, { cache: "no-store" });
  return answer.json();
}

async function refresh() {
  // The state, the map and the chosen unit are asked together and shown together, so that a
  // marked space is never on the map before the orders that it stands for are known.
  const reach = selected ? "?reach=" + encodeURIComponent(selected) : "";
  const [fresh, svg, chosen] = await Promise.all([
    getJSON("/api/state"),
    fetch("/api/map.svg" + reach, { cache: "no-store" }).then((r) => r.text()),
    selected ? getJSON("/api/unit?id=" + encodeURIComponent(selected)) : null,
  ]);
  state = fresh;
  unit = chosen && !chosen.error ? chosen : null;
  showState();
  showMap(svg);
  if (unit) showUnit();
  document.body.dataset.seq = String(state.seq);
}

function showMap(svg) {
  const map = $("map");
  map.innerHTML = svg;
  const drawing = map.querySelector("svg");
  if (drawing) {
    drawing.dataset.width = drawing.getAttribute("width");
    drawing.dataset.height = drawing.getAttribute("height");
    applyZoom();
  }
}

function applyZoom() {
  const drawing = $("map").querySelector("svg");
  if (!drawing) return;
  drawing.setAttribute("width", String(Number(drawing.dataset.width) * zoom));
  drawing.setAttribute("height", String(Number(drawing.dataset.height) * zoom));
}

function showState() {
  $("title").textContent = state.title;
  $("clock").textContent = state.legend.slice(1).join("\n");
  const waiting = $("waiting");
  waiting.textContent = state.finished ? "The match is over." : `Waiting on ${state.waiting} (${state.controller}).`;
  const decision = $("decision");
  decision.replaceChildren();
  if (state.decision) {
    decision.append(el("p", {}, `${state.decision.side} must decide: ${state.decision.prompt}`));
    for (const choice of state.decision.choices) {
      decision.append(el("button", { class: "choice", type: "button", onclick: () => play(`choose ${choice}`) }, choice));
    }
  }
  const rows = state.log.map((row) =>
    el("tr", { class: row.undone ? "undone" : "" },
      el("td", { class: "seq" }, String(row.seq)), el("td", {}, row.side), el("td", {}, row.what), el("td", {}, row.rule)));
  const log = $("log");
  log.replaceChildren(el("table", {}, el("tbody", {}, ...rows)));
  log.scrollTop = log.scrollHeight;
}

function showUnit() {
  const body = $("unit-body");
  body.classList.remove("quiet");
  body.replaceChildren(
    el("div", {}, el("span", { class: "counter-face" }, `${unit.name} ${unit.values}${unit.mark ? " " + unit.mark : ""}`), ` in ${unit.space}`),
    el("div", { class: "title" }, unit.title),
  );
  if (unit.stack.length > 1) {
    body.append(el("div", {}, "In this space: ", ...unit.stack.map((id) =>
      el("button", { class: "stack-unit", type: "button", onclick: () => choose(id) }, id))));
  }
  if (unit.orders.length) {
    body.append(el("div", {}, `Legal orders now (${unit.orders.length}):`));
    body.append(el("div", { id: "unit-orders" }, ...unit.orders.map((order) =>
      el("button", { class: "order", type: "button", onclick: () => play(order) }, order))));
  }
  for (const note of unit.notes) body.append(el("div", { class: "quiet" }, note));
}

async function choose(unitId) {
  selected = unitId;
  await refresh();
}

function unchoose() {
  selected = null;
  unit = null;
  const body = $("unit-body");
  body.classList.add("quiet");
  body.textContent = "No unit chosen.";
}

async function clickSpace(space) {
  if (state && state.decision && state.decision.choices.includes(space)) return play(`choose ${space}`);
  if (!unit) return;
  const orders = unit.reach[space] || [];
  if (orders.length === 1) return play(orders[0]);
  if (orders.length > 1) {
    say(`Several orders name ${space}:`, "");
    $("message").append(...orders.map((order) => el("button", { class: "order", type: "button", onclick: () => play(order) }, order)));
    return;
  }
  // Not a legal destination: ask the rules why, with the verb the unit's orders use.
  const verb = (unit.orders.find((order) => order.split(" ")[1] === unit.unit) || "").split(" ")[0];
  if (verb) return play(`${verb} ${unit.unit} ${space}`);
  say(`${unit.unit} has no order that names a space now.`, "refused");
}

function say(text, kind, rule) {
  const message = $("message");
  message.className = kind;
  message.replaceChildren(text);
  if (rule) message.append(el("span", { class: "rule" }, rule));
}

async function play(line) {
  const answer = await fetch("/api/order", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Phaseline-Token": token },
    body: JSON.stringify({ line }),
  }).then((r) => r.json());
  if (answer.ok) {
    say(["✓ " + answer.order, ...answer.account.map((row) => `  ${row.side || "-"} ${row.what}`)].join("\n"), "ok");
    unchoose();
  } else {
    say(`✗ ${answer.order}: ${answer.error}`, "refused", answer.rule);
  }
  await refresh();
  return answer;
}

$("map").addEventListener("click", (event) => {
  const counter = event.target.closest(".counter");
  if (counter) {
    if (counter.dataset.unit === selected) {
      unchoose();
      refresh();
    } else choose(counter.dataset.unit);
    return;
  }
  const space = event.target.closest("[data-space]");
  if (space) clickSpace(space.dataset.space);
});

$("order-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = $("order-input").value.trim();
  if (line) play(line).then((answer) => { if (answer.ok) $("order-input").value = ""; });
});

$("zoom-in").addEventListener("click", () => { zoom = Math.min(zoom * 1.25, 4); applyZoom(); });
$("zoom-out").addEventListener("click", () => { zoom = Math.max(zoom / 1.25, 0.25); applyZoom(); });

const events = new EventSource("/api/events");
events.addEventListener("seq", (event) => {
  if (!state || Number(event.data) !== state.seq) refresh();
});

refresh();
