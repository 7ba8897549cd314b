package referee

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// Ending is how a game ended: the outcome, why, and more about it (which
// move was illegal, the ply the repeated position first came at, …).
type Ending struct {
	Winner Winner
	Reason Reason
	Detail string
}

// Loser returns the colour of the side that lost and true, or false for a
// draw.
func (e Ending) Loser() (shogi.Color, bool) {
	switch e.Winner {
	case BlackWins:
		return shogi.White, true
	case WhiteWins:
		return shogi.Black, true
	}
	return 0, false
}

// Summary describes the ending in a line: "black wins by resignation",
// "draw by repetition (千日手): …".
func (e Ending) Summary() string {
	s := "draw by " + e.Reason.String()
	switch e.Winner {
	case BlackWins:
		s = "black wins by " + e.Reason.String()
	case WhiteWins:
		s = "white wins by " + e.Reason.String()
	}
	if e.Detail != "" {
		s += ": " + strings.Join(strings.Fields(e.Detail), " ")
	}
	return s
}

// KIFSpecial returns the KIF special move that ends the game: 投了, 詰み,
// 切れ負け, 入玉勝ち, 千日手, 持将棋, 反則勝ち (a perpetual check: the side to
// move wins), 反則負け (the side to move loses by a fault) or 中断.
func (e Ending) KIFSpecial() string {
	switch e.Reason {
	case ReasonResign:
		return "投了"
	case ReasonMate:
		return "詰み"
	case ReasonTime:
		return "切れ負け"
	case ReasonDeclare:
		return "入玉勝ち"
	case ReasonRepetition:
		return "千日手"
	case ReasonMaxPlies:
		return "持将棋"
	case ReasonPerpetualCheck:
		return "反則勝ち" // the side to move wins: the other checked
	}
	if e.Winner == Draw {
		return "中断"
	}
	return "反則負け" // the side to move loses by its engine's fault
}

// KIFClosing returns the closing line of a KIF record of a game of plies
// moves: "まで58手で先手の勝ち", "まで40手で千日手", ….
func (e Ending) KIFClosing(plies int) string {
	winner := map[Winner]string{BlackWins: "先手", WhiteWins: "後手"}[e.Winner]
	switch {
	case e.Winner == Draw && e.Reason == ReasonRepetition:
		return fmt.Sprintf("まで%d手で千日手", plies)
	case e.Winner == Draw:
		return fmt.Sprintf("まで%d手で持将棋", plies)
	case e.Reason == ReasonTime:
		return fmt.Sprintf("まで%d手で時間切れにより%sの勝ち", plies, winner)
	case e.Reason == ReasonDeclare:
		return fmt.Sprintf("まで%d手で入玉宣言により%sの勝ち", plies, winner)
	}
	return fmt.Sprintf("まで%d手で%sの勝ち", plies, winner)
}

// KIFEnd returns the lines that end a KIF record of a game of plies
// moves: a comment with the Summary, the numbered special move
// (KIFSpecial) and the closing line (KIFClosing), each ending in a
// newline.
func (e Ending) KIFEnd(plies int) string {
	return fmt.Sprintf("*%s\n%4d %s\n%s\n", e.Summary(), plies+1, e.KIFSpecial(), e.KIFClosing(plies))
}

// CSASpecial returns the CSA special move that ends the game: %TORYO,
// %TSUMI, %TIME_UP, %KACHI, %SENNICHITE, %JISHOGI (the ply limit), or
// %+ILLEGAL_ACTION / %-ILLEGAL_ACTION naming the side at fault (an
// illegal move, a wrong declaration, a perpetual check, an engine that
// failed), %CHUDAN for another draw.
func (e Ending) CSASpecial() string {
	switch e.Reason {
	case ReasonResign:
		return "%TORYO"
	case ReasonMate:
		return "%TSUMI"
	case ReasonTime:
		return "%TIME_UP"
	case ReasonDeclare:
		return "%KACHI"
	case ReasonRepetition:
		return "%SENNICHITE"
	case ReasonMaxPlies:
		return "%JISHOGI"
	}
	if loser, ok := e.Loser(); ok {
		if loser == shogi.White {
			return "%-ILLEGAL_ACTION"
		}
		return "%+ILLEGAL_ACTION"
	}
	return "%CHUDAN"
}
