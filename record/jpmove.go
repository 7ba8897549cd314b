package record

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tsume-shogi/tsume/shogi"
)

// jpMove is a move in Japanese notation as read, before it is matched
// against the position.
type jpMove struct {
	text      string      // the move as written, for messages
	color     shogi.Color // the side named by ▲ or △
	marked    bool        // whether a turn mark was given
	same      bool        // 同: the destination of the previous move
	to        shogi.Square
	kind      shogi.Kind // the moving piece as it stands before the move
	words     string     // the disambiguation words, in the order written
	promote   bool       // 成
	noPromote bool       // 不成 (or 生)
	drop      bool       // 打
	from      shogi.Square
}

// Turn marks: the first group marks Black's moves, the second White's.
const (
	blackMarks = "▲☗⛊▼"
	whiteMarks = "△☖⛉▽"
)

// startsWithMark reports whether s starts with a turn mark.
func startsWithMark(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.ContainsRune(blackMarks, r) || strings.ContainsRune(whiteMarks, r)
}

// pieceNames maps the names a move or a hand may use to kinds; the
// two-character names of the promoted minor pieces are tried first.
var pieceNames = []struct {
	name string
	kind shogi.Kind
}{
	{"成香", shogi.ProLance}, {"成桂", shogi.ProKnight}, {"成銀", shogi.ProSilver},
	{"歩", shogi.Pawn}, {"香", shogi.Lance}, {"桂", shogi.Knight}, {"銀", shogi.Silver},
	{"金", shogi.Gold}, {"角", shogi.Bishop}, {"飛", shogi.Rook}, {"玉", shogi.King}, {"王", shogi.King},
	{"と", shogi.ProPawn}, {"杏", shogi.ProLance}, {"圭", shogi.ProKnight}, {"全", shogi.ProSilver},
	{"馬", shogi.Horse}, {"竜", shogi.Dragon}, {"龍", shogi.Dragon},
}

// cutPiece reads a piece name at the start of s.
func cutPiece(s string) (shogi.Kind, string, bool) {
	for _, pn := range pieceNames {
		if rest, ok := strings.CutPrefix(s, pn.name); ok {
			return pn.kind, rest, true
		}
	}
	return shogi.NoKind, s, false
}

// digitValue returns the value 1–9 of a file or rank character: an ASCII
// or full-width digit, or (when kanji is true) a kanji numeral.
func digitValue(r rune, kanji bool) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r-'１') + 1
	case kanji:
		if i := strings.IndexRune("一二三四五六七八九", r); i >= 0 {
			return i/3 + 1 // each kanji numeral is three bytes
		}
	}
	return 0
}

// isSpace reports whether r is an ASCII or full-width space.
func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\u3000' }

// trimSpace trims ASCII and full-width spaces.
func trimSpace(s string) string { return strings.TrimFunc(s, isSpace) }

// parseJPMove reads one move in Japanese notation at the start of s: an
// optional turn mark, the destination (file and rank, or 同), the piece,
// the words 右 左 直 上 引 寄, 成 / 不成 / 生 / 打 and, in KIF, the origin
// square in parentheses ("(77)"). It returns the move and the rest of s,
// or a message saying what was expected.
func parseJPMove(s string) (jpMove, string, string) {
	var m jpMove
	m.to, m.from = shogi.NoSquare, shogi.NoSquare
	start := s
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case strings.ContainsRune(blackMarks, r):
		m.color, m.marked = shogi.Black, true
		s = s[n:]
	case strings.ContainsRune(whiteMarks, r):
		m.color, m.marked = shogi.White, true
		s = s[n:]
	}
	if rest, ok := strings.CutPrefix(s, "同"); ok {
		m.same = true
		s = strings.TrimLeftFunc(rest, isSpace)
	} else {
		f, n1 := utf8.DecodeRuneInString(s)
		rk, n2 := utf8.DecodeRuneInString(s[n1:])
		file, rank := digitValue(f, false), digitValue(rk, true)
		if file == 0 || rank == 0 {
			return m, s, fmt.Sprintf("want a move such as ７六歩 or 同　銀, got %q", clip(start))
		}
		m.to = shogi.NewSquare(file, rank)
		s = s[n1+n2:]
		// Some writers put 同 after the square as well: "７六同歩".
		if rest, ok := strings.CutPrefix(s, "同"); ok {
			s = strings.TrimLeftFunc(rest, isSpace)
		}
	}
	k, rest, ok := cutPiece(s)
	if !ok {
		return m, s, fmt.Sprintf("want a piece name (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 竜) in %q", clip(start))
	}
	m.kind, s = k, rest
	for {
		r, n := utf8.DecodeRuneInString(s)
		if !strings.ContainsRune("右左直上引寄", r) {
			break
		}
		m.words += string(r)
		s = s[n:]
	}
	switch {
	case strings.HasPrefix(s, "不成"):
		m.noPromote = true
		s = s[len("不成"):]
	case strings.HasPrefix(s, "生"):
		m.noPromote = true
		s = s[len("生"):]
	case strings.HasPrefix(s, "成"):
		m.promote = true
		s = s[len("成"):]
	case strings.HasPrefix(s, "打"):
		m.drop = true
		s = s[len("打"):]
	}
	if strings.HasPrefix(s, "(") || strings.HasPrefix(s, "（") {
		inner, rest, ok := cutParen(s)
		if ok {
			rs := []rune(inner)
			if len(rs) == 2 {
				f, rk := digitValue(rs[0], false), digitValue(rs[1], false)
				switch {
				case f > 0 && rk > 0:
					m.from = shogi.NewSquare(f, rk)
					s = rest
				case rs[0] == '0' && rs[1] == '0':
					m.drop = true
					s = rest
				}
			}
		}
	}
	if m.drop && (m.promote || m.noPromote || m.words != "" || m.from != shogi.NoSquare) {
		return m, s, fmt.Sprintf("a drop (打) takes no 成, 不成, words or origin: %q", clip(start))
	}
	if m.drop && m.same {
		return m, s, fmt.Sprintf("a drop cannot go to 同 (the square just moved to): %q", clip(start))
	}
	m.text = strings.TrimRightFunc(start[:len(start)-len(s)], isSpace)
	return m, s, ""
}

// cutParen splits "(inner)rest" (with ASCII or full-width parentheses).
func cutParen(s string) (inner, rest string, ok bool) {
	_, n := utf8.DecodeRuneInString(s)
	body := s[n:]
	for i, r := range body {
		if r == ')' || r == '）' {
			return body[:i], body[i+utf8.RuneLen(r):], true
		}
	}
	return "", s, false
}

// clip shortens s for an error message.
func clip(s string) string {
	s = strings.TrimRightFunc(s, isSpace)
	if utf8.RuneCountInString(s) > 24 {
		return string([]rune(s)[:24]) + "…"
	}
	return s
}

// resolve finds the legal move of q that jm describes; prevTo is the
// destination of the previous move (NoSquare if none). It returns a
// message when there is no such move or more than one.
func (jm *jpMove) resolve(q *shogi.Position, prevTo shogi.Square) (shogi.Move, string) {
	us := q.SideToMove()
	if jm.marked && jm.color != us {
		return shogi.NoMove, fmt.Sprintf("%s is marked for %s, but %s is to move", jm.text, colorName(jm.color), colorName(us))
	}
	to := jm.to
	if jm.same {
		if prevTo == shogi.NoSquare {
			return shogi.NoMove, fmt.Sprintf("%s: 同 needs a previous move", jm.text)
		}
		to = prevTo
	}
	if jm.drop {
		if jm.kind < shogi.Pawn || jm.kind > shogi.Gold {
			return shogi.NoMove, fmt.Sprintf("%s: a %s cannot be dropped", jm.text, jm.kind)
		}
		m := shogi.NewDrop(us, jm.kind, to)
		if why := illegal(q, m); why != "" {
			return shogi.NoMove, fmt.Sprintf("%s is not legal: %s", jm.text, why)
		}
		return m, ""
	}
	if jm.from != shogi.NoSquare {
		pc := q.PieceAt(jm.from)
		if pc == shogi.NoPiece || pc.Color() != us || pc.Kind() != jm.kind {
			return shogi.NoMove, fmt.Sprintf("%s: there is no %s of %s on %s", jm.text, jm.kind, colorName(us), jpSquare(jm.from))
		}
		m := shogi.NewBoardMove(pc, jm.from, to, jm.promote)
		if why := illegal(q, m); why != "" {
			return shogi.NoMove, fmt.Sprintf("%s is not legal: %s", jm.text, why)
		}
		return m, ""
	}
	var buf [shogi.MaxMoves]shogi.Move
	var cands []shogi.Move
	want := shogi.NewPiece(us, jm.kind)
	for _, m := range q.LegalMoves(buf[:0]) {
		if !m.IsDrop() && m.To() == to && m.Piece() == want && m.IsPromotion() == jm.promote {
			cands = append(cands, m)
		}
	}
	if len(cands) == 0 {
		// KI2 leaves out 打 when no piece on the board could go there.
		if !jm.promote && !jm.noPromote && jm.words == "" && jm.kind >= shogi.Pawn && jm.kind <= shogi.Gold {
			if m := shogi.NewDrop(us, jm.kind, to); q.IsLegal(m) {
				return m, ""
			}
		}
		return shogi.NoMove, fmt.Sprintf("%s is not legal: no %s of %s can move to %s", jm.text, jm.kind, colorName(us), jpSquare(to))
	}
	if len(cands) == 1 {
		return cands[0], ""
	}
	if m, ok := pickByWords(q, cands, jm.words); ok {
		return m, ""
	}
	if jm.words == "" {
		return shogi.NoMove, fmt.Sprintf("%s is ambiguous: %d pieces can move there; want a word such as 右, 左, 上, 引, 寄 or 直", jm.text, len(cands))
	}
	return shogi.NoMove, fmt.Sprintf("%s is ambiguous: the words %s do not single out one of the %d pieces that can move there", jm.text, jm.words, len(cands))
}

// pickByWords chooses among cands (board moves of one piece kind to one
// square) the one the disambiguation words describe. A candidate whose
// own words (as the Japan Shogi Association's rules give them, and as
// Position.JapaneseMove writes them) are the same set as words is taken;
// failing that, the words are applied one by one, whatever their order:
// 上 引 寄 and 直 keep the candidates that move that way, then 右 and 左
// keep the rightmost or leftmost of the rest, seen from the mover.
func pickByWords(q *shogi.Position, cands []shogi.Move, words string) (shogi.Move, bool) {
	var exact []shogi.Move
	for _, m := range cands {
		if sameRunes(canonicalWords(q, m), words) {
			exact = append(exact, m)
		}
	}
	if len(exact) == 1 {
		return exact[0], true
	}
	if words == "" {
		return shogi.NoMove, false
	}
	// Movement words first, then position words among the pieces left.
	var ordered []rune
	for _, w := range words {
		if strings.ContainsRune("上引寄直", w) {
			ordered = append(ordered, w)
		}
	}
	for _, w := range words {
		if strings.ContainsRune("右左", w) {
			ordered = append(ordered, w)
		}
	}
	rest := cands
	for _, w := range ordered {
		var keep []shogi.Move
		switch w {
		case '上', '引', '寄', '直':
			for _, m := range rest {
				if movesAs(m, w) {
					keep = append(keep, m)
				}
			}
		case '右', '左':
			best := 0
			for i, m := range rest {
				f := relFile(m.Color(), m.From())
				if i == 0 || (w == '右' && f < best) || (w == '左' && f > best) {
					best = f
				}
			}
			for _, m := range rest {
				if relFile(m.Color(), m.From()) == best {
					keep = append(keep, m)
				}
			}
		}
		rest = keep
	}
	if len(rest) == 1 {
		return rest[0], true
	}
	return shogi.NoMove, false
}

// canonicalWords returns the disambiguation words Position.JapaneseMove
// writes for m: its text without the destination, the piece name and 成
// or 不成.
func canonicalWords(q *shogi.Position, m shogi.Move) string {
	text := []rune(q.JapaneseMove(m, shogi.NoSquare, shogi.JapaneseStyle{}))
	skip := 3 // file, rank and a one-character name
	switch m.Piece().Kind() {
	case shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		skip = 4
	}
	if len(text) < skip {
		return ""
	}
	s := string(text[skip:])
	s = strings.TrimSuffix(s, "不成")
	s = strings.TrimSuffix(s, "成")
	return s
}

// sameRunes reports whether a and b hold the same set of characters.
func sameRunes(a, b string) bool {
	for _, r := range a {
		if !strings.ContainsRune(b, r) {
			return false
		}
	}
	for _, r := range b {
		if !strings.ContainsRune(a, r) {
			return false
		}
	}
	return true
}

// relRank and relFile count ranks from the mover's far side and files
// from the mover's right.
func relRank(c shogi.Color, s shogi.Square) int {
	if c == shogi.White {
		return 10 - s.Rank()
	}
	return s.Rank()
}

func relFile(c shogi.Color, s shogi.Square) int {
	if c == shogi.White {
		return 10 - s.File()
	}
	return s.File()
}

// movesAs reports whether the board move m moves as the word w says: 上
// forward, 引 backward, 寄 sideways, 直 straight forward.
func movesAs(m shogi.Move, w rune) bool {
	c := m.Color()
	rf, rt := relRank(c, m.From()), relRank(c, m.To())
	switch w {
	case '上':
		return rt < rf
	case '引':
		return rt > rf
	case '寄':
		return rt == rf
	case '直':
		return rt < rf && m.From().File() == m.To().File()
	}
	return false
}

// illegal returns why m is not legal in q, or "" if it is.
func illegal(q *shogi.Position, m shogi.Move) string {
	if q.IsLegal(m) {
		return ""
	}
	if _, err := q.ParseUSIMove(m.String()); err != nil {
		var ie *shogi.IllegalMoveError
		var se *shogi.SyntaxError
		switch {
		case errors.As(err, &ie):
			return ie.Reason
		case errors.As(err, &se):
			return se.Msg
		}
		return err.Error()
	}
	return "the move is not legal"
}

// colorName names a side as records do.
func colorName(c shogi.Color) string {
	if c == shogi.White {
		return "後手 (white)"
	}
	return "先手 (black)"
}

// jpSquare writes a square as ７六.
func jpSquare(s shogi.Square) string {
	if !s.Valid() {
		return "?"
	}
	return string(rune('０'+s.File())) + kanjiRanks[s.Rank()]
}
