package record

import (
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// bodNames are the one-character piece names of the board diagram.
var bodNames = [shogi.NumKinds]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀", shogi.Bishop: "角",
	shogi.Rook: "飛", shogi.Gold: "金", shogi.King: "玉", shogi.ProPawn: "と", shogi.ProLance: "杏",
	shogi.ProKnight: "圭", shogi.ProSilver: "全", shogi.Horse: "馬", shogi.Dragon: "龍",
}

var kanjiRanks = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// kanjiNumber writes n (1–18) in kanji numerals: 二, 十, 十八.
func kanjiNumber(n int) string {
	switch {
	case n < 10:
		return kanjiRanks[n]
	case n == 10:
		return "十"
	default:
		return "十" + kanjiRanks[n-10]
	}
}

// HandText returns a hand as the board diagram writes it, such as
// "飛　金二　歩十八", or "なし" when it is empty.
func HandText(h shogi.Hand) string {
	var parts []string
	for _, k := range []shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn} {
		switch n := h.Count(k); {
		case n == 1:
			parts = append(parts, bodNames[k])
		case n > 1:
			parts = append(parts, bodNames[k]+kanjiNumber(n))
		}
	}
	if len(parts) == 0 {
		return "なし"
	}
	return strings.Join(parts, "　")
}

// BOD returns the position as the KIF board diagram (BOD): White's hand,
// the file line, the framed board with White's pieces marked v and the
// kanji rank at the end of each row, Black's hand, and 後手番 when White
// is to move.
func BOD(p *shogi.Position) string {
	var b strings.Builder
	b.WriteString("後手の持駒：" + HandText(p.Hand(shogi.White)) + "\n")
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	b.WriteString("+---------------------------+\n")
	for r := 1; r <= 9; r++ {
		b.WriteByte('|')
		for f := 9; f >= 1; f-- {
			pc := p.PieceAt(shogi.NewSquare(f, r))
			switch {
			case pc == shogi.NoPiece:
				b.WriteString(" ・")
			case pc.Color() == shogi.White:
				b.WriteString("v" + bodNames[pc.Kind()])
			default:
				b.WriteString(" " + bodNames[pc.Kind()])
			}
		}
		b.WriteString("|" + kanjiRanks[r] + "\n")
	}
	b.WriteString("+---------------------------+\n")
	b.WriteString("先手の持駒：" + HandText(p.Hand(shogi.Black)) + "\n")
	if p.SideToMove() == shogi.White {
		b.WriteString("後手番\n")
	}
	return b.String()
}
