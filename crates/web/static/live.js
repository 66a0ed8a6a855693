// Live games (issue #15): the board device, the arbiter's dashboard and the public live boards.
// No rules here: every action is one event posted to the server, which rules on it with the
// Laws engine and keeps the game's log; the pages show what the server answers. The server is
// authoritative for time: a running clock is counted down from the server's state and set
// again at every re-sync (GET /api/games/{id}/live).
"use strict";

(() => {
  const GLYPH = { k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };
  const GERMAN_PIECES = { S: "N", L: "B", T: "R", D: "Q" };
  const SYNC_MS = 2000;
  const GERMAN = document.documentElement.lang === "de";
  const RETRY_MS = 2000;
  const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  /** The state of a board without a live game (no time control yet). */
  const BLANK = { fen: START, moves: [], rulings: [], options: [], choices: [], illegal_moves: [0, 0], white_ms: 0, black_ms: 0, at_ms: 0, now_ms: 0, running: null, turn: "white", result: null, draw_offer: null, question: null };

  /** The data-t-* texts of an element as an object (data-t-to-move -> toMove). */
  function texts(el) {
    const out = {};
    for (const [k, v] of Object.entries(el.dataset)) {
      if (k.startsWith("t") && k.length > 1 && k[1] === k[1].toUpperCase()) {
        out[k[1].toLowerCase() + k.slice(2)] = v;
      }
    }
    return out;
  }

  /** The 64 squares of a FEN as {square: "e4", piece: "P"|null}, rank 8 first. */
  function squaresOf(fen) {
    const rows = fen.split(" ")[0].split("/");
    const out = [];
    rows.forEach((row, r) => {
      let file = 0;
      for (const c of row) {
        if (/\d/.test(c)) {
          for (let i = 0; i < Number(c); i++) {
            out.push({ square: "abcdefgh"[file] + (8 - r), piece: null });
            file++;
          }
        } else {
          out.push({ square: "abcdefgh"[file] + (8 - r), piece: c });
          file++;
        }
      }
    });
    return out;
  }

  /** Milliseconds as a clock shows them: 1:05:09, 4:59, 0:09.4 under ten seconds. */
  function clockText(ms) {
    ms = Math.max(0, ms);
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, "0");
    if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${sec}`;
    if (ms < 10000) return `${m}:${sec},${Math.floor((ms % 1000) / 100)}`;
    return `${m}:${sec}`;
  }

  /** The clocks of a state now: the running side's time counted down since the sync. */
  function clocksNow(live, syncedAt) {
    const elapsed = live.now_ms - live.at_ms + (Date.now() - syncedAt);
    return {
      white: live.white_ms - (live.running === "white" ? elapsed : 0),
      black: live.black_ms - (live.running === "black" ? elapsed : 0),
    };
  }

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else e.setAttribute(k, v);
    }
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /** A ruling as one line in the page's language: "2 Minuten Bedenkzeit für Schwarz
   * hinzugefügt — Art. 7.5.5" (the server words it). */
  function rulingText(c) {
    return c.text || `${c.ruling} — ${c.article}`;
  }

  /** A move of the record as the reader writes it (German: Sf3, Lb5, Td1, Dh5, e8=D). */
  function shown(san) {
    if (!GERMAN) return san;
    const de = { N: "S", B: "L", R: "T", Q: "D" };
    return san.replace(/^[NBRQ]/, (c) => de[c]).replace(/=([NBRQ])/, (_, c) => "=" + de[c]);
  }

  /** The refusal of an answer in the page's language. */
  function refusal(body, status) {
    return (GERMAN && body.error_de) || body.error || String(status);
  }

  /** The game record as numbered move pairs. */
  function fillRecord(list, moves) {
    list.replaceChildren();
    for (let i = 0; i < moves.length; i += 2) {
      const li = el("li");
      li.append(el("span", { class: "mw" }, shown(moves[i])));
      if (moves[i + 1]) li.append(el("span", { class: "mb" }, shown(moves[i + 1])));
      list.append(li);
    }
  }

  /** A short line of a game's state: who is on move, offers, questions, result. */
  function stateLine(live, t) {
    const side = (c) => (c === "white" ? t.white : t.black);
    if (live.result) {
      return `${t.result}: ${live.result.replaceAll("1/2", "½")}${live.result_article ? " — " + live.result_article : ""}`;
    }
    const parts = [];
    const events = live.events !== undefined ? live.events : live.rulings.length;
    if (events === 0) parts.push(t.notStarted);
    else parts.push(`${side(live.turn)} ${t.toMove}`);
    if (live.draw_offer) parts.push(`${t.offerOpen} ${side(live.draw_offer)}`);
    if (live.question) parts.push(t.waiting);
    else if (!live.running && events > 0) parts.push(t.stopped);
    return parts.join(" · ");
  }

  /** A small board (no input) for the dashboard and the public page. */
  function miniBoard(fen) {
    const board = el("div", { class: "board mini", "aria-hidden": "true" });
    for (const sq of squaresOf(fen)) {
      const file = sq.square.charCodeAt(0) - 97;
      const rank = Number(sq.square[1]);
      const cell = el("span", { class: (file + rank) % 2 === 0 ? "sq dark" : "sq light" });
      if (sq.piece) {
        const white = sq.piece === sq.piece.toUpperCase();
        cell.append(el("span", { class: white ? "pc w" : "pc b" }, GLYPH[sq.piece.toLowerCase()] + "\uFE0E"));
      }
      board.append(cell);
    }
    return board;
  }

  // ---------------------------------------------------------------- board device
  function device(root) {
    const t = texts(root);
    const game = root.dataset.game;
    const code = root.dataset.code;
    const $ = (id) => document.getElementById(id);
    const names = { white: $("white-name").textContent, black: $("black-name").textContent };
    let live = null;
    let syncedAt = 0;
    let flipped = localStorage.getItem(`arbiter-flip:${game}`) === "1";
    let selected = null;
    let queue = Promise.resolve();
    /** The server's answer to the latest event it took. */
    let lastAnswer = null;

    // The device's name and its numbering of events survive reloads (retries apply once).
    let deviceId = localStorage.getItem("arbiter-device");
    if (!deviceId) {
      const bytes = new Uint8Array(8);
      crypto.getRandomValues(bytes);
      deviceId = "dev-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem("arbiter-device", deviceId);
    }
    const seqKey = `arbiter-seq:${game}:${code}`;
    const pendingKey = `arbiter-pending:${game}:${code}`;

    function headers() {
      return { "X-Board-Code": code, "Content-Type": "application/json" };
    }

    function showRuling(text, refused) {
      const p = $("live-ruling");
      p.textContent = text;
      p.className = refused ? "live-ruling refused" : "live-ruling";
    }

    async function sync() {
      try {
        const r = await fetch(`/api/games/${game}/live`, { headers: headers(), cache: "no-store" });
        if (!r.ok) return;
        live = await r.json();
        syncedAt = Date.now();
        render();
      } catch (_) {
        /* offline: the next sync tries again */
      }
    }

    /** Sends the pending event (kept in localStorage until the server answered): `null` when
     * the network failed (it stays pending), else whether the server took it. */
    async function flushOnce() {
      const pending = JSON.parse(localStorage.getItem(pendingKey) || "null");
      if (!pending) return true;
      try {
        const url = `/api/games/${game}/events?device=${encodeURIComponent(deviceId)}&seq=${pending.seq}`;
        const r = await fetch(url, { method: "POST", headers: headers(), body: JSON.stringify(pending.event) });
        localStorage.removeItem(pendingKey);
        const body = await r.json().catch(() => ({}));
        if (r.ok) {
          lastAnswer = body;
          showRuling((body.rulings || []).map(rulingText).join("\n"), false);
        }
        else showRuling(`${t.refused}: ${refusal(body, r.status)}`, true);
        await sync();
        return r.ok;
      } catch (_) {
        showRuling(t.offline, true);
        return null;
      }
    }

    /** Sends the pending event until the server answers (a lost network is waited out). */
    async function drain() {
      let outcome = await flushOnce();
      while (outcome === null) {
        await new Promise((done) => setTimeout(done, RETRY_MS));
        outcome = await flushOnce();
      }
      return outcome;
    }

    /** Posts one event with the device's next number, after the events before it. */
    function post(event) {
      const run = async () => {
        await drain();
        const seq = Number(localStorage.getItem(seqKey) || "0") + 1;
        localStorage.setItem(seqKey, String(seq));
        localStorage.setItem(pendingKey, JSON.stringify({ seq, event }));
        return drain();
      };
      queue = queue.then(run, run);
      return queue;
    }

    /** The SAN of a typed move (German piece letters too), else the text as typed. */
    function readMove(text) {
      text = text.trim();
      if (!live) return text;
      const legal = live.legal_moves;
      const plain = (s) => s.replace(/[+#!?]/g, "").replace(/0/g, "O");
      const hit = (s) => legal.find((m) => plain(m.san) === plain(s) || m.uci === s.toLowerCase());
      const found = hit(text) || hit(text.replace(/^[SLTD]/, (c) => GERMAN_PIECES[c]).replace(/=([SLTD])$/, (_, c) => "=" + GERMAN_PIECES[c]));
      return found ? found.san : text;
    }

    async function playMove(text) {
      if (!live || !text) return;
      const ok = await post({ event: "move", by: live.turn, move: text });
      // A refused move (touch-move, a written move) moved nothing: no press (7.5.3).
      const refused = lastAnswer && lastAnswer.move_refused;
      if (ok && !refused && $("auto-press").checked && live && live.running && !live.result) {
        await post({ event: "press", by: live.running });
      }
    }

    function tap(square) {
      if (!live) return;
      if (!selected) {
        const sq = squaresOf(live.fen).find((s) => s.square === square);
        if (sq && sq.piece) selected = square;
        render();
        return;
      }
      if (selected === square) {
        selected = null;
        render();
        return;
      }
      const uci = selected + square;
      selected = null;
      const matches = live.legal_moves.filter((m) => m.uci.startsWith(uci));
      const promo = $("promotion").value;
      const move = matches.find((m) => m.uci.length === 4 || m.uci.endsWith(promo));
      playMove(move ? move.san : uci);
      render();
    }

    function drawBoard() {
      const board = $("board");
      board.replaceChildren();
      let squares = squaresOf(live.fen);
      if (flipped) squares = squares.reverse();
      for (const sq of squares) {
        const file = sq.square.charCodeAt(0) - 97;
        const rank = Number(sq.square[1]);
        const cls = ["sq", (file + rank) % 2 === 0 ? "dark" : "light"];
        if (sq.square === selected) cls.push("selected");
        const b = el("button", { type: "button", class: cls.join(" "), "data-square": sq.square, "aria-label": sq.square });
        if (sq.piece) {
          const white = sq.piece === sq.piece.toUpperCase();
          b.append(el("span", { class: white ? "pc w" : "pc b" }, GLYPH[sq.piece.toLowerCase()] + "\uFE0E"));
        }
        board.append(b);
      }
    }

    function drawClocks() {
      if (!live) return;
      const c = clocksNow(live, syncedAt);
      const [top, bottom] = flipped ? ["white", "black"] : ["black", "white"];
      $("clock-top").textContent = clockText(c[top]);
      $("clock-bottom").textContent = clockText(c[bottom]);
      $("player-top").classList.toggle("running", live.running === top);
      $("player-bottom").classList.toggle("running", live.running === bottom);
      $("player-top").classList.toggle("low", c[top] < 60000);
      $("player-bottom").classList.toggle("low", c[bottom] < 60000);
    }

    function render() {
      if (!live) return;
      const [top, bottom] = flipped ? ["white", "black"] : ["black", "white"];
      $("name-top").textContent = `${top === "white" ? t.white : t.black}: ${names[top]}`;
      $("name-bottom").textContent = `${bottom === "white" ? t.white : t.black}: ${names[bottom]}`;
      drawBoard();
      drawClocks();
      $("live-status").textContent = stateLine(live, t);
      $("start-clock").hidden = live.rulings.length > 0;
      fillRecord($("record"), live.moves);
      const list = $("rulings");
      list.replaceChildren();
      for (const step of live.rulings.slice().reverse()) {
        for (const c of step.rulings) list.append(el("li", {}, `${step.seq}. ${rulingText(c)}`));
      }
      const over = Boolean(live.result);
      for (const b of document.querySelectorAll("button[data-event], #press, #move-send")) b.disabled = over;
    }

    $("board").addEventListener("click", (e) => {
      const b = e.target.closest("[data-square]");
      if (b) tap(b.dataset.square);
    });
    $("move-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = readMove($("move-text").value);
      $("move-text").value = "";
      playMove(text);
    });
    $("press").addEventListener("click", () => {
      if (live && live.running) post({ event: "press", by: live.running });
      else if (live) post({ event: "press", by: live.turn === "white" ? "black" : "white" });
    });
    $("start-clock").addEventListener("click", () => post({ event: "start_clock" }));
    $("flip").addEventListener("click", () => {
      flipped = !flipped;
      localStorage.setItem(`arbiter-flip:${game}`, flipped ? "1" : "0");
      render();
    });
    document.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-event]");
      if (!b) return;
      if (b.dataset.confirm && !confirm(t.resignConfirm)) return;
      const event = { event: b.dataset.event };
      if (b.dataset.by) event.by = b.dataset.by;
      if (b.dataset.written) {
        const input = $(b.dataset.written);
        if (input.value.trim()) event.move = readMove(input.value);
        input.value = "";
      }
      if (b.dataset.square) {
        // The square of the piece the opponent touched (Art. 4.3, claimed under 4.8).
        const input = $(b.dataset.square);
        event.square = input.value.trim().toLowerCase();
        input.value = "";
      }
      post(event);
    });

    queue = queue.then(drain).then(sync);
    setInterval(sync, SYNC_MS);
    setInterval(drawClocks, 100);
  }

  // ---------------------------------------------------------------- arbiter's dashboard
  function dashboard(root) {
    const t = texts(root);
    const { section, round, csrf } = root.dataset;
    const box = document.getElementById("dashboard-boards");
    const error = document.getElementById("dashboard-error");
    let boards = [];
    let syncedAt = 0;
    let last = "";

    function fail(text) {
      error.hidden = !text;
      error.textContent = text || "";
    }

    async function send(game, event) {
      const r = await fetch(`/api/games/${game}/events`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
        body: typeof event === "string" ? event : JSON.stringify(event),
      });
      const body = await r.json().catch(() => ({}));
      fail(r.ok ? "" : `${t.refused}: ${refusal(body, r.status)}`);
      await sync(true);
    }

    async function confirmResult(b) {
      const form = new URLSearchParams({ result: b.proposed, version: String(b.version), csrf });
      const r = await fetch(`/games/${b.game}/result`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
      fail(r.ok ? "" : `${t.refused}: ${r.status}`);
      await sync(true);
    }

    function card(b) {
      const live = b.live || BLANK;
      const c = el("section", { class: "dash-card", id: `dash-${b.board}`, "data-game": String(b.game) });
      c.append(el("h2", {}, `${t.board} ${b.board}: ${b.white} – ${b.black}`));
      const row = el("div", { class: "dash-row" });
      row.append(miniBoard(live.fen));
      const info = el("div", { class: "dash-info" });
      const clocks = el("p", { class: "dash-clocks" });
      clocks.append(el("span", { class: "clock", "data-side": "white" }), " · ", el("span", { class: "clock", "data-side": "black" }));
      info.append(clocks);
      const moveNo = Math.floor(live.moves.length / 2) + 1;
      info.append(el("p", { class: "dash-state" }, `${t.move} ${moveNo} · ${stateLine(live, t)}`));
      if (live.illegal_moves[0] || live.illegal_moves[1]) {
        info.append(el("p", {}, `7.5: ${t.white} ${live.illegal_moves[0]}, ${t.black} ${live.illegal_moves[1]}`));
      }
      if (live.question) {
        const q = el("div", { class: "dash-question" });
        q.append(el("p", {}, `${t.decide}: ${live.question}`));
        const buttons = el("p");
        for (const o of live.choices || []) {
          const btn = el("button", { type: "button", class: "decision", "data-choice": o.choice }, o.text);
          btn.addEventListener("click", () => send(b.game, { event: "decision", choice: o.choice }));
          buttons.append(btn, " ");
        }
        q.append(buttons);
        info.append(q);
      }
      if (!live.result) {
        // A finished game's clock is not restarted nor its flags observed (Art. 5, 6.9).
        const quick = el("p");
        for (const [name, label] of [["restart_clock", t.restart], ["observe_flags", t.observe]]) {
          const btn = el("button", { type: "button", "data-arbiter": name }, label);
          btn.addEventListener("click", () => send(b.game, { event: name }));
          quick.append(btn, " ");
        }
        info.append(quick);
      }
      if (live.result && b.proposed) {
        const p = el("p", { class: "dash-proposed" }, `${t.proposed}: ${b.proposed.replaceAll("1/2", "½")} `);
        const btn = el("button", { type: "button", class: "confirm-result" }, t.confirm);
        btn.addEventListener("click", () => confirmResult(b));
        p.append(btn);
        info.append(p);
      } else if (b.result !== "*") {
        info.append(el("p", { class: "dash-entered" }, `${t.result}: ${b.result.replaceAll("1/2", "½")}`));
      }
      row.append(info);
      c.append(row);
      const log = el("ul", { class: "rulings" });
      for (const step of live.rulings.slice().reverse()) {
        for (const r of step.rulings) log.append(el("li", {}, `${step.seq}. ${rulingText(r)}`));
      }
      c.append(log);
      c.append(eventForm(b));
      return c;
    }

    /** Milliseconds from `min:sec` or `h:min:sec` (or bare minutes); NaN if unreadable. */
    function minSec(text) {
      const parts = text.trim().split(":");
      if (parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return NaN;
      return parts.reduce((ms, p) => ms * 60 + Number(p) * 1000, 0) * (parts.length === 1 ? 60 : 1);
    }

    /** The arbiter's event the form describes (one object of a replay log line). */
    function formEvent(f) {
      const v = (name) => f.elements[name].value;
      const color = v("color");
      switch (v("kind")) {
        case "set_clock":
          return { event: "set_clock", color, remaining_ms: minSec(v("remaining")), moves_completed: Number(v("moves")), reason: v("set_reason") };
        case "adjust_time":
          return { event: "adjust_time", color, delta_ms: Math.round(Number(v("seconds")) * 1000), reason: v("adjust_reason") };
        case "penalty": {
          const penalty = { kind: v("penalty") };
          if (penalty.kind === "increase_opponent_time" || penalty.kind === "reduce_time") penalty.ms = Number(v("penalty_seconds")) * 1000;
          if (penalty.kind === "declare_lost") penalty.opponent = v("opponent");
          return { event: "penalty", against: color, penalty };
        }
        case "illegal_move_discovered":
        case "displacement_discovered":
          // The ply before the move: White's move n is ply 2(n-1), Black's 2(n-1)+1.
          return { event: v("kind"), ply: 2 * (Number(v("move_no")) - 1) + (color === "black" ? 1 : 0) };
        case "misconduct":
          return { event: "misconduct", by: color, conduct: v("conduct") };
        case "stop_clock":
          return { event: "stop_clock" };
        default:
          return JSON.parse(v("json"));
      }
    }

    /** The form of the arbiter's own events for board `b` (from the page's template). */
    function eventForm(b) {
      const f = document.getElementById("arbiter-event-form").content.firstElementChild.cloneNode(true);
      f.dataset.game = String(b.game);
      const show = () => {
        const kind = f.elements.kind.value;
        const penalty = f.elements.penalty.value;
        for (const l of f.querySelectorAll("[data-for]")) {
          const on = l.dataset.for.split(" ").includes(kind) && (!l.dataset.penalty || l.dataset.penalty.split(" ").includes(penalty));
          l.hidden = !on;
        }
      };
      f.elements.kind.addEventListener("change", show);
      f.elements.penalty.addEventListener("change", show);
      show();
      f.addEventListener("submit", (e) => {
        e.preventDefault();
        let event;
        try {
          event = formEvent(f);
        } catch (err) {
          fail(`${t.refused}: ${err.message}`);
          return;
        }
        const at = f.elements.at.value.trim();
        if (at !== "") event.at_ms = minSec(at);
        if (Number.isNaN(event.at_ms) || Number.isNaN(event.remaining_ms)) {
          fail(`${t.refused}: ${t.badTime}`);
          return;
        }
        send(b.game, event);
      });
      return f;
    }


    function drawClocks() {
      for (const b of boards) {
        const card = document.getElementById(`dash-${b.board}`);
        if (!card) continue;
        const live = b.live || BLANK;
        const c = clocksNow(live, syncedAt);
        for (const span of card.querySelectorAll(".clock")) {
          const side = span.dataset.side;
          span.textContent = `${side === "white" ? t.white : t.black} ${clockText(c[side])}`;
          span.classList.toggle("running", live.running === side);
        }
      }
    }

    async function sync(force) {
      const r = await fetch(`/api/sections/${section}/rounds/${round}/live`, { cache: "no-store" }).catch(() => null);
      if (!r || !r.ok) return;
      const text = await r.text();
      boards = JSON.parse(text);
      syncedAt = Date.now();
      // Redraw only on news, so an event being typed is not lost.
      const news = text.replace(/"now_ms":\d+/g, "");
      if (force || news !== last) {
        last = news;
        const typing = document.activeElement && document.activeElement.closest && document.activeElement.closest(".dash-event");
        if (!typing || force) {
          box.replaceChildren(...boards.map(card));
          if (boards.length === 0) box.append(el("p", {}, t.noBoards));
        }
      }
      drawClocks();
    }

    sync(true);
    setInterval(sync, SYNC_MS);
    setInterval(drawClocks, 200);
  }

  // ---------------------------------------------------------------- public live boards
  function publicBoards(root) {
    const t = texts(root);
    const { section, round } = root.dataset;
    const box = document.getElementById("public-boards");
    // The boards in board order; each with the server's time it was received at.
    let boards = [];

    function card(b) {
      const c = el("section", { class: "pub-card", id: `pub-${b.board}` });
      c.append(el("h2", {}, `${t.board} ${b.board}: ${b.white} – ${b.black}`));
      const live = b.live || BLANK;
      c.append(miniBoard(live.fen));
      const clocks = el("p", { class: "dash-clocks" });
      clocks.append(el("span", { class: "clock", "data-side": "white" }), " · ", el("span", { class: "clock", "data-side": "black" }));
      c.append(clocks);
      c.append(el("p", { class: "dash-state" }, stateLine(live, t)));
      const moves = el("ol", { class: "record" });
      fillRecord(moves, live.moves);
      c.append(moves);
      return c;
    }

    function draw() {
      box.replaceChildren();
      if (boards.length === 0) box.append(el("p", {}, t.noBoards));
      for (const b of boards) box.append(card(b));
      drawClocks();
    }

    /** The clocks of a board now: the running side's time counted down since the server's
     *  time of its clocks (`clocks_at_ms`), by the server's time when it was received. */
    function clocksOf(b) {
      const live = b.live || BLANK;
      const elapsed = live.running ? b.serverMs - live.clocks_at_ms + (Date.now() - b.receivedAt) : 0;
      return {
        white: live.white_ms - (live.running === "white" ? elapsed : 0),
        black: live.black_ms - (live.running === "black" ? elapsed : 0),
      };
    }

    function drawClocks() {
      for (const b of boards) {
        const card = document.getElementById(`pub-${b.board}`);
        if (!card) continue;
        const live = b.live || BLANK;
        const c = clocksOf(b);
        for (const span of card.querySelectorAll(".clock")) {
          const side = span.dataset.side;
          span.textContent = `${side === "white" ? t.white : t.black} ${clockText(c[side])}`;
          span.classList.toggle("running", live.running === side);
        }
      }
    }

    function stamped(data) {
      const news = JSON.parse(data);
      const receivedAt = Date.now();
      return news.boards.map((b) => Object.assign(b, { serverMs: news.server_ms, receivedAt }));
    }

    const source = new EventSource(`/sections/${section}/rounds/${round}/live/stream`);
    source.addEventListener("boards", (e) => {
      boards = stamped(e.data);
      draw();
    });
    // Only the boards that changed: each card is replaced in place.
    source.addEventListener("update", (e) => {
      for (const b of stamped(e.data)) {
        const i = boards.findIndex((o) => o.game === b.game);
        if (i < 0) continue;
        boards[i] = b;
        const old = document.getElementById(`pub-${b.board}`);
        if (old) old.replaceWith(card(b));
      }
      drawClocks();
    });
    setInterval(drawClocks, 500);
  }

  function start() {
    const d = document.querySelector("[data-page=device]");
    if (d) device(d);
    const a = document.querySelector("[data-page=dashboard]");
    if (a) dashboard(a);
    const p = document.querySelector("[data-page=public]");
    if (p) publicBoards(p);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
