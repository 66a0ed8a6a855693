// Print and back links without inline script, which the Content-Security-Policy forbids:
// <a href="#" data-action="print"> and <a href="#" data-action="back">.
document.addEventListener("click", (event) => {
  const link = event.target.closest("[data-action]");
  if (!link) return;
  event.preventDefault();
  if (link.dataset.action === "print") print();
  else if (link.dataset.action === "back") history.back();
});

// htmx leaves the page as it was when the server refuses a request (4xx/5xx), so a failed
// "pair next round" looked like nothing happened. The server answers with its error page; show
// that page's message in place, before the form that was refused, so the page, its navigation
// and the input as typed stay.
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status < 400) return;
  event.detail.shouldSwap = false;
  event.detail.isError = false;
  const page = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
  const found = page.getElementById("error");
  const text = found ? found.textContent : event.detail.xhr.statusText;
  const anchor = event.detail.elt.closest("form") || event.detail.elt;
  let message = document.getElementById("error");
  if (!message) {
    message = document.createElement("p");
    message.id = "error";
    message.className = "error";
    message.setAttribute("role", "alert");
  }
  anchor.parentNode.insertBefore(message, anchor);
  message.textContent = text;
});

// Fast result entry on the round page (#14 item 5): the rows of `table[data-fast-entry]` take
// one key per board — 1 (1-0), 0 (0-1), = or r (½-½), + (+/-), - (-/+) — save it through the
// result form's endpoint, and move the cursor to the next board without a result; Backspace
// or the "undo" button puts the last entry back (a result change like any other, audited).
// The count of results in comes back with each answer (X-Arbiter-Results); when every board
// has its result, the focus goes to the next step (pairing the next round).
(() => {
  const table = document.querySelector("table[data-fast-entry]");
  if (!table) return;
  const keys = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", r: "1/2-1/2", R: "1/2-1/2", "+": "+/-", "-": "-/+" };
  const undoButton = document.getElementById("undo");
  const done = [];
  let busy = false;
  const rows = () => [...table.querySelectorAll("tr.entry")];
  const csrf = () => (table.querySelector("input[name=csrf]") || {}).value || "";

  function nextEmpty(after) {
    const all = rows();
    const start = after ? all.indexOf(after) + 1 : 0;
    return all.slice(start).concat(all.slice(0, start)).find((r) => r.dataset.result === "*");
  }

  function showCount(text) {
    const count = document.getElementById("results-count");
    if (!count || !text) return;
    count.textContent = text;
    const [entered, games] = text.split("/").map(Number);
    const line = document.getElementById("results-in");
    if (line) {
      line.classList.toggle("status-published", entered === games);
      line.classList.toggle("status-missing", entered !== games);
    }
  }

  function nextStep() {
    const form = document.getElementById("next-round-form");
    if (form && form.dataset.possible) form.hidden = false;
    if (form && !form.hidden) document.getElementById("next-round").focus();
  }

  async function save(row, result) {
    busy = true;
    try {
      const body = new URLSearchParams({ csrf: csrf(), version: row.dataset.version, result });
      const answer = await fetch(`/games/${row.dataset.game}/result`, {
        method: "POST",
        headers: { "HX-Request": "true", "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      const html = await answer.text();
      const holder = document.createElement("tbody");
      holder.innerHTML = html.trim();
      const fresh = holder.querySelector("tr");
      if (!fresh) return null;
      row.replaceWith(fresh);
      showCount(answer.headers.get("X-Arbiter-Results"));
      if (answer.headers.get("X-Arbiter-Status")) {
        fresh.focus();
        return null;
      }
      return fresh;
    } finally {
      busy = false;
    }
  }

  function moveOn(row) {
    const next = nextEmpty(row);
    if (next) next.focus();
    else nextStep();
  }

  async function enter(row, result) {
    const before = row.dataset.result;
    const game = row.dataset.game;
    const fresh = await save(row, result);
    if (!fresh) return;
    done.push({ game, before });
    if (undoButton) undoButton.disabled = false;
    moveOn(fresh);
  }

  async function undo() {
    const last = done.pop();
    if (undoButton) undoButton.disabled = done.length === 0;
    if (!last) return;
    const row = document.getElementById(`game-${last.game}`);
    if (!row) return;
    const fresh = await save(row, last.before);
    if (fresh) {
      const form = document.getElementById("next-round-form");
      if (form && fresh.dataset.result === "*") form.hidden = true;
      fresh.focus();
    }
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Backspace" && event.target.id === "next-round") {
      event.preventDefault();
      if (!busy) undo();
      return;
    }
    const row = event.target.closest("tr.entry");
    if (!row || event.target !== row || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key in keys) {
      event.preventDefault();
      if (!busy) enter(row, keys[event.key]);
    } else if (event.key === "Backspace") {
      event.preventDefault();
      if (!busy) undo();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const all = rows();
      const to = all[all.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1)];
      if (to) to.focus();
    }
  });
  if (undoButton) undoButton.addEventListener("click", () => { if (!busy) undo(); });
  const first = nextEmpty(null);
  if (first) first.focus();
  else if (rows().length) nextStep();
})();
