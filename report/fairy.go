package report

import (
	"strconv"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

var (
	fullWidth = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiRank = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// FairyLine is Line for a position of package variant: it plays moves
// from p (which it does not change) and returns them in USI and in
// Japanese. The Japanese is KIF's form, which needs no relative-position
// words (右, 引, …) to be unambiguous: the turn mark, the destination (同
// for the square of the move before), the moving piece's kanji (グ the
// grasshopper, 獅 the lion), 成 or 不成 when the move could promote, 打
// for a drop, and for a board move its origin in digits: "▲１三獅(19)",
// "△同　玉(22)", "▲２三グ打". The moves must be legal in turn.
func FairyLine(p *variant.Position, moves []variant.Move) (usi, ja []string) {
	usi, ja = make([]string, 0, len(moves)), make([]string, 0, len(moves))
	q, prevTo := *p, shogi.NoSquare
	for _, m := range moves {
		usi = append(usi, variant.MoveString(m))
		ja = append(ja, fairyJapanese(&q, m, prevTo))
		prevTo = m.To()
		q.DoMove(m)
	}
	return usi, ja
}

func fairyJapanese(p *variant.Position, m variant.Move, prevTo shogi.Square) string {
	s := "▲"
	if p.SideToMove() == shogi.White {
		s = "△"
	}
	if to := m.To(); to == prevTo {
		s += "同　"
	} else {
		s += fullWidth[to.File()] + kanjiRank[to.Rank()]
	}
	s += variant.Def(variant.MoveKind(m)).Kanji
	switch {
	case m.IsDrop():
		return s + "打"
	case m.IsPromotion():
		s += "成"
	case p.IsLegal(m.TogglePromotion()):
		s += "不成"
	}
	from := m.From()
	return s + "(" + strconv.Itoa(from.File()) + strconv.Itoa(from.Rank()) + ")"
}
