package record

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tsume-shogi/tsume/shogi"
)

// ReadKIF reads a KIF record (Kakinoki's format, as Kifu for Windows and
// most shogi software write it). The text may be UTF-8 (with or without a
// byte order mark) or Shift_JIS, with LF or CRLF line ends.
//
// The start position is the board diagram (BOD) if there is one, else the
// position of the 手合割 header (平手 and the common handicaps, with White
// to move), else the initial position. The moves are the numbered move
// lines ("   1 ７六歩(77)   ( 0:16/00:00:16)"): 同, 打, 成, 不成 and the
// origin square are understood, ▲ or △ may precede a move, the times are
// skipped. Header lines ("key：value", in any order, a full-width or ASCII
// colon) are kept in Game.Headers; "*" comment lines in Game.Comments; "#"
// lines and "&" lines are skipped. The record ends at a special move (投了,
// 中断, 詰み, …), at a "まで…" line or at the first variation (変化：), whose
// moves are not read.
//
// Moves in KI2 notation (▲７六歩 △３四歩, without numbers) are read as well,
// as ReadKI2 reads them. Errors are *ParseError values naming the line.
func ReadKIF(data []byte) (*Game, error) { return readJapanese(data, FormatKIF) }

// ReadKI2 reads a KI2 record: the headers and start position of a KIF
// record (see ReadKIF), then moves written as books write them, several
// to a line or one per line: "▲７六歩    △３四歩    ▲２六歩". The turn marks
// ▲ △ (also ☗ ☖) are optional. A move without an origin is found among the
// legal moves from its destination, piece, 成 / 不成 / 打 and the words 右 左
// 直 上 引 寄; 打 may be left out when no piece on the board could make the
// move. KIF's numbered move lines are read as well.
func ReadKI2(data []byte) (*Game, error) { return readJapanese(data, FormatKI2) }

// jpReader holds the state of a KIF or KI2 reader.
type jpReader struct {
	f    Format
	g    *Game
	line int // the current line number

	// The start position as read so far.
	board      [shogi.NumSquares]shogi.Piece
	boardOpen  bool // between the two frame lines
	boardRows  int
	boardSeen  bool
	boardLine  int
	hands      [2]shogi.Hand
	side       shogi.Color
	sideSet    bool
	moveCount  int // 手数＝N of a board diagram
	handicap   string
	handicapAt int

	// The moves.
	started bool
	pos     shogi.Position
	prevTo  shogi.Square
	nextNum int // the number the next KIF move line must have; 0 before the first
	done    bool
}

func readJapanese(data []byte, f Format) (*Game, error) {
	lines, err := splitLines(f, data)
	if err != nil {
		return nil, err
	}
	g, _, err := readJapaneseAt(lines, 0, f)
	return g, err
}

// readJapaneseAt reads the KIF or KI2 record that starts at lines[from]
// and returns it with the index of the line after its last (len(lines)
// when it ends the text).
func readJapaneseAt(lines []string, from int, f Format) (*Game, int, error) {
	r := &jpReader{f: f, g: &Game{Format: f}, prevTo: shogi.NoSquare}
	next := len(lines)
	for i := from; i < len(lines); i++ {
		r.line = i + 1
		if t := trimSpace(lines[i]); r.g.Line == 0 && t != "" && t[0] != '#' {
			r.g.Line = i + 1
		}
		if err := r.readLine(lines[i]); err != nil {
			return nil, 0, err
		}
		if r.done {
			next = i + 1
			break
		}
	}
	if r.boardOpen {
		return nil, 0, errorf(f, r.boardLine, "the board diagram is not closed: want a +---------------------------+ line after the ninth row")
	}
	if !r.started {
		if !r.boardSeen && r.handicap == "" {
			return nil, 0, errorf(f, 0, "no position: want a board diagram, a 手合割 header or moves")
		}
		if err := r.start(nil); err != nil {
			return nil, 0, err
		}
	}
	return r.g, next, nil
}

func (r *jpReader) errorf(format string, args ...any) error {
	return errorf(r.f, r.line, format, args...)
}

// readLine reads one line of the record.
func (r *jpReader) readLine(raw string) error {
	t := trimSpace(raw)
	switch {
	case t == "":
		return nil
	case t[0] == '#' || t[0] == '&':
		return nil
	case t[0] == '*':
		r.g.Comments = append(r.g.Comments, Comment{Ply: len(r.g.Moves), Text: t[1:]})
		return nil
	case strings.HasPrefix(t, "変化"):
		r.done = true
		return nil
	case strings.HasPrefix(t, "まで"):
		r.g.End = t
		r.done = true
		return nil
	case strings.HasPrefix(t, "手数-") || strings.HasPrefix(t, "手数－"):
		return nil
	case strings.HasPrefix(t, "手数＝") || strings.HasPrefix(t, "手数="):
		return r.readMoveCount(t)
	case strings.HasPrefix(t, "+-"):
		return r.readFrame()
	case t[0] == '|':
		return r.readRow(t)
	case isFileLine(t):
		return nil
	case r.boardOpen:
		return r.errorf("want a board row such as | ・v桂 ・ ・ ・ ・ ・ ・ ・|一 or the closing +---------------------------+ line")
	}
	for _, h := range [...]struct {
		prefix string
		c      shogi.Color
	}{{"先手の持駒", shogi.Black}, {"後手の持駒", shogi.White}, {"下手の持駒", shogi.Black}, {"上手の持駒", shogi.White}} {
		if rest, ok := strings.CutPrefix(t, h.prefix); ok {
			return r.readHand(h.c, rest)
		}
	}
	for _, s := range [...]struct {
		word string
		c    shogi.Color
	}{{"先手番", shogi.Black}, {"後手番", shogi.White}, {"下手番", shogi.Black}, {"上手番", shogi.White}} {
		if strings.HasPrefix(t, s.word) {
			if r.started {
				return r.errorf("%s after the moves have begun", s.word)
			}
			r.side, r.sideSet = s.c, true
			return nil
		}
	}
	if isKIFMoveLine(t) {
		return r.readKIFMove(t)
	}
	if startsWithMark(t) || startsLikeMove(t) {
		return r.readKI2Moves(t)
	}
	if key, value, ok := cutHeader(t); ok {
		r.g.Headers = append(r.g.Headers, KIFHeader{Key: key, Value: value})
		if key == "手合割" {
			r.handicap, r.handicapAt = value, r.line
		}
		return nil
	}
	return r.errorf("want a header (key：value), a board diagram, a move or a comment; got %q", clip(t))
}

// isFileLine reports whether t is the file line of a board diagram,
// "９ ８ ７ ６ ５ ４ ３ ２ １".
func isFileLine(t string) bool {
	digits := 0
	for _, c := range t {
		switch {
		case digitValue(c, false) > 0:
			digits++
		case isSpace(c):
		default:
			return false
		}
	}
	return digits == 9
}

// isKIFMoveLine reports whether t is a numbered move line: digits, then
// spaces, then something.
func isKIFMoveLine(t string) bool {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 || i == len(t) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t[i:])
	return isSpace(r)
}

// startsLikeMove reports whether t starts as a move without a turn mark
// does: a file digit or 同.
func startsLikeMove(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return digitValue(r, false) > 0 || r == '同'
}

// cutHeader splits a header line "key：value" (full-width or ASCII colon).
func cutHeader(t string) (key, value string, ok bool) {
	i := strings.IndexAny(t, "：:")
	if i <= 0 {
		return "", "", false
	}
	key = trimSpace(t[:i])
	_, n := utf8.DecodeRuneInString(t[i:])
	value = trimSpace(t[i+n:])
	if key == "" {
		return "", "", false
	}
	return key, value, true
}

func (r *jpReader) readMoveCount(t string) error {
	_, rest, _ := strings.Cut(t, "＝")
	if rest == "" {
		_, rest, _ = strings.Cut(t, "=")
	}
	n := 0
	for _, c := range rest {
		d := digitValue(c, false)
		if d == 0 && c != '0' && c != '０' {
			break
		}
		if c == '０' {
			d = 0
		}
		n = n*10 + d
		if n > 1<<20 {
			return r.errorf("手数＝ is too large")
		}
	}
	r.moveCount = n
	return nil
}

func (r *jpReader) readFrame() error {
	switch {
	case r.started:
		return r.errorf("a board diagram after the moves have begun")
	case r.boardOpen:
		if r.boardRows != 9 {
			return r.errorf("the board diagram has %d rows; want 9", r.boardRows)
		}
		r.boardOpen = false
	case r.boardSeen:
		return r.errorf("a second board diagram")
	default:
		r.boardOpen, r.boardSeen, r.boardLine = true, true, r.line
	}
	return nil
}

// boardPieces are the one-character piece names of a board diagram.
var boardPieces = map[rune]shogi.Kind{
	'歩': shogi.Pawn, '香': shogi.Lance, '桂': shogi.Knight, '銀': shogi.Silver, '金': shogi.Gold,
	'角': shogi.Bishop, '飛': shogi.Rook, '玉': shogi.King, '王': shogi.King, 'と': shogi.ProPawn,
	'杏': shogi.ProLance, '圭': shogi.ProKnight, '全': shogi.ProSilver, '馬': shogi.Horse,
	'龍': shogi.Dragon, '竜': shogi.Dragon,
}

// readRow reads a board row such as "| ・v桂 ・ ・ ・ ・ ・ ・ ・|一".
func (r *jpReader) readRow(t string) error {
	if !r.boardOpen {
		return r.errorf("a board row outside the frame: want a +---------------------------+ line before it")
	}
	if r.boardRows == 9 {
		return r.errorf("a tenth board row; want the closing +---------------------------+ line")
	}
	body := t[1:]
	end := strings.IndexByte(body, '|')
	if end < 0 {
		return r.errorf("the board row does not end with |")
	}
	body = body[:end]
	rank := r.boardRows + 1
	file := 9
	color := shogi.Black
	for _, c := range body {
		switch {
		case c == 'v' || c == 'V':
			color = shogi.White
			continue
		case isSpace(c) || c == '^':
			continue
		}
		if file < 1 {
			return r.errorf("rank %d has more than 9 squares", rank)
		}
		if c != '・' {
			k, ok := boardPieces[c]
			if !ok {
				return r.errorf("want a piece (歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍) or ・ on the board, got %q", c)
			}
			r.board[shogi.NewSquare(file, rank)] = shogi.NewPiece(color, k)
		}
		color = shogi.Black
		file--
	}
	if file != 0 {
		return r.errorf("rank %d has %d squares; want 9", rank, 9-file)
	}
	r.boardRows++
	return nil
}

// readHand reads the rest of a hand line, "：飛　金二　歩十八" or "：なし".
func (r *jpReader) readHand(c shogi.Color, rest string) error {
	if r.started {
		return r.errorf("a hand after the moves have begun")
	}
	rest = trimSpace(rest)
	rest, ok := strings.CutPrefix(rest, "：")
	if !ok {
		rest, ok = strings.CutPrefix(rest, ":")
	}
	if !ok {
		return r.errorf("want ： after the hand's name")
	}
	h, msg := parseHand(rest)
	if msg != "" {
		return r.errorf("%s", msg)
	}
	r.hands[c] = h
	return nil
}

// parseHand reads a hand as board diagrams write it: pieces with kanji
// (or digit) counts separated by spaces, "飛　金二　歩十八", or "なし".
func parseHand(s string) (shogi.Hand, string) {
	var h shogi.Hand
	s = trimSpace(s)
	if s == "" || s == "なし" {
		return h, ""
	}
	seen := map[shogi.Kind]bool{}
	for len(s) > 0 {
		s = strings.TrimLeftFunc(s, isSpace)
		if s == "" {
			break
		}
		c, n := utf8.DecodeRuneInString(s)
		k, ok := boardPieces[c]
		if !ok || k < shogi.Pawn || k > shogi.Gold {
			return h, "want a piece in hand (飛 角 金 銀 桂 香 歩) with its count, such as 歩十八, or なし; got " + strconv.Quote(clip(s))
		}
		s = s[n:]
		count, rest := cutCount(s)
		s = rest
		if seen[k] {
			return h, "the hand lists " + string(c) + " twice"
		}
		seen[k] = true
		if count > shogi.MaxCount(k) {
			return h, strconv.Itoa(count) + " " + string(c) + " in hand; the set holds " + strconv.Itoa(shogi.MaxCount(k))
		}
		h = h.Set(k, count)
	}
	return h, ""
}

// cutCount reads the count after a piece in hand: kanji (二, 十, 十八),
// ASCII or full-width digits, or nothing (one).
func cutCount(s string) (int, string) {
	c, size := utf8.DecodeRuneInString(s)
	switch {
	case c == '十':
		n, rest := 10, s[size:]
		if d, size := utf8.DecodeRuneInString(rest); isKanjiDigit(d) {
			return n + digitValue(d, true), rest[size:]
		}
		return n, rest
	case isKanjiDigit(c):
		return digitValue(c, true), s[size:]
	}
	n, digits := 0, 0
	for digits < 3 {
		c, size := utf8.DecodeRuneInString(s)
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
		case c >= '０' && c <= '９':
			n = n*10 + int(c-'０')
		default:
			if digits == 0 {
				return 1, s
			}
			return n, s
		}
		digits++
		s = s[size:]
	}
	return n, s
}

func isKanjiDigit(c rune) bool { return strings.ContainsRune("一二三四五六七八九", c) }

// specialMoves are the words that end a record in place of a move.
var specialMoves = []string{
	"投了", "中断", "千日手", "持将棋", "詰み", "不詰", "切れ負け", "時間切れ", "反則勝ち", "反則負け",
	"入玉勝ち", "宣言勝ち", "不戦勝", "不戦敗", "封じ手", "詰",
}

// cutSpecial reports whether t (after an optional turn mark) is a special
// move, and returns it.
func cutSpecial(t string) (string, bool) {
	s := t
	if startsWithMark(s) {
		_, n := utf8.DecodeRuneInString(s)
		s = s[n:]
	}
	for _, w := range specialMoves {
		if strings.HasPrefix(s, w) {
			return w, true
		}
	}
	return "", false
}

// readKIFMove reads a numbered move line.
func (r *jpReader) readKIFMove(t string) error {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	num, err := strconv.Atoi(t[:i])
	if err != nil || num < 1 {
		return r.errorf("bad move number %q", t[:i])
	}
	if r.nextNum > 0 && num != r.nextNum {
		return r.errorf("move number %d; want %d", num, r.nextNum)
	}
	r.nextNum = num + 1
	rest := strings.TrimLeftFunc(t[i:], isSpace)
	if w, ok := cutSpecial(rest); ok {
		if err := r.start(nil); err != nil {
			return err
		}
		r.g.End = w
		r.done = true
		return nil
	}
	jm, after, msg := parseJPMove(rest)
	if msg != "" {
		return r.errorf("%s", msg)
	}
	after = trimSpace(after)
	if after != "" && after[0] != '(' && after[0] != '+' && !strings.HasPrefix(after, "（") {
		return r.errorf("want the time, such as ( 0:16/00:00:16), after the move; got %q", clip(after))
	}
	return r.play(&jm)
}

// readKI2Moves reads a line of moves in KI2 notation.
func (r *jpReader) readKI2Moves(t string) error {
	for {
		t = strings.TrimLeftFunc(t, isSpace)
		if t == "" {
			return nil
		}
		if strings.HasPrefix(t, "まで") {
			r.g.End = t
			r.done = true
			return nil
		}
		if w, ok := cutSpecial(t); ok {
			if err := r.start(nil); err != nil {
				return err
			}
			r.g.End = w
			r.done = true
			return nil
		}
		jm, rest, msg := parseJPMove(t)
		if msg != "" {
			return r.errorf("%s", msg)
		}
		if rest != "" {
			if c, _ := utf8.DecodeRuneInString(rest); !isSpace(c) && !startsWithMark(rest) {
				return r.errorf("want a space or the next move after %s; got %q", jm.text, clip(rest))
			}
		}
		if err := r.play(&jm); err != nil {
			return err
		}
		t = rest
	}
}

// play finds and plays the move jm, starting the game first if needed.
func (r *jpReader) play(jm *jpMove) error {
	if err := r.start(jm); err != nil {
		return err
	}
	m, msg := jm.resolve(&r.pos, r.prevTo)
	if msg != "" {
		return r.errorf("move %d: %s", len(r.g.Moves)+1, msg)
	}
	r.g.Moves = append(r.g.Moves, m)
	r.pos.DoMove(m)
	r.prevTo = m.To()
	return nil
}

// handicaps lists the squares of the pieces each handicap (手合割) takes
// off White's side of the initial position; White moves first in all of
// them.
var handicaps = map[string][]string{
	"香落ち":  {"1a"},
	"右香落ち": {"9a"},
	"角落ち":  {"2b"},
	"飛車落ち": {"8b"},
	"飛落ち":  {"8b"},
	"飛香落ち": {"8b", "1a"},
	"二枚落ち": {"8b", "2b"},
	"三枚落ち": {"8b", "2b", "1a"},
	"四枚落ち": {"8b", "2b", "1a", "9a"},
	"五枚落ち": {"8b", "2b", "1a", "9a", "2a"},
	"六枚落ち": {"8b", "2b", "1a", "9a", "2a", "8a"},
	"八枚落ち": {"8b", "2b", "1a", "9a", "2a", "8a", "3a", "7a"},
	"十枚落ち": {"8b", "2b", "1a", "9a", "2a", "8a", "3a", "7a", "4a", "6a"},
}

// start fixes the start position when the first move (jm, or nil for a
// special move or the end of the record) is read.
func (r *jpReader) start(jm *jpMove) error {
	if r.started {
		return nil
	}
	r.started = true
	var p shogi.Position
	switch {
	case r.boardSeen:
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if pc := r.board[s]; pc != shogi.NoPiece {
				p.Put(s, pc)
			}
		}
		p.SetHand(shogi.Black, r.hands[shogi.Black])
		p.SetHand(shogi.White, r.hands[shogi.White])
	case r.handicap == "" || r.handicap == "平手":
		p = shogi.Startpos()
		p.SetHand(shogi.Black, r.hands[shogi.Black])
		p.SetHand(shogi.White, r.hands[shogi.White])
	default:
		squares, ok := handicaps[r.handicap]
		if !ok {
			return errorf(r.f, r.handicapAt, "手合割 %q is not known: want 平手, a common handicap (香落ち, 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 四枚落ち, 六枚落ち, 八枚落ち, …) or a board diagram", r.handicap)
		}
		p = shogi.Startpos()
		for _, s := range squares {
			sq, _ := shogi.ParseSquare(s)
			p.Put(sq, shogi.NoPiece)
		}
		p.SetSideToMove(shogi.White)
		p.SetHand(shogi.Black, r.hands[shogi.Black])
		p.SetHand(shogi.White, r.hands[shogi.White])
	}
	switch {
	case r.sideSet:
		p.SetSideToMove(r.side)
	case jm != nil && jm.marked:
		p.SetSideToMove(jm.color)
	}
	if r.moveCount > 0 {
		p.SetMoveNumber(r.moveCount + 1)
	}
	if jm != nil {
		if msg := checkPlayable(&p); msg != "" {
			return r.errorf("the start position cannot be played from: %s", msg)
		}
	}
	r.g.Start, r.pos = p, p
	return nil
}
