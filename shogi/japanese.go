package shogi

import (
	"strings"
	"unicode/utf8"
)

// JapaneseStyle selects how [Position.JapaneseMove] writes a move. The zero
// value gives the human, KI2-like notation of books and newspapers without
// turn marks: "７六歩", "同　銀", "５二金左", "２二角成", "５五金打".
type JapaneseStyle struct {
	// Mark prefixes the move with ▲ when Black makes it and △ when White
	// does: "▲７六歩", "△同　銀".
	Mark bool

	// KIF selects the move text of Kakinoki KIF files: no disambiguation
	// words, but the origin square in ASCII digits in parentheses after
	// a board move ("７六歩(77)", "２二角成(88)"), and 打 after every drop
	// ("５五金打").
	KIF bool

	// OmitUnneededDrop writes 打 after a drop only when a piece of the
	// dropped kind on the board could also legally move to the
	// destination, as the Japan Shogi Association's rules ask: "５五金"
	// alone, but "５五金打" when a gold on the board reaches 5e. Without
	// it the human style writes 打 after every drop. It has no effect
	// with KIF.
	OmitUnneededDrop bool
}

// jpFiles holds the full-width digits of the files 1–9.
var jpFiles = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}

// jpRanks holds the kanji numerals of the ranks 1–9 (a–i).
var jpRanks = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// jpKindNames holds the name of each kind as a move writes it. The
// dragon is 竜, the form of the Japan Shogi Association's notation rules
// and of newspapers (KIF readers accept it as well as 龍), and both kings
// are 玉: which player's king is called 王 is a matter of rank between the
// players, which a position does not know.
var jpKindNames = [NumKinds]string{
	Pawn: "歩", Lance: "香", Knight: "桂", Silver: "銀", Bishop: "角", Rook: "飛", Gold: "金", King: "玉",
	ProPawn: "と", ProLance: "成香", ProKnight: "成桂", ProSilver: "成銀", Horse: "馬", Dragon: "竜",
}

// Disambiguation words. A candidate's position word is one of the first
// three or none, its movement word one of the last three.
const (
	jpNone     = ""
	jpRight    = "右"
	jpLeft     = "左"
	jpStraight = "直"
	jpUp       = "上"
	jpDown     = "引"
	jpSideways = "寄"
)

// jpInvalid is what JapaneseMove returns for a Move that names no piece
// going to a board square.
const jpInvalid = "?"

// JapaneseMove returns m, a move of position p (the position before m),
// in Japanese notation: the destination with a full-width file digit and
// a kanji rank ("７六"), or 同 when m goes to prevTo, the destination of
// the previous move (pass NoSquare when there is none); the name of the
// moving piece as it stands before the move; and 成 when m promotes, 不成
// when the piece could have promoted on this move but does not, 打 for a
// drop. When the piece name has one character, 同 is followed by a
// full-width space ("同　銀", "同成銀"), as KIF files write it; a drop,
// which never lands where the previous move went, is never written 同.
//
// In the human style (style.KIF false) the words 右 左 直 上 引 寄 follow
// the piece name when two or more pieces of the mover of exactly the same
// kind (a gold and a promoted silver differ) can legally move to the
// destination, by the rules of the Japan Shogi Association: a movement
// word (上 forward, 引 backward, 寄 sideways) if it alone identifies the
// piece, else a position word (右 or 左, seen from the mover, or 直 for a
// gold, silver or promoted minor piece moving straight forward) if it
// alone does, else both ("左上"). For two dragons or two horses, right
// and left compare the two pieces with each other and 直 is not used. See
// docs/notation.md for the rules with examples.
//
// With style.KIF the origin square follows in parentheses instead
// ("２二角成(88)"). With style.Mark the text starts with ▲ or △.
//
// JapaneseMove never panics: a move that is not legal in p is written as
// well as it can be, and NoMove or a Move without a valid piece or square
// gives "?".
func (p *Position) JapaneseMove(m Move, prevTo Square, style JapaneseStyle) string {
	pc := m.Piece()
	to := m.To()
	k := pc.Kind()
	if m.IsDrop() {
		k = m.DroppedKind()
	}
	if m == NoMove || !to.Valid() || !k.Valid() || (!m.IsDrop() && !m.From().Valid()) {
		return jpInvalid
	}
	c := pc.Color()

	var b strings.Builder
	if style.Mark {
		if c == Black {
			b.WriteString("▲")
		} else {
			b.WriteString("△")
		}
	}
	name := jpKindNames[k]
	if !m.IsDrop() && prevTo.Valid() && to == prevTo {
		b.WriteString("同")
		if utf8.RuneCountInString(name) == 1 {
			b.WriteString("\u3000")
		}
	} else {
		b.WriteString(jpFiles[to.File()])
		b.WriteString(jpRanks[to.Rank()])
	}
	b.WriteString(name)

	if m.IsDrop() {
		if style.KIF || !style.OmitUnneededDrop || p.jpBoardReaches(c, k, to) {
			b.WriteString("打")
		}
		return b.String()
	}

	from := m.From()
	if !style.KIF {
		b.WriteString(p.jpWords(m))
	}
	switch {
	case m.IsPromotion():
		b.WriteString("成")
	case k.CanPromote() && (jpInZone(c, from) || jpInZone(c, to)):
		b.WriteString("不成")
	}
	if style.KIF {
		b.WriteByte('(')
		b.WriteByte(byte('0' + from.File()))
		b.WriteByte(byte('0' + from.Rank()))
		b.WriteByte(')')
	}
	return b.String()
}

// jpInZone reports whether s lies in c's promotion zone, the three ranks
// farthest from c.
func jpInZone(c Color, s Square) bool { return jpRelRank(c, s) <= 3 }

// jpRelRank returns the rank of s counted from c's far side: 1 is the
// rank c moves towards, 9 its own back rank.
func jpRelRank(c Color, s Square) int {
	if c == White {
		return 10 - s.Rank()
	}
	return s.Rank()
}

// jpRelFile returns the file of s counted from c's right: 1 is the file
// on c's right hand, 9 the one on its left. Black sees file 1 on its
// right, White (facing the other way) file 9.
func jpRelFile(c Color, s Square) int {
	if c == White {
		return 10 - s.File()
	}
	return s.File()
}

// jpCandidates returns the origins of the pieces equal to pc (same colour,
// same kind) that can legally move to to. If pc's side is not to move in p
// it returns the empty set.
func (p *Position) jpCandidates(pc Piece, to Square) Bitboard {
	var from Bitboard
	if pc.Color() != p.SideToMove() {
		return from
	}
	var buf [MaxMoves]Move
	for _, lm := range p.LegalMoves(buf[:0]) {
		if !lm.IsDrop() && lm.To() == to && lm.Piece() == pc {
			from = from.With(lm.From())
		}
	}
	return from
}

// jpBoardReaches reports whether a piece of c of kind k on the board can
// legally move to to. When c is not to move in p it answers true, so that
// a drop keeps its 打.
func (p *Position) jpBoardReaches(c Color, k Kind, to Square) bool {
	if c != p.SideToMove() {
		return true
	}
	return p.jpCandidates(NewPiece(c, k), to).Any()
}

// jpWords returns the disambiguation words of the board move m in p: ""
// when no other piece of the same kind can legally move to its
// destination, otherwise the shortest description the Japan Shogi
// Association's rules give (movement word, else position word, else
// position and movement).
func (p *Position) jpWords(m Move) string {
	pc, from, to := m.Piece(), m.From(), m.To()
	cands := p.jpCandidates(pc, to).With(from)
	if !cands.MoreThanOne() {
		return jpNone
	}
	c, k := pc.Color(), pc.Kind()
	move := jpMovement(c, from, to)
	pos := jpPosition(c, k, from, to, cands)

	sameMove, samePos, sameBoth := 0, 0, 0
	for rest := cands.Without(from); rest.Any(); {
		s := rest.PopLSB()
		mv, ps := jpMovement(c, s, to), jpPosition(c, k, s, to, cands)
		if mv == move {
			sameMove++
		}
		if ps == pos {
			samePos++
			if mv == move {
				sameBoth++
			}
		}
	}
	switch {
	case sameMove == 0:
		return move
	case pos != jpNone && samePos == 0:
		return pos
	case pos != jpNone && sameBoth == 0:
		return pos + move
	}
	// Only a position the rules do not foresee (such as three dragons)
	// gets here: say as much as the words can.
	return pos + move
}

// jpMovement returns the movement word of a piece of c going from from to
// to: 上 forward, 引 backward, 寄 along the rank.
func jpMovement(c Color, from, to Square) string {
	switch rf, rt := jpRelRank(c, from), jpRelRank(c, to); {
	case rt < rf:
		return jpUp
	case rt > rf:
		return jpDown
	}
	return jpSideways
}

// jpPosition returns the position word of the candidate on from, a piece
// of c and kind k going to to, among the candidates cands.
//
// A dragon or horse is right (左 left) when it stands to the mover's right
// of (left of) every other candidate, and has no position word otherwise;
// two of them on one file are always told apart by their movement. Any
// other piece is right or left of the destination's file; on that file it
// is 直 when it is a gold, silver or promoted minor piece moving straight
// forward, and has no position word otherwise.
func jpPosition(c Color, k Kind, from, to Square, cands Bitboard) string {
	f := jpRelFile(c, from)
	if k == Horse || k == Dragon {
		right, left := true, true
		for rest := cands.Without(from); rest.Any(); {
			g := jpRelFile(c, rest.PopLSB())
			right = right && f < g
			left = left && f > g
		}
		switch {
		case right:
			return jpRight
		case left:
			return jpLeft
		}
		return jpNone
	}
	switch t := jpRelFile(c, to); {
	case f < t:
		return jpRight
	case f > t:
		return jpLeft
	}
	switch k {
	case Silver, Gold, ProPawn, ProLance, ProKnight, ProSilver:
		if jpMovement(c, from, to) == jpUp {
			return jpStraight
		}
	}
	return jpNone
}
