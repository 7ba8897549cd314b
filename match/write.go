package match

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/record"
)

// headers returns the record headers of a game: 持ち時間 is the time
// control as String describes it, or with csa in the form of the CSA
// standard's $TIME_LIMIT where it has one (record.CSA writes another as
// a comment).
func (g *Game) headers(event string, tc TimeControl, csa bool) []record.KIFHeader {
	const layout = "2006/01/02 15:04:05"
	limit := tc.String()
	if s, ok := tc.CSATimeLimit(); ok && csa {
		limit = s
	}
	return []record.KIFHeader{
		{Key: "開始日時", Value: g.Started.Format(layout)},
		{Key: "終了日時", Value: g.Ended.Format(layout)},
		{Key: "棋戦", Value: event},
		{Key: "持ち時間", Value: limit},
		{Key: "先手", Value: g.Black},
		{Key: "後手", Value: g.White},
	}
}

// moveTimes returns the time of each of g.Moves: zero for the opening's,
// then g.Times.
func (g *Game) moveTimes() []time.Duration {
	times := make([]time.Duration, len(g.Opening.Moves), len(g.Moves))
	return append(times, g.Times...)
}

// KIF returns the game as a KIF record (see record.KIFTimes): each move's
// time in the time column (whole seconds, 0:00 for the opening's moves),
// after each move of an engine a comment line with its time in
// milliseconds and its last info line with a score ("*time 153ms; info
// depth 8 score cp 40 …"), then the reason as a special move (投了, 詰み,
// 切れ負け, 反則負け, 反則勝ち, 入玉勝ち, 千日手, 持将棋) and the closing line
// "まで N手で先手の勝ち", with a comment line before it that says why in
// English.
func (g *Game) KIF(event string, tc TimeControl) (string, error) {
	s, err := record.KIFTimes(&g.Opening.Start, g.Moves, g.moveTimes(), g.headers(event, tc, false), false)
	if err != nil {
		return "", err
	}
	lines := strings.SplitAfter(s, "\n")
	first := 0
	for first < len(lines) && !strings.HasPrefix(lines[first], "手数----") {
		first++
	}
	var b strings.Builder
	g.writeWithComments(&b, lines, first+1, 1, "*")
	b.WriteString(g.ending().KIFEnd(len(g.Moves)))
	return b.String(), nil
}

// CSA returns the game as a CSA record (see record.CSATimes): each move
// followed by its time line ("T1", whole seconds, T0 for the opening's
// moves), the time limit as $TIME_LIMIT:HH:MM+SS where the time control
// has that form (see TimeControl.CSATimeLimit; a comment line otherwise),
// the same comment lines as KIF after each move of an engine ("'*time
// 153ms; …", the comments that CSA readers keep), ending with a comment
// that says why and the special move: %TORYO, %TSUMI, %TIME_UP, %KACHI,
// %SENNICHITE, %JISHOGI (the ply limit), or %+ILLEGAL_ACTION /
// %-ILLEGAL_ACTION naming the side at fault (an illegal move, a wrong
// declaration, a perpetual check, an engine that failed).
func (g *Game) CSA(event string, tc TimeControl) (string, error) {
	s, err := record.CSATimes(&g.Opening.Start, g.Moves, g.moveTimes(), g.headers(event, tc, true), false)
	if err != nil {
		return "", err
	}
	lines := strings.SplitAfter(s, "\n")
	lines = lines[:len(lines)-1] // after the last line end
	var b strings.Builder
	g.writeWithComments(&b, lines, len(lines)-2*len(g.Moves), 2, "'*")
	special := g.ending().CSASpecial()
	b.WriteString("'*" + g.Summary() + "\n" + special + "\n")
	return b.String(), nil
}

// writeWithComments writes the lines of a record, the moves starting at
// lines[first], each taking per lines (a move, and in CSA its time), with
// a comment line (after mark) following the lines of each move of an
// engine: its time and its info line.
func (g *Game) writeWithComments(b *strings.Builder, lines []string, first, per int, mark string) {
	opening := len(g.Opening.Moves)
	for i, l := range lines {
		b.WriteString(l)
		if i < first || (i-first)%per != per-1 {
			continue
		}
		j := (i - first) / per // the move of this line
		k := j - opening       // the engine move of this line
		if k < 0 || k >= len(g.Times) || j >= len(g.Moves) {
			continue
		}
		c := fmt.Sprintf("%stime %dms", mark, g.Times[k].Milliseconds())
		if k < len(g.Infos) && g.Infos[k] != "" {
			c += "; " + oneLine(g.Infos[k])
		}
		b.WriteString(c + "\n")
	}
}

// Summary describes the result in a line: "black wins by resignation",
// "draw by repetition (千日手): …".
func (g *Game) Summary() string {
	return g.ending().Summary()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// writeFile writes data to path through a temporary file in the same
// directory and a rename, so that path is either absent or complete.
func writeFile(path string, data string) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.WriteString(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
