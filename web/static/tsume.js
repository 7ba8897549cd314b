// tsume serve: the pages' script (practice, solve). Our own, no library.
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const KANJI = { R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩', '(GH)': 'グ', '(LI)': '獅' };
  // A drop in USI is the dropped kind's token, '*' and the square: 'G*5b',
  // '(GH)*9c' for a fairy piece (docs/fairy.md); a board move has no '*'.
  const isDrop = (m) => m.includes('*');
  const RANKS = 'abcdefghi';

  // api calls the JSON API; an error answer throws an Error with the
  // server's message, status and field.
  async function api(method, path, body) {
    const opts = { method: method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
      const err = new Error((data && data.error) || ('HTTP ' + res.status));
      err.status = res.status;
      err.field = data && data.field;
      throw err;
    }
    return data;
  }

  // showSVG puts an SVG document into container and returns its <svg>.
  function showSVG(container, svg) {
    const i = svg.indexOf('<svg');
    container.innerHTML = i >= 0 ? svg.slice(i) : svg;
    return container.querySelector('svg');
  }

  // overlay lays a clickable rectangle with data-square="5e" over each
  // square of the board drawn in svg.
  function overlay(svg, onClick) {
    const board = svg && svg.querySelector('rect.board');
    if (!board) return;
    const bx = +board.getAttribute('x'), by = +board.getAttribute('y');
    const cw = +board.getAttribute('width') / 9, ch = +board.getAttribute('height') / 9;
    const g = document.createElementNS(SVGNS, 'g');
    g.setAttribute('id', 'squares');
    for (let rank = 0; rank < 9; rank++) {
      for (let file = 9; file >= 1; file--) {
        const r = document.createElementNS(SVGNS, 'rect');
        const name = String(file) + RANKS[rank];
        r.setAttribute('x', bx + (9 - file) * cw);
        r.setAttribute('y', by + rank * ch);
        r.setAttribute('width', cw);
        r.setAttribute('height', ch);
        r.setAttribute('class', 'sq');
        r.setAttribute('data-square', name);
        r.addEventListener('click', () => onClick(name));
        g.appendChild(r);
      }
    }
    svg.appendChild(g);
  }

  // layout is the board pictures' layout for this screen: portrait (the
  // hands above and below the board) on a narrow one, where the board then
  // takes the screen's width; landscape (the hands at its sides) else.
  function layout() {
    return window.matchMedia('(max-width: 600px)').matches ? 'portrait' : 'landscape';
  }

  function squareEl(name) { return document.querySelector('[data-square="' + name + '"]'); }

  function setStatus(el, text, attr, value) {
    el.textContent = text;
    el.setAttribute(attr, value);
  }

  function randomSeed() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return String(a[0] * 4294967296 + a[1]);
  }

  // sessionId is the browser's opaque session name, kept in localStorage.
  function sessionId() {
    let s = null;
    try { s = localStorage.getItem('tsume-session'); } catch (e) { s = null; }
    if (!s || !/^[A-Za-z0-9_-]{8,64}$/.test(s)) {
      const a = new Uint8Array(12);
      crypto.getRandomValues(a);
      s = Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
      try { localStorage.setItem('tsume-session', s); } catch (e) { /* private mode */ }
    }
    return s;
  }

  function fillMoves(ol, ja) {
    ol.textContent = '';
    for (const m of ja) {
      const li = document.createElement('li');
      li.textContent = m;
      ol.appendChild(li);
    }
  }

  // ---- practice ----

  const RATINGS = { easy: [0, 1450], medium: [1450, 1650], hard: [1650, 0] };
  const TIMED_SECONDS = 180;

  function practice() {
    const P = {
      problem: null, st: null, history: [], sel: null, locked: true, hinted: null,
      revealed: false, wrongs: 0, started: 0, recorded: false, moved: false,
      mode: 'normal', score: 0, deadline: 0, timer: 0, over: false, pending: null,
      session: sessionId(),
    };
    const status = $('status');

    function buttons() {
      const active = P.problem !== null && !P.over;
      $('hint').disabled = !active || P.locked || P.st.side_to_move !== 'black';
      $('reveal').disabled = !active || P.revealed;
      $('takeback').disabled = !active || P.history.length === 0 || P.busy;
      $('next').disabled = P.problem === null || (P.over && P.mode !== 'normal');
    }

    function query() {
      const q = new URLSearchParams();
      const plies = $('length').value;
      if (plies) q.set('plies', plies);
      const r = RATINGS[$('difficulty').value];
      if (r) {
        if (r[0]) q.set('min_rating', r[0]);
        if (r[1]) q.set('max_rating', r[1]);
      }
      const th = $('theme').value;
      if (th) q.set('theme', th);
      const src = $('source').value;
      if (src) q.set('method', src);
      return q;
    }

    // noProblem says why no problem came: with a theme asked for, that
    // the bank has none of it at this length.
    function noProblem(err, q) {
      if (err.status === 404 && q.has('theme')) {
        const o = $('theme').selectedOptions[0];
        return 'The bank has no problem with the theme ' + o.textContent + (q.has('plies') ? ' at this length.' : '.') +
          ' Choose another theme or length.';
      }
      if (err.status === 404 && q.get('method') === 'realistic') {
        return 'The bank has no game-like problem' + (q.has('plies') ? ' at this length' : '') +
          ' (tsume generate --style realistic --bank adds them). Choose another source or length.';
      }
      if (err.status === 404 && q.has('method')) {
        return 'The bank has no problem mined from games' + (q.has('plies') ? ' at this length' : '') +
          ' (tsume mine --bank adds them). Choose another source or length.';
      }
      return err.message;
    }

    async function loadProblem() {
      if (P.problem && !P.recorded && P.moved) record(false);
      const q = query();
      q.set('seed', randomSeed());
      q.set('layout', layout());
      let p;
      try {
        p = await api('GET', '/api/v1/problems/random?' + q);
      } catch (err) {
        if (err.status === 404 && (q.has('min_rating') || q.has('max_rating'))) {
          q.delete('min_rating');
          q.delete('max_rating');
          try {
            p = await api('GET', '/api/v1/problems/random?' + q);
          } catch (err2) {
            setStatus(status, noProblem(err2, q), 'data-result', 'error');
            return;
          }
        } else {
          setStatus(status, noProblem(err, q), 'data-result', 'error');
          return;
        }
      }
      Object.assign(P, { problem: p, st: p.state, history: [], sel: null, hinted: null, locked: false,
        revealed: false, wrongs: 0, started: Date.now(), recorded: false, moved: false });
      $('solution').hidden = true;
      $('problem-info').textContent = 'Problem ' + p.id + ' · ' + p.plies + (p.plies === 1 ? ' ply' : ' plies') +
        ' · rating ' + Math.round(p.rating.r) + (p.rules ? ' · rules ' + p.rules : '') +
        (p.board === 'fairy' ? ' · fairy pieces' : '');
      $('problem-info').setAttribute('data-problem', p.id);
      setStatus(status, goalText(p), 'data-result', '');
      render();
    }

    // goalText says what the problem asks, by its stipulation and rules.
    function goalText(p) {
      const rules = p.rules ? ' under ' + p.rules + ' rules' : '';
      if (p.stip === 'help') return 'Helpmate (ばか詰) in ' + p.plies + rules + ': Black checks on every move, and both sides help Black mate.';
      if (p.stip === 'helpself') return 'Help-selfmate in ' + p.plies + rules + ': Black checks on every move, and White\'s last move mates Black.';
      return 'Black to play and mate in ' + p.plies + rules + '.';
    }

    function render() {
      const st = P.st;
      const svg = showSVG($('board'), st.board_svg);
      overlay(svg, clickSquare);
      const hand = $('hand');
      hand.textContent = '';
      for (const h of st.hands.black) {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('data-hand', h.piece);
        b.setAttribute('aria-pressed', P.sel && P.sel.drop === h.piece ? 'true' : 'false');
        b.title = 'drop ' + h.piece;
        b.textContent = KANJI[h.piece] + (h.count > 1 ? h.count : '');
        b.addEventListener('click', () => clickHand(h.piece));
        hand.appendChild(b);
      }
      fillMoves($('movelist'), st.moves_ja);
      if (P.sel && P.sel.from) mark(P.sel.from, 'selected');
      if (P.sel) for (const t of targets(P.sel)) mark(t, 'target');
      if (P.hinted) {
        if (P.hinted.drop) {
          const b = document.querySelector('[data-hand="' + P.hinted.piece + '"]');
          if (b) b.classList.add('hinted');
        } else {
          mark(P.hinted.square, 'hinted');
        }
      }
      buttons();
    }

    function mark(square, cls) {
      const el = squareEl(square);
      if (el) el.classList.add(cls);
    }

    // targets lists the destination squares of the selection.
    function targets(sel) {
      const out = [];
      for (const m of P.st.legal_moves) {
        if (sel.from && !isDrop(m) && m.slice(0, 2) === sel.from) out.push(m.slice(2, 4));
        if (sel.drop && m.startsWith(sel.drop + '*')) out.push(m.slice(sel.drop.length + 1));
      }
      return out;
    }

    function canMoveFrom(sq) {
      return P.st.legal_moves.some((m) => !isDrop(m) && m.slice(0, 2) === sq);
    }

    function playable() {
      return P.problem && !P.locked && !P.over && !P.busy && P.st.side_to_move === 'black';
    }

    function clickSquare(sq) {
      if (!playable()) return;
      const legal = P.st.legal_moves;
      if (P.sel && P.sel.from && P.sel.from !== sq) {
        const cands = legal.filter((m) => !isDrop(m) && m.slice(0, 4) === P.sel.from + sq);
        if (cands.length === 2) {
          P.pending = P.sel.from + sq;
          $('promotion').showModal();
          return;
        }
        if (cands.length === 1) {
          send(cands[0]);
          return;
        }
      } else if (P.sel && P.sel.drop) {
        const m = P.sel.drop + '*' + sq;
        if (legal.includes(m)) {
          send(m);
          return;
        }
      }
      P.sel = (!P.sel || P.sel.from !== sq) && canMoveFrom(sq) ? { from: sq } : null;
      render();
    }

    function clickHand(piece) {
      if (!playable()) return;
      P.sel = P.sel && P.sel.drop === piece ? null : { drop: piece };
      render();
    }

    function choosePromotion(promote) {
      $('promotion').close();
      const base = P.pending;
      P.pending = null;
      if (base) send(promote ? base + '+' : base);
    }

    async function send(move) {
      P.sel = null;
      P.hinted = null;
      P.busy = true;
      P.moved = true;
      buttons();
      let ans;
      try {
        ans = await api('POST', '/api/v1/problems/' + P.problem.id + '/move', { moves: P.st.moves, move: move, layout: layout() });
      } catch (err) {
        P.busy = false;
        setStatus(status, err.message, 'data-result', 'error');
        render();
        return;
      }
      P.busy = false;
      P.history.push(P.st);
      P.st = ans.state;
      setStatus(status, ans.explanation, 'data-result', ans.result);
      status.setAttribute('data-reason', ans.reason || '');
      if (ans.result === 'wrong') {
        P.wrongs++;
        P.locked = true;
        if (P.mode === 'streak') endRun('Streak over: ' + P.score + ' solved in a row.');
      } else if (ans.result === 'solved') {
        P.locked = true;
        record(!P.revealed && P.wrongs === 0);
        if (P.mode !== 'normal' && !P.revealed) {
          P.score++;
          showScore();
          setTimeout(() => { if (!P.over) loadProblem(); }, 1200);
        }
      } else {
        P.locked = false;
      }
      render();
    }

    function takeback() {
      if (P.history.length === 0 || P.over) return;
      P.st = P.history.pop();
      P.sel = null;
      P.hinted = null;
      P.locked = false;
      setStatus(status, 'Taken back: your move.', 'data-result', '');
      status.setAttribute('data-reason', '');
      render();
    }

    async function hint() {
      if (!playable()) return;
      try {
        const h = await api('GET', '/api/v1/problems/' + P.problem.id + '/hint?moves=' + encodeURIComponent(P.st.moves.join(' ')));
        P.hinted = h;
        setStatus(status, h.drop ? 'Hint: drop a ' + KANJI[h.piece] + ' (' + h.piece + ').' : 'Hint: move the piece on ' + h.square + '.', 'data-result', 'hint');
      } catch (err) {
        setStatus(status, err.message, 'data-result', 'error');
      }
      render();
    }

    async function reveal() {
      if (!P.problem) return;
      try {
        const s = await api('GET', '/api/v1/problems/' + P.problem.id + '/solution');
        P.revealed = true;
        const el = $('solution');
        el.textContent = 'Solution: ' + s.ja.join(' ') + '  (' + s.usi.join(' ') + ')';
        el.hidden = false;
        record(false);
        if (P.mode === 'streak') endRun('Streak over: ' + P.score + ' solved in a row.');
      } catch (err) {
        setStatus(status, err.message, 'data-result', 'error');
      }
      buttons();
    }

    async function record(solved) {
      if (P.recorded || !P.problem) return;
      P.recorded = true;
      try {
        const r = await api('POST', '/api/v1/attempts', {
          problem_id: P.problem.id, session: P.session, solved: solved, duration_ms: Date.now() - P.started,
        });
        $('problem-info').textContent += ' → ' + Math.round(r.problem_rating.r) + ' (your rating ' + Math.round(r.session_rating.r) + ')';
      } catch (err) {
        // Recording is best effort: the problem goes on.
      }
    }

    function showScore() {
      const el = $('score');
      el.setAttribute('data-score', P.score);
      el.textContent = P.mode === 'normal' ? '' : (P.mode === 'streak' ? 'Streak: ' : 'Solved: ') + P.score;
    }

    function endRun(text) {
      P.over = true;
      P.locked = true;
      clearInterval(P.timer);
      setStatus(status, text, 'data-result', 'over');
      render();
    }

    function tick() {
      const left = Math.max(0, Math.round((P.deadline - Date.now()) / 1000));
      $('timer').textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0');
      if (left === 0) endRun('Time is up: ' + P.score + ' solved.');
    }

    function start() {
      P.mode = $('mode').value;
      P.score = 0;
      P.over = false;
      clearInterval(P.timer);
      $('timer').textContent = '';
      showScore();
      if (P.mode === 'timed') {
        P.deadline = Date.now() + TIMED_SECONDS * 1000;
        tick();
        P.timer = setInterval(tick, 500);
      }
      loadProblem();
    }

    $('practice-form').addEventListener('submit', (e) => { e.preventDefault(); start(); });
    $('next').addEventListener('click', loadProblem);
    $('hint').addEventListener('click', hint);
    $('reveal').addEventListener('click', reveal);
    $('takeback').addEventListener('click', takeback);
    $('promote').addEventListener('click', () => choosePromotion(true));
    $('no-promote').addEventListener('click', () => choosePromotion(false));
    $('promotion').addEventListener('cancel', () => { P.pending = null; });
  }

  // ---- solve ----

  function solvePage() {
    const status = $('solve-status');
    const board = $('result-board');
    let urls = [];
    // S is the answer shown and the board's place in it: after ply moves
    // of the main line, or, when alt is a finding's index, after the main
    // line's first ply-1 moves and the finding's move (a finding with no
    // move, 駒余り: the main line's end).
    const S = { r: null, ply: 0, alt: -1, token: 0, pics: new Map() };

    function download(a, text, type) {
      const u = URL.createObjectURL(new Blob([text], { type: type }));
      urls.push(u);
      a.href = u;
    }

    // picture returns the SVG of the position sfen, after move when
    // given, drawn by the server (GET /api/v1/board.svg), remembered.
    async function picture(sfen, move) {
      const url = '/api/v1/board.svg?sfen=' + encodeURIComponent(sfen) +
        (move ? '&move=' + encodeURIComponent(move) : '') + '&layout=' + layout();
      if (!S.pics.has(url)) {
        const res = await fetch(url);
        if (!res.ok) {
          let msg = 'HTTP ' + res.status;
          try { msg = (await res.json()).error || msg; } catch (e) { /* not JSON */ }
          throw new Error(msg);
        }
        S.pics.set(url, await res.text());
      }
      return S.pics.get(url);
    }

    function plies() { return S.r ? S.r.solution.pv.length : 0; }
    function findings() { const v = S.r && S.r.solution.verdict; return v ? v.findings : []; }

    // show draws the board at S.ply (and S.alt), marks the move list and
    // the findings, and sets the buttons.
    async function show() {
      const r = S.r, s = r.solution, n = plies();
      const token = ++S.token;
      const shown = S.alt >= 0 ? findings()[S.alt] : null;
      const f = shown && shown.move ? shown : null; // a move off the main line
      let sfen, move, caption;
      if (f) {
        sfen = r.line_sfens[f.ply - 1];
        move = f.move;
        caption = 'Ply ' + f.ply + ', ' + f.class + ' (' + f.class_en + '): ' + f.move_ja +
          ' instead of the main line\'s ' + s.pv_ja[f.ply - 1] + '.';
      } else if (S.ply === 0) {
        sfen = r.line_sfens[0];
        caption = n > 0 ? 'The problem: ' + n + (n === 1 ? ' ply' : ' plies') + ' to play.' : 'The position.';
      } else {
        sfen = r.line_sfens[S.ply - 1];
        move = s.pv[S.ply - 1];
        caption = 'Ply ' + S.ply + ' of ' + n + ': ' + s.pv_ja[S.ply - 1] + (S.ply === n && s.status === 'mate' ? ', mate.' : '.');
        if (shown) caption += ' ' + shown.class + ' (' + shown.class_en + '): ' + ((r.details && r.details[S.alt]) || shown.text) + '.';
      }
      let svg;
      try {
        svg = !move && layout() === 'landscape' ? r.board_svg : await picture(sfen, move);
      } catch (err) {
        if (token === S.token) $('board-caption').textContent = err.message;
        return;
      }
      if (token !== S.token) return; // a later step was asked meanwhile
      showSVG(board, svg);
      board.setAttribute('data-ply', String(f ? f.ply : S.ply));
      board.setAttribute('data-alt', f ? f.move || '' : '');
      $('board-caption').textContent = caption;
      const lis = $('result-line').children;
      for (let i = 0; i < lis.length; i++) {
        const cur = !f && i === S.ply - 1;
        lis[i].classList.toggle('current', cur);
        if (cur) lis[i].setAttribute('aria-current', 'step'); else lis[i].removeAttribute('aria-current');
      }
      for (const li of document.querySelectorAll('#result-findings li')) {
        li.classList.toggle('current', shown !== null && li.getAttribute('data-finding') === String(S.alt));
      }
      $('step-start').disabled = $('step-back').disabled = S.ply === 0 && !f;
      $('step-forward').disabled = $('step-end').disabled = S.ply === n && !f;
    }

    function go(ply) {
      S.alt = -1;
      S.ply = Math.max(0, Math.min(plies(), ply));
      show();
    }

    // step moves the board one ply; from a finding's alternative, back
    // goes to the position before it and forward to the main line's move.
    function step(d) {
      if (S.alt >= 0) {
        const f = findings()[S.alt];
        go(d < 0 ? f.ply - 1 : f.ply);
      } else {
        go(S.ply + d);
      }
    }

    function showFinding(i) {
      const f = findings()[i];
      S.alt = i;
      S.ply = f.move ? f.ply - 1 : plies(); // 駒余り: the main line's end
      show();
    }

    // fillLine lists the main line, each move a button to its position.
    function fillLine(ja) {
      const ol = $('result-line');
      ol.textContent = '';
      ja.forEach((m, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'ply';
        b.textContent = m;
        b.addEventListener('click', () => go(i + 1));
        li.appendChild(b);
        ol.appendChild(li);
      });
    }

    // fillThemes lists the themes of the main line (a mate of exact
    // length), each a button that steps the board to its ply.
    function fillThemes(s, ja) {
      const ul = $('result-themes');
      ul.textContent = '';
      const exact = s.status === 'mate' && s.length_exact;
      $('result-themes-box').hidden = !exact;
      if (!exact) return;
      if (s.themes.length === 0) {
        const li = document.createElement('li');
        li.className = 'none';
        li.textContent = 'none recognised';
        ul.appendChild(li);
        return;
      }
      s.themes.forEach((t, i) => {
        const li = document.createElement('li');
        li.setAttribute('data-theme', t.name);
        li.setAttribute('data-ply', String(t.ply));
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'theme-ply';
        b.textContent = 'ply ' + t.ply + ' ' + (ja[i] || t.name) + ' (' + t.name + ')';
        b.title = 'show the position after ply ' + t.ply;
        b.addEventListener('click', () => go(t.ply));
        li.appendChild(b);
        ul.appendChild(li);
      });
    }

    // fillFindings lists the verdict's findings under their class, each
    // class once: its heading, then each finding's ply, move (a button
    // that shows it on the board), severity and detail.
    function fillFindings(r) {
      const box = $('result-findings');
      box.textContent = '';
      const groups = new Map();
      findings().forEach((f, i) => {
        if (!groups.has(f.class)) groups.set(f.class, []);
        groups.get(f.class).push(i);
      });
      for (const [cls, idx] of groups) {
        const first = findings()[idx[0]];
        const sec = document.createElement('section');
        sec.className = 'finding-class';
        sec.setAttribute('data-class', cls);
        const h = document.createElement('h3');
        h.textContent = cls + ' — ' + first.class_en + (idx.length > 1 ? ' (' + idx.length + ')' : '');
        sec.appendChild(h);
        const ul = document.createElement('ul');
        for (const i of idx) {
          const f = findings()[i];
          const li = document.createElement('li');
          li.setAttribute('data-finding', String(i));
          li.setAttribute('data-ply', String(f.ply));
          li.setAttribute('data-move', f.move || '');
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'finding-move';
          b.textContent = 'ply ' + f.ply + (f.move_ja ? ' ' + f.move_ja : ', at the end');
          b.title = f.move ? 'show it on the board' : "show the main line's end";
          b.addEventListener('click', () => showFinding(i));
          li.appendChild(b);
          const sev = document.createElement('span');
          sev.className = 'severity';
          sev.setAttribute('data-severity', f.severity);
          sev.textContent = f.severity + (f.undecided ? '?' : '');
          li.appendChild(sev);
          li.appendChild(document.createTextNode(' ' + ((r.details && r.details[i]) || f.text)));
          ul.appendChild(li);
        }
        sec.appendChild(ul);
        box.appendChild(sec);
      }
    }

    $('solve-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      setStatus(status, 'Solving…', 'data-state', 'busy');
      $('solve-button').disabled = true;
      let r;
      try {
        // The answer's picture is the download: in the diagrams' layout.
        r = await api('POST', '/api/v1/solve', { input: $('input').value, hand: $('hand-rule').value, layout: 'landscape' });
      } catch (err) {
        setStatus(status, err.message, 'data-state', 'error');
        $('result').hidden = true;
        return;
      } finally {
        $('solve-button').disabled = false;
      }
      for (const u of urls) URL.revokeObjectURL(u);
      urls = [];
      const s = r.solution;
      let summary;
      if (s.status === 'mate') {
        summary = (s.length_exact ? 'Mate in ' : 'Mate in at most ') + s.length + (s.length === 1 ? ' ply.' : ' plies.');
      } else if (s.status === 'nomate') {
        summary = 'No mate: the attacker cannot force mate.';
      } else {
        summary = 'Unknown: the search stopped at its limit before an answer.';
      }
      $('result-summary').textContent = summary;
      $('result-summary').setAttribute('data-status', s.status);
      fillLine(s.pv_ja);
      $('result-usi').textContent = s.pv.join(' ');
      const v = s.verdict;
      $('result-verdict').textContent = v ? v.overall + (v.reason ? ' — ' + v.reason : '') : 'not judged';
      $('result-verdict').setAttribute('data-overall', v ? v.overall : '');
      Object.assign(S, { r: r, ply: 0, alt: -1 });
      S.pics.clear(); // the pictures of the previous answer
      fillFindings(r);
      fillThemes(s, r.themes_ja);
      download($('download-kif'), r.kif, 'text/plain;charset=utf-8');
      download($('download-svg'), r.board_svg, 'image/svg+xml');
      $('result').hidden = false;
      await show();
      setStatus(status, '', 'data-state', 'done');
    });
    // A problem given in the URL (/solve?sfen=…&hand=as-given, as the
    // "Your games" page links its mined problems) is filled in and solved.
    const given = new URLSearchParams(location.search);
    if (given.get('sfen')) {
      $('input').value = given.get('sfen');
      if (given.get('hand') === 'as-given' || given.get('hand') === 'remaining') $('hand-rule').value = given.get('hand');
      $('solve-form').requestSubmit();
    }
    $('step-start').addEventListener('click', () => go(0));
    $('step-back').addEventListener('click', () => step(-1));
    $('step-forward').addEventListener('click', () => step(1));
    $('step-end').addEventListener('click', () => go(plies()));
    document.addEventListener('keydown', (e) => {
      if (!S.r || $('result').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target.closest && e.target.closest('textarea, input, select')) return;
      const act = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => go(0), End: () => go(plies()) }[e.key];
      if (act) {
        e.preventDefault();
        act();
      }
    });
  }

  // ---- your games ----

  // readFile reads an uploaded record as text: UTF-8, or Shift_JIS (as
  // older KIF files are) when it is not valid UTF-8.
  async function readFile(file) {
    const buf = await file.arrayBuffer();
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch (e) {
      return new TextDecoder('shift_jis').decode(buf);
    }
  }

  function gamesPage() {
    const status = $('games-status');
    const board = $('games-board');
    // G is the game shown: the answer, the board's ply (the position
    // after that many moves), the finding shown (its index, or -1) and
    // how many moves of its mate the board shows (0: none).
    const G = { r: null, ply: 0, finding: -1, mate: 0, token: 0, pics: new Map() };

    async function picture(sfen, move) {
      const url = '/api/v1/board.svg?sfen=' + encodeURIComponent(sfen) +
        (move ? '&move=' + encodeURIComponent(move) : '') + '&layout=' + layout();
      if (!G.pics.has(url)) {
        const res = await fetch(url);
        if (!res.ok) {
          let msg = 'HTTP ' + res.status;
          try { msg = (await res.json()).error || msg; } catch (e) { /* not JSON */ }
          throw new Error(msg);
        }
        G.pics.set(url, await res.text());
      }
      return G.pics.get(url);
    }

    function plies() { return G.r ? G.r.moves.length : 0; }
    function moveNumber(ply) { return G.r.first_move + ply; }

    function describe(f) {
      const side = f.side === 'black' ? '▲' : '△';
      const len = f.length + (f.exact ? '' : '?') + '手詰';
      if (f.kind === 'missed') return 'move ' + f.move_number + ' ' + side + ': 詰み逃し (missed mate): ' + len + ' ' + f.line_ja.join(' ') + ', played ' + f.played_ja;
      if (f.kind === 'played') return 'move ' + f.move_number + ' ' + side + ': mate played, ' + len + (f.shortest ? ' (the shortest)' : ' (not the shortest)') + ': ' + f.played_ja;
      return 'move ' + f.move_number + ' ' + side + ': mate allowed: ' + f.played_ja + ' lets the opponent mate in ' + len + ' ' + f.line_ja.join(' ');
    }

    async function show() {
      const r = G.r, n = plies(), token = ++G.token;
      const f = G.finding >= 0 ? r.findings[G.finding] : null;
      let sfen = G.ply === 0 ? r.sfens[0] : r.sfens[G.ply - 1];
      let move = G.ply === 0 ? '' : r.moves[G.ply - 1];
      if (f && G.mate > 0) {
        sfen = f.line_sfens[G.mate - 1];
        move = f.line[G.mate - 1];
      }
      let svg;
      try {
        svg = await picture(sfen, move);
      } catch (err) {
        if (token === G.token) $('games-caption').textContent = err.message;
        return;
      }
      if (token !== G.token) return;
      showSVG(board, svg);
      board.setAttribute('data-ply', String(G.ply));
      board.setAttribute('data-mate', String(f ? G.mate : 0));
      if (f && G.mate > 0) {
        board.setAttribute('data-sfen', f.line_sfens[G.mate]);
        $('games-caption').textContent = 'The mate, move ' + G.mate + ' of ' + f.line.length + ': ' + f.line_ja[G.mate - 1] +
          (G.mate === f.line.length ? ', mate.' : '.');
      } else {
        board.setAttribute('data-sfen', r.sfens[G.ply]);
        $('games-caption').textContent = G.ply === 0 ? 'The start: ' + n + ' moves.' :
          'Move ' + moveNumber(G.ply - 1) + ' of ' + (r.first_move + n - 1) + ': ' + r.moves_ja[G.ply - 1] + '.';
      }
      const mate = $('games-mate');
      if (f) {
        // The mate's moves, each a button that shows the position after
        // it; the first words a button back to the game's position.
        mate.textContent = '';
        const head = document.createElement('button');
        head.type = 'button';
        head.className = 'mate-start';
        head.textContent = f.kind === 'allowed' ? 'After ' + f.played_ja + ', the opponent mates:' : 'The mate here:';
        head.addEventListener('click', () => showMate(G.finding, 0));
        mate.appendChild(head);
        f.line_ja.forEach((m, k) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'mate-move' + (G.mate === k + 1 ? ' current' : '');
          b.setAttribute('data-mate', String(k + 1));
          b.textContent = m;
          b.addEventListener('click', () => showMate(G.finding, k + 1));
          mate.appendChild(document.createTextNode(' '));
          mate.appendChild(b);
        });
        mate.appendChild(document.createTextNode(' (' + f.length + '手詰' + (f.exact ? '' : ', not proven the shortest') + ')' +
          (f.kind === 'missed' ? '; played instead: ' + f.played_ja + '.' : '.')));
        mate.setAttribute('data-kind', f.kind);
        mate.hidden = false;
      } else {
        mate.hidden = true;
      }
      const lis = $('games-moves').children;
      for (let i = 0; i < lis.length; i++) {
        const cur = i === G.ply - 1;
        lis[i].classList.toggle('current', cur);
        if (cur) lis[i].setAttribute('aria-current', 'step'); else lis[i].removeAttribute('aria-current');
      }
      for (const li of document.querySelectorAll('#games-findings li')) {
        li.classList.toggle('current', li.getAttribute('data-finding') === String(G.finding));
      }
      $('games-first').disabled = $('games-prev').disabled = G.ply === 0;
      $('games-next').disabled = $('games-last').disabled = G.ply === n;
    }

    function go(ply, finding) {
      G.ply = Math.max(0, Math.min(plies(), ply));
      G.finding = finding === undefined ? -1 : finding;
      G.mate = 0;
      show();
    }

    // showMate shows finding i at its game position, after k moves of
    // its mate.
    function showMate(i, k) {
      const f = G.r.findings[i];
      G.ply = f.kind === 'allowed' ? f.ply + 1 : f.ply;
      G.finding = i;
      G.mate = k;
      show();
    }

    function fill(r) {
      const names = (r.black || '先手') + ' vs ' + (r.white || '後手') + (r.date ? ' · ' + r.date : '');
      $('games-title').textContent = names + ' · ' + r.moves.length + ' moves (' + r.format + ')';
      const ol = $('games-moves');
      ol.textContent = '';
      ol.start = r.first_move;
      r.moves_ja.forEach((m, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = m;
        b.addEventListener('click', () => go(i + 1));
        li.appendChild(b);
        ol.appendChild(li);
      });
      const count = (k) => r.findings.filter((f) => f.kind === k).length;
      $('games-summary').textContent = 'Mates within ' + r.max_length + ' plies: ' + count('missed') + ' missed (詰み逃し), ' +
        count('played') + ' played, ' + count('allowed') + ' allowed' +
        (r.undecided ? '; ' + r.undecided + ' left undecided (a search ran out of its budget).' : '.');
      const ul = $('games-findings');
      ul.textContent = '';
      r.findings.forEach((f, i) => {
        const li = document.createElement('li');
        li.setAttribute('data-finding', String(i));
        li.setAttribute('data-kind', f.kind);
        li.setAttribute('data-ply', String(f.ply));
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'finding-move';
        b.textContent = describe(f);
        b.title = 'show the position before this move, and the mate';
        // The position before the move: where the mate was (missed,
        // played); after it for a mate allowed.
        b.addEventListener('click', () => showMate(i, 0));
        li.appendChild(b);
        ul.appendChild(li);
      });
      if (r.findings.length === 0) {
        const li = document.createElement('li');
        li.className = 'none';
        li.textContent = 'No mate within ' + r.max_length + ' plies was found in this game.';
        ul.appendChild(li);
      }
      const pl = $('games-problems');
      pl.textContent = '';
      for (const p of r.problems) {
        const li = document.createElement('li');
        li.setAttribute('data-sfen', p.sfen);
        const a = document.createElement('a');
        a.className = 'practise';
        a.href = '/solve?' + new URLSearchParams({ sfen: p.sfen, hand: 'as-given' });
        a.target = '_blank';
        a.rel = 'noopener';
        a.textContent = 'Practise: ' + p.plies + '手詰 from move ' + moveNumber(p.ply);
        li.appendChild(a);
        pl.appendChild(li);
      }
      if (r.problems.length === 0) {
        const li = document.createElement('li');
        li.className = 'none';
        li.textContent = 'none sound as a problem';
        pl.appendChild(li);
      }
      const pick = $('games-pick');
      pick.textContent = '';
      for (const g of r.games) {
        const o = document.createElement('option');
        o.value = String(g.index);
        o.textContent = (g.index + 1) + '. ' + (g.black || '先手') + ' vs ' + (g.white || '後手') + (g.date ? ' ' + g.date : '') +
          ' (' + g.moves + ' moves, line ' + g.line + ')';
        pick.appendChild(o);
      }
      pick.value = String(r.game);
      $('games-pick-label').hidden = r.games.length < 2;
      const errs = $('games-errors');
      errs.textContent = '';
      for (const e of r.errors) {
        const li = document.createElement('li');
        li.textContent = 'Not read: ' + e;
        errs.appendChild(li);
      }
      errs.hidden = r.errors.length === 0;
    }

    async function mine(game) {
      const input = $('games-input').value;
      setStatus(status, 'Mining… every position of the game is searched for a mate.', 'data-state', 'busy');
      $('games-button').disabled = true;
      const body = { input: input };
      if (game !== undefined) body.game = game;
      let r;
      try {
        r = await api('POST', '/api/v1/games', body);
      } catch (err) {
        setStatus(status, err.message, 'data-state', 'error');
        $('games-result').hidden = true;
        $('games-errors').hidden = true;
        return;
      } finally {
        $('games-button').disabled = false;
      }
      G.r = r;
      G.pics.clear();
      fill(r);
      $('games-result').hidden = false;
      go(0);
      setStatus(status, 'Done: ' + r.findings.length + (r.findings.length === 1 ? ' finding.' : ' findings.'), 'data-state', 'done');
    }

    $('games-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const pick = $('games-pick');
      mine($('games-pick-label').hidden || !pick.value ? undefined : +pick.value);
    });
    $('games-pick').addEventListener('change', () => mine(+$('games-pick').value));
    $('games-input').addEventListener('input', () => { $('games-pick-label').hidden = true; });
    $('games-file').addEventListener('change', async () => {
      const f = $('games-file').files[0];
      if (!f) return;
      try {
        $('games-input').value = await readFile(f);
      } catch (err) {
        setStatus(status, f.name + ': ' + err.message, 'data-state', 'error');
        return;
      }
      $('games-pick-label').hidden = true;
      mine();
    });
    $('games-first').addEventListener('click', () => go(0));
    $('games-prev').addEventListener('click', () => go(G.ply - 1));
    $('games-next').addEventListener('click', () => go(G.ply + 1));
    $('games-last').addEventListener('click', () => go(plies()));
    document.addEventListener('keydown', (e) => {
      if (!G.r || $('games-result').hidden || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target.closest && e.target.closest('textarea, input, select')) return;
      const act = { ArrowLeft: () => go(G.ply - 1), ArrowRight: () => go(G.ply + 1), Home: () => go(0), End: () => go(plies()) }[e.key];
      if (act) {
        e.preventDefault();
        act();
      }
    });
  }

  const pages = { practice: practice, solve: solvePage, games: gamesPage };
  const run = pages[document.body.getAttribute('data-page')];
  if (run) run();
})();
