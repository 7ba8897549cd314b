package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// csaNames are the two-letter piece names of the CSA format.
var csaNames = [shogi.NumKinds]string{
	shogi.Pawn: "FU", shogi.Lance: "KY", shogi.Knight: "KE", shogi.Silver: "GI", shogi.Gold: "KI",
	shogi.Bishop: "KA", shogi.Rook: "HI", shogi.King: "OU", shogi.ProPawn: "TO", shogi.ProLance: "NY",
	shogi.ProKnight: "NK", shogi.ProSilver: "NG", shogi.Horse: "UM", shogi.Dragon: "RY",
}

// csaKind returns the kind of a CSA piece name.
func csaKind(s string) shogi.Kind {
	for k, n := range csaNames {
		if n != "" && n == s {
			return shogi.Kind(k)
		}
	}
	return shogi.NoKind
}

// csaHeaderKeys pairs the CSA game information keys with the KIF header
// keys of the same meaning.
var csaHeaderKeys = [...]struct{ csa, kif string }{
	{"N+", "先手"}, {"N-", "後手"},
	{"$EVENT", "棋戦"}, {"$SITE", "場所"}, {"$START_TIME", "開始日時"}, {"$END_TIME", "終了日時"},
	{"$TIME_LIMIT", "持ち時間"}, {"$OPENING", "戦型"},
}

// CSA returns a record of the game from p with the given moves (which must
// be legal in turn) in the CSA standard file format, version 2.2: the
// version line "V2.2"; the headers, where 先手 and 後手 (or 下手 and 上手)
// become the player lines N+ and N-, 棋戦 場所 開始日時 終了日時 持ち時間 and
// 戦型 become $EVENT $SITE $START_TIME $END_TIME $TIME_LIMIT and $OPENING
// (持ち時間 only when its value has the standard's form HH:MM+SS, such as
// "00:10+30"), a key starting with $ is written as it is, 手合割 is left
// out (the board says it) and any other header (持ち時間 in another form
// too) becomes a comment line "'key：value"; the
// board as nine rows P1 to P9 (file 9 first, " * " for an empty square,
// "+FU" or "-KY" for a piece); the hands as P+ and P- lines that list
// every piece ("P+00KI00FU00FU", 飛角金銀桂香歩 order; no line for an empty
// hand); the side to move, "+" or "-"; and one line a move, "+7776FU",
// "-0052KI" for a drop, "+8822UM" for a promotion (the piece as it
// stands after the move). When mate is true and the last move
// checkmates, the record ends with %TSUMI. It returns an error naming the
// first illegal move. No times are written: CSATimes writes them.
func CSA(p *shogi.Position, moves []shogi.Move, headers []KIFHeader, mate bool) (string, error) {
	return CSATimes(p, moves, nil, headers, mate)
}

// CSATimes is CSA with the time each move took: when times is not nil,
// a time line after each move, "T12", the seconds of times[i] truncated
// (a move beyond times, or a negative time, counts zero), as the CSA
// standard writes a move's time.
func CSATimes(p *shogi.Position, moves []shogi.Move, times []time.Duration, headers []KIFHeader, mate bool) (string, error) {
	var b strings.Builder
	b.WriteString("V2.2\n")
	for _, h := range headers {
		if h.Key == "手合割" {
			continue
		}
		key := h.Key
		switch key {
		case "下手":
			key = "先手"
		case "上手":
			key = "後手"
		}
		written := false
		for _, k := range csaHeaderKeys {
			if k.kif == key && (k.csa != "$TIME_LIMIT" || isCSATimeLimit(h.Value)) {
				if k.csa[0] == 'N' {
					b.WriteString(k.csa + oneLine(h.Value) + "\n")
				} else {
					b.WriteString(k.csa + ":" + oneLine(h.Value) + "\n")
				}
				written = true
				break
			}
		}
		switch {
		case written:
		case strings.HasPrefix(key, "$"):
			b.WriteString(key + ":" + oneLine(h.Value) + "\n")
		default:
			b.WriteString("'" + key + "：" + oneLine(h.Value) + "\n")
		}
	}
	b.WriteString(csaBoard(p))
	q := *p
	for i, m := range moves {
		if !q.IsLegal(m) {
			return "", fmt.Errorf("record: move %d (%s) is not legal", i+1, m)
		}
		b.WriteString(csaMove(m) + "\n")
		if times != nil {
			fmt.Fprintf(&b, "T%d\n", wholeSeconds(times, i))
		}
		q.DoMove(m)
	}
	if mate && len(moves) > 0 && q.InCheck() && !q.HasLegalMove() {
		b.WriteString("%TSUMI\n")
	}
	return b.String(), nil
}

// isCSATimeLimit reports whether s is a $TIME_LIMIT value in the form
// of the CSA standard, HH:MM+SS: the main time in hours and minutes, then
// the byoyomi in seconds ("00:30+10"; the hours and the seconds take two
// digits or more).
func isCSATimeLimit(s string) bool {
	hm, sec, ok := strings.Cut(s, "+")
	h, m, ok2 := strings.Cut(hm, ":")
	return ok && ok2 && len(h) >= 2 && isDigits(h) && len(m) == 2 && isDigits(m) && m[0] <= '5' &&
		len(sec) >= 2 && isDigits(sec)
}

// oneLine replaces line breaks, which would end a CSA statement.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// csaBoard writes the position part of a CSA record: P1–P9, the hands
// and the side to move.
func csaBoard(p *shogi.Position) string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		fmt.Fprintf(&b, "P%d", r)
		for f := 9; f >= 1; f-- {
			pc := p.PieceAt(shogi.NewSquare(f, r))
			switch {
			case pc == shogi.NoPiece:
				b.WriteString(" * ")
			case pc.Color() == shogi.White:
				b.WriteString("-" + csaNames[pc.Kind()])
			default:
				b.WriteString("+" + csaNames[pc.Kind()])
			}
		}
		b.WriteString("\n")
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		h := p.Hand(c)
		if h.IsEmpty() {
			continue
		}
		if c == shogi.Black {
			b.WriteString("P+")
		} else {
			b.WriteString("P-")
		}
		for _, k := range handOrder {
			for range h.Count(k) {
				b.WriteString("00" + csaNames[k])
			}
		}
		b.WriteString("\n")
	}
	if p.SideToMove() == shogi.White {
		b.WriteString("-\n")
	} else {
		b.WriteString("+\n")
	}
	return b.String()
}

// csaMove writes a move as CSA does: "+7776FU", "-0052KI", "+8822UM".
func csaMove(m shogi.Move) string {
	sign := "+"
	if m.Color() == shogi.White {
		sign = "-"
	}
	to := m.To()
	if m.IsDrop() {
		return fmt.Sprintf("%s00%d%d%s", sign, to.File(), to.Rank(), csaNames[m.DroppedKind()])
	}
	from := m.From()
	return fmt.Sprintf("%s%d%d%d%d%s", sign, from.File(), from.Rank(), to.File(), to.Rank(), csaNames[m.PieceAfter().Kind()])
}

// ReadCSA reads a record in the CSA standard file format (V2.2, and the
// older versions without a version line): the version, the player lines
// N+ and N- and the $KEY:value lines (kept in Game.Headers, see Game), the
// start position — the initial position with pieces taken off ("PI82HI22KA"),
// nine rows P1 to P9, or pieces put one by one ("P+63TO", "P-00KI" for a
// piece in hand, "P-00AL" for every piece left over, kings excepted) —
// the side to move ("+" or "-"), then the moves ("+7776FU", "-0052KI",
// "+8822UM") with their time lines ("T12"), up to a special move such as
// %TORYO or %TSUMI (kept in Game.End) or a "/" line (only the first
// record of a file is read). Several statements may share a line,
// separated by commas (not on N and $ lines, whose text may hold commas). Comment lines start with '; those starting with '*
// are kept in Game.Comments. The encoding and line ends are handled as
// ReadKIF handles them. Errors are *ParseError values naming the line.
func ReadCSA(data []byte) (*Game, error) {
	lines, err := splitLines(FormatCSA, data)
	if err != nil {
		return nil, err
	}
	g, _, err := readCSAAt(lines, 0)
	return g, err
}

// readCSAAt reads the CSA record that starts at lines[from] and returns
// it with the index of the line after the "/" line that ends it
// (len(lines) when it ends the text).
func readCSAAt(lines []string, from int) (*Game, int, error) {
	r := &csaReader{g: &Game{Format: FormatCSA}}
	next := len(lines)
	for i := from; i < len(lines); i++ {
		l := lines[i]
		r.line = i + 1
		if r.g.Line == 0 && strings.TrimSpace(l) != "" {
			r.g.Line = i + 1
		}
		if strings.TrimSpace(l) == "/" {
			next = i + 1
			break
		}
		if r.done {
			continue // the moves are over: pass over the rest until "/"
		}
		if strings.HasPrefix(l, "'") {
			if rest, ok := strings.CutPrefix(l, "'*"); ok {
				r.g.Comments = append(r.g.Comments, Comment{Ply: len(r.g.Moves), Text: rest})
			}
			continue
		}
		// Commas separate statements, but a player's name or a $ line may
		// hold one.
		statements := []string{l}
		if !strings.HasPrefix(l, "N") && !strings.HasPrefix(l, "$") {
			statements = strings.Split(l, ",")
		}
		for _, st := range statements {
			if err := r.statement(st); err != nil {
				return nil, 0, err
			}
			if r.done {
				break
			}
		}
	}
	if !r.started {
		if !r.positionSeen {
			return nil, 0, errorf(FormatCSA, 0, "no position: want P1–P9 rows, a PI line or P+/P- lines")
		}
		if err := r.start(shogi.Black); err != nil {
			return nil, 0, err
		}
	}
	return r.g, next, nil
}

// csaReader holds the state of the CSA reader.
type csaReader struct {
	g    *Game
	line int

	board        [shogi.NumSquares]shogi.Piece
	hands        [2][shogi.NumKinds]int
	all          [2]bool // 00AL for each side
	positionSeen bool

	started bool
	pos     shogi.Position
	done    bool
}

func (r *csaReader) errorf(format string, args ...any) error {
	return errorf(FormatCSA, r.line, format, args...)
}

// statement reads one CSA statement.
func (r *csaReader) statement(st string) error {
	st = strings.TrimRight(st, " \t")
	if strings.TrimSpace(st) == "" {
		return nil
	}
	switch st[0] {
	case 'V':
		return nil
	case 'N':
		if len(st) >= 2 && (st[1] == '+' || st[1] == '-') {
			key := "先手"
			if st[1] == '-' {
				key = "後手"
			}
			r.g.Headers = append(r.g.Headers, KIFHeader{Key: key, Value: st[2:]})
			return nil
		}
	case '$':
		key, value, ok := strings.Cut(st, ":")
		if !ok {
			return r.errorf("want $KEY:value, got %q", clip(st))
		}
		for _, k := range csaHeaderKeys {
			if k.csa == key {
				key = k.kif
				break
			}
		}
		r.g.Headers = append(r.g.Headers, KIFHeader{Key: key, Value: value})
		return nil
	case 'P':
		if r.started {
			return r.errorf("a position line after the moves have begun")
		}
		r.positionSeen = true
		return r.positionLine(st)
	case '+', '-':
		c := shogi.Black
		if st[0] == '-' {
			c = shogi.White
		}
		if len(st) == 1 {
			if r.started {
				return r.errorf("a side-to-move line after the moves have begun")
			}
			return r.start(c)
		}
		return r.move(c, st)
	case 'T':
		if !isDigits(st[1:]) && !isTime(st[1:]) {
			return r.errorf("want a time such as T12, got %q", clip(st))
		}
		return nil
	case '%':
		if err := r.start(shogi.Black); err != nil {
			return err
		}
		r.g.End = st
		r.done = true
		return nil
	case '/':
		r.done = true
		return nil
	}
	return r.errorf("want a CSA statement (V, N+, $KEY:, P1–P9, PI, P+, P-, +, -, a move such as +7776FU, T, %% or '), got %q", clip(st))
}

// isTime reports whether s is a time with a fraction, "12.345".
func isTime(s string) bool {
	a, b, ok := strings.Cut(s, ".")
	return ok && isDigits(a) && isDigits(b)
}

// positionLine reads PI, P1–P9, P+ and P-.
func (r *csaReader) positionLine(st string) error {
	if len(st) < 2 {
		return r.errorf("want PI, P1–P9, P+ or P-, got %q", st)
	}
	switch c := st[1]; {
	case c == 'I':
		r.board = [shogi.NumSquares]shogi.Piece{}
		start := shogi.Startpos()
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			r.board[s] = start.PieceAt(s)
		}
		rest := st[2:]
		for len(rest) > 0 {
			if len(rest) < 4 {
				return r.errorf("want a square and a piece such as 82HI after PI, got %q", rest)
			}
			sq, ok := csaSquare(rest[:2])
			k := csaKind(rest[2:4])
			if !ok || k == shogi.NoKind {
				return r.errorf("want a square and a piece such as 82HI after PI, got %q", rest[:4])
			}
			if pc := r.board[sq]; pc == shogi.NoPiece || pc.Kind() != k {
				return r.errorf("PI takes off %s, but the initial position has no %s on %s", rest[:4], rest[2:4], rest[:2])
			}
			r.board[sq] = shogi.NoPiece
			rest = rest[4:]
		}
	case c >= '1' && c <= '9':
		rank := int(c - '0')
		row := st[2:]
		if len(row) < 27 {
			row += strings.Repeat(" ", 27-len(row))
		}
		if len(row) > 27 {
			return r.errorf("row P%d is longer than nine squares of three characters", rank)
		}
		for i := 0; i < 9; i++ {
			cell := row[3*i : 3*i+3]
			sq := shogi.NewSquare(9-i, rank)
			if strings.TrimSpace(cell) == "*" {
				r.board[sq] = shogi.NoPiece
				continue
			}
			pc, ok := csaPiece(cell)
			if !ok {
				return r.errorf("row P%d, file %d: want \" * \" or a piece such as +FU or -KY, got %q", rank, 9-i, cell)
			}
			r.board[sq] = pc
		}
	case c == '+' || c == '-':
		color := shogi.Black
		if c == '-' {
			color = shogi.White
		}
		rest := st[2:]
		for len(rest) > 0 {
			if len(rest) < 4 {
				return r.errorf("want a square and a piece such as 00KI or 63TO, got %q", rest)
			}
			item := rest[:4]
			rest = rest[4:]
			if item[:2] == "00" {
				if item[2:] == "AL" {
					r.all[color] = true
					continue
				}
				k := csaKind(item[2:])
				if k < shogi.Pawn || k > shogi.Gold {
					return r.errorf("want a piece that can be held (FU KY KE GI KI KA HI) or AL after 00, got %q", item)
				}
				if r.hands[color][k] >= shogi.MaxCount(k) {
					return r.errorf("more than %d %s in hand", shogi.MaxCount(k), item[2:])
				}
				r.hands[color][k]++
				continue
			}
			sq, ok := csaSquare(item[:2])
			k := csaKind(item[2:])
			if !ok || k == shogi.NoKind {
				return r.errorf("want a square and a piece such as 00KI or 63TO, got %q", item)
			}
			r.board[sq] = shogi.NewPiece(color, k)
		}
	default:
		return r.errorf("want PI, P1–P9, P+ or P-, got %q", clip(st))
	}
	return nil
}

// csaSquare reads a square "11"–"99".
func csaSquare(s string) (shogi.Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9' {
		return shogi.NoSquare, false
	}
	return shogi.NewSquare(int(s[0]-'0'), int(s[1]-'0')), true
}

// csaPiece reads a piece on the board, "+FU" or "-KY".
func csaPiece(s string) (shogi.Piece, bool) {
	if len(s) != 3 || (s[0] != '+' && s[0] != '-') {
		return shogi.NoPiece, false
	}
	k := csaKind(s[1:])
	if k == shogi.NoKind {
		return shogi.NoPiece, false
	}
	c := shogi.Black
	if s[0] == '-' {
		c = shogi.White
	}
	return shogi.NewPiece(c, k), true
}

// start fixes the start position with side c to move.
func (r *csaReader) start(c shogi.Color) error {
	if r.started {
		return nil
	}
	if !r.positionSeen {
		return r.errorf("want the start position (P1–P9, PI or P+/P- lines) before the side to move and the moves")
	}
	r.started = true
	var p shogi.Position
	var count [shogi.NumKinds]int
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if pc := r.board[s]; pc != shogi.NoPiece {
			p.Put(s, pc)
			count[pc.Kind().Demote()]++
		}
	}
	for col := shogi.Black; col <= shogi.White; col++ {
		var h shogi.Hand
		for _, k := range handOrder {
			h = h.Set(k, r.hands[col][k])
			count[k] += r.hands[col][k]
		}
		p.SetHand(col, h)
	}
	for col := shogi.Black; col <= shogi.White; col++ {
		if !r.all[col] {
			continue
		}
		h := p.Hand(col)
		for _, k := range handOrder {
			if left := shogi.MaxCount(k) - count[k]; left > 0 {
				h = h.Set(k, h.Count(k)+left)
				count[k] += left
			}
		}
		p.SetHand(col, h)
	}
	p.SetSideToMove(c)
	r.g.Start, r.pos = p, p
	return nil
}

// move reads and plays a move such as +7776FU.
func (r *csaReader) move(c shogi.Color, st string) error {
	if len(st) != 7 {
		return r.errorf("want a move such as +7776FU or -0052KI, got %q", clip(st))
	}
	if err := r.start(c); err != nil {
		return err
	}
	if len(r.g.Moves) == 0 {
		if msg := checkPlayable(&r.pos); msg != "" {
			return r.errorf("the start position cannot be played from: %s", msg)
		}
	}
	if c != r.pos.SideToMove() {
		return r.errorf("move %d (%s) is for %s, but %s is to move", len(r.g.Moves)+1, st, colorName(c), colorName(r.pos.SideToMove()))
	}
	to, ok := csaSquare(st[3:5])
	k := csaKind(st[5:7])
	if !ok || k == shogi.NoKind {
		return r.errorf("want a move such as +7776FU or -0052KI, got %q", st)
	}
	var m shogi.Move
	if st[1:3] == "00" {
		if k < shogi.Pawn || k > shogi.Gold {
			return r.errorf("move %d (%s): a %s cannot be dropped", len(r.g.Moves)+1, st, k)
		}
		m = shogi.NewDrop(c, k, to)
	} else {
		from, ok := csaSquare(st[1:3])
		if !ok {
			return r.errorf("want a move such as +7776FU or -0052KI, got %q", st)
		}
		pc := r.pos.PieceAt(from)
		if pc == shogi.NoPiece || pc.Color() != c {
			return r.errorf("move %d (%s): there is no piece of %s on %s", len(r.g.Moves)+1, st, colorName(c), st[1:3])
		}
		promote := false
		switch {
		case pc.Kind() == k:
		case pc.Kind().CanPromote() && pc.Kind().Promote() == k:
			promote = true
		default:
			return r.errorf("move %d (%s): the piece on %s is %s, which cannot become %s", len(r.g.Moves)+1, st, st[1:3], csaNames[pc.Kind()], st[5:7])
		}
		m = shogi.NewBoardMove(pc, from, to, promote)
	}
	if why := illegal(&r.pos, m); why != "" {
		return r.errorf("move %d (%s) is not legal: %s", len(r.g.Moves)+1, st, why)
	}
	r.g.Moves = append(r.g.Moves, m)
	r.pos.DoMove(m)
	return nil
}
