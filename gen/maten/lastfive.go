package maten

import (
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// lastFivePlies is the number of plies at the end of a main line that
// LastFive reads.
const lastFivePlies = 5

// LastFive returns the last five plies of the main line line played from
// pos as a reader sees them against the king, wherever on the board:
// for an attacker's move, the piece that stands on its square after it
// (a promoting rook reads +R, as a dragon does), d for a drop or m for a
// board move, and its square as steps from the defender's king (files
// across, ranks down from White's side); for a defender's move, K and
// the king's step, x and the kind of the piece that takes, i for an
// interposition or m for another move. The reading and its mirror image
// give the smaller of the two. ▲９一飛成 △７二玉 ▲７三金打 △同金 ▲６一馬
// (a king on 7一) reads "+R m -2 0 K 0 1 G d 0 1 x G +B m 1 -1", as does
// the last five plies of ▲６一金打 △同玉 ▲８一竜 △６二玉 ▲６三金打 △同金
// ▲５一馬: the fifty-sixth blind read (docs/quality-report.md) found them
// in one worksheet, a mate-in-5 and a mate-in-7 one file apart, "moved
// one file over with a gold sacrifice added in front", a "no" to both
// teachers; the forty-fourth had the same pair ("the same finish"). The
// variety cap classes a worksheet's problem by it against every length.
// "" for a line of fewer than five plies.
func LastFive(pos *shogi.Position, line []shogi.Move) string {
	return ending(pos, line, lastFivePlies, true)
}

// lastThreePlies is the number of plies at the end of a main line that
// LastThree reads.
const lastThreePlies = 3

// LastThree returns the last three plies of the main line line played
// from pos as LastFive reads its five, but without the attacker's
// pieces: d or m and the square in steps from the king. The mate-in-3
// ▲９一金 △同銀 ▲８一銀打 (a king on 9二) and the last three plies of the
// mate-in-5 ▲８一金 △９二玉 ▲９一金 △同銀 ▲８一角打 both read "m 0 -1 x S
// d -1 -1" (a gold stepping into the corner for the silver to take, a
// piece dropped on the square the gold left): the fifty-eighth
// blind read's 9 and 19, "19 is 9 again with an extra gold move", both
// readers' "no" to 19. The fifty-seventh read's 1 and 14 (a promoted
// pawn or a promoted lance taken by the silver, then a knight dropped a
// jump off) were "No. 1's finish again, one file over" to both readers.
// Over reads 36–58, 72 pairs of a worksheet's problems ended so alike,
// ten of them named as repeats; with the pieces' kinds, 16 pairs, of
// which three were named. The variety cap classes a worksheet's problem
// of up to 5 plies by it against every length. "" for a line of fewer
// than three plies.
func LastThree(pos *shogi.Position, line []shogi.Move) string {
	return ending(pos, line, lastThreePlies, false)
}

// ending reads the last n plies of line from pos for LastFive and
// LastThree, the attacker's pieces named when kinds is set.
func ending(pos *shogi.Position, line []shogi.Move, n int, kinds bool) string {
	if len(line) < n {
		return ""
	}
	p := *pos
	for _, m := range line[:len(line)-n] {
		p.DoMove(m)
	}
	type step struct{ df, dr int } // the file and rank steps of a word, or none
	words := make([]string, 0, n)
	steps := make([]*step, 0, n)
	for i, m := range line[len(line)-n:] {
		var w string
		var s *step
		switch k := p.King(shogi.White); {
		case i%2 == 0:
			w = "m"
			if m.IsDrop() {
				w = "d"
			}
			if kinds {
				w = m.PieceAfter().Kind().Letter() + " " + w
			}
			if k != shogi.NoSquare {
				s = &step{m.To().File() - k.File(), m.To().Rank() - k.Rank()}
			}
		case m.IsDrop():
			w = "i"
		case m.Piece().Kind() == shogi.King:
			w = "K"
			s = &step{m.To().File() - m.From().File(), m.To().Rank() - m.From().Rank()}
		case p.PieceAt(m.To()) != shogi.NoPiece:
			w = "x " + m.Piece().Kind().Letter()
		default:
			w = "m"
		}
		words, steps = append(words, w), append(steps, s)
		p.DoMove(m)
	}
	read := func(mirror bool) string {
		var b strings.Builder
		for i, w := range words {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(w)
			if s := steps[i]; s != nil {
				df := s.df
				if mirror {
					df = -df
				}
				b.WriteString(" " + strconv.Itoa(df) + " " + strconv.Itoa(s.dr))
			}
		}
		return b.String()
	}
	return min(read(false), read(true))
}
