package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// KIFHeader holds the optional header lines of a KIF record, written in
// order as "key：value".
type KIFHeader struct {
	Key, Value string
}

// KIF returns a KIF record of the game from p with the given moves (which
// must be legal in turn): the header lines "key：value" in order (but for
// 手合割), the start position as a board diagram (see BOD; 手合割：平手
// instead for the initial position with Black to move), the line
// "手数----指手---------消費時間--" and one numbered line a move, such as
// "   1 ７六歩(77)   ( 0:00/00:00:00)", numbered from 1 whatever p's move
// number: the destination in a full-width digit and a kanji numeral, or
// for the square just moved to 同 and a full-width space (U+3000), the
// piece, 成, 不成 or 打, and the origin square in ASCII digits. When mate
// is true and the last move checkmates, the record ends with "まで N手で詰み".
// It returns an error naming the first illegal move. The time column is
// zero: KIFTimes writes the times the moves took.
func KIF(p *shogi.Position, moves []shogi.Move, headers []KIFHeader, mate bool) (string, error) {
	return KIFTimes(p, moves, nil, headers, mate)
}

// KIFTimes is KIF with the time each move took in the time column:
// times[i] is the time of moves[i] (a move beyond times, or a negative
// time, counts zero), written as "( m:ss/hh:mm:ss)", the move's time and
// the total of its side's moves so far, in whole seconds as KIF counts
// them: each move's time truncated to the second, the total the sum of
// those, as readers that add up the moves' times find it.
func KIFTimes(p *shogi.Position, moves []shogi.Move, times []time.Duration, headers []KIFHeader, mate bool) (string, error) {
	return writeKIF(p, moves, times, headers, nil, mate)
}

// KIFComments is KIF with comment lines: each comment's text, line by
// line, as "*" lines after the line of its Ply-th move (those of Ply 0
// before the first move), where GUIs show it at that move, in the order
// given. A comment whose Ply is beyond the moves is an error.
func KIFComments(p *shogi.Position, moves []shogi.Move, headers []KIFHeader, comments []Comment, mate bool) (string, error) {
	for _, c := range comments {
		if c.Ply < 0 || c.Ply > len(moves) {
			return "", fmt.Errorf("record: a comment at move %d of a record of %d moves", c.Ply, len(moves))
		}
	}
	return writeKIF(p, moves, nil, headers, comments, mate)
}

// writeComments writes the comments of ply n as "*" lines.
func writeComments(b *strings.Builder, comments []Comment, n int) {
	for _, c := range comments {
		if c.Ply != n {
			continue
		}
		for l := range strings.SplitSeq(c.Text, "\n") {
			b.WriteString("*" + l + "\n")
		}
	}
}

// writeKIF writes a KIF record with times and comments (see KIFTimes and
// KIFComments).
func writeKIF(p *shogi.Position, moves []shogi.Move, times []time.Duration, headers []KIFHeader, comments []Comment, mate bool) (string, error) {
	var b strings.Builder
	writeHead(&b, p, headers)
	b.WriteString("手数----指手---------消費時間--\n")
	writeComments(&b, comments, 0)
	q := *p
	prev := shogi.NoSquare
	var total [2]int64 // each side's seconds so far
	for i, m := range moves {
		if !q.IsLegal(m) {
			return "", fmt.Errorf("record: move %d (%s) is not legal", i+1, m)
		}
		text := q.JapaneseMove(m, prev, shogi.JapaneseStyle{KIF: true})
		s := wholeSeconds(times, i)
		total[q.SideToMove()] += s
		b.WriteString(kifMoveLine(q.MoveNumber()-p.MoveNumber()+1, text, s, total[q.SideToMove()]))
		q.DoMove(m)
		prev = m.To()
		writeComments(&b, comments, i+1)
	}
	if mate && len(moves) > 0 && q.InCheck() && !q.HasLegalMove() {
		fmt.Fprintf(&b, "まで%d手で詰み\n", len(moves))
	}
	return b.String(), nil
}

// KIFMoveLine returns the line of move n of a KIF record, text the move
// in KIF's form ("７六歩(77)", "同　玉(22)", "５二金打"), with a zero time
// column: "   1 ７六歩(77)   ( 0:00/00:00:00)" and a newline. It is for
// writers of records of positions this package does not hold (a fairy
// problem's, problem.Problem.KIF).
func KIFMoveLine(n int, text string) string { return kifMoveLine(n, text, 0, 0) }

// kifMoveLine is the line of move n, text, which took s seconds, its
// side's moves t seconds in all.
func kifMoveLine(n int, text string, s, t int64) string {
	return fmt.Sprintf("%4d %s   (%2d:%02d/%02d:%02d:%02d)\n", n, padKIF(text), s/60, s%60, t/3600, t/60%60, t%60)
}

// wholeSeconds returns times[i] in whole seconds, truncated: 0 beyond
// times or for a negative time.
func wholeSeconds(times []time.Duration, i int) int64 {
	if i >= len(times) || times[i] < 0 {
		return 0
	}
	return int64(times[i] / time.Second)
}

// writeHead writes the header lines and the start position of a KIF or
// KI2 record: 手合割：平手 for the initial position with Black to move, else
// the board diagram. A 手合割 header among headers is left out: the
// position written is what counts.
func writeHead(b *strings.Builder, p *shogi.Position, headers []KIFHeader) {
	for _, h := range headers {
		if h.Key != "手合割" {
			b.WriteString(h.Key + "：" + oneLine(h.Value) + "\n")
		}
	}
	if withoutMoveNumber(p.SFEN()) == withoutMoveNumber(shogi.StartSFEN) {
		b.WriteString("手合割：平手\n")
	} else {
		b.WriteString(BOD(p))
	}
}

// padKIF pads a KIF move text to a fixed display width, counting a
// full-width character as two columns, as KIF writers align the times.
func padKIF(s string) string {
	if w := displayWidth(s); w < 14 {
		s += strings.Repeat(" ", 14-w)
	}
	return s
}

// withoutMoveNumber drops the last field (the move number) of an SFEN.
func withoutMoveNumber(sfen string) string {
	return sfen[:strings.LastIndexByte(sfen, ' ')]
}
