package referee

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// playLine plays the USI moves of line from sfen through a referee and
// returns the ending, failing if one comes before the last move.
func playLine(t *testing.T, sfen, line string) (*Referee, *Ending) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	r := New(p)
	words := strings.Fields(line)
	for i, w := range words {
		end := r.Answer(w)
		if end != nil && i != len(words)-1 {
			t.Fatalf("ended at move %d (%s): %+v", i+1, w, end)
		}
		if end != nil {
			return r, end
		}
	}
	return r, nil
}

func TestRepetitionDraw(t *testing.T) {
	cycle := " 5i5h 5a5b 5h5i 5b5a"
	// The initial position comes back after every cycle: the fourth
	// time after the third.
	_, end := playLine(t, shogi.StartSFEN, strings.Repeat(cycle, 2))
	if end != nil {
		t.Fatalf("after two cycles: %+v", end)
	}
	_, end = playLine(t, shogi.StartSFEN, strings.Repeat(cycle, 3))
	if end == nil || end.Reason != ReasonRepetition || end.Winner != Draw {
		t.Fatalf("after three cycles: %+v; want a draw by repetition", end)
	}
}

func TestPerpetualCheck(t *testing.T) {
	// Black's rook checks along the files; the king steps aside and back.
	const sfen = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"
	cycle := " 5a4a 5e4e 4a5a 4e5e"
	_, end := playLine(t, sfen, strings.Repeat(cycle, 3))
	if end == nil || end.Reason != ReasonPerpetualCheck || end.Winner != WhiteWins {
		t.Fatalf("%+v; want White to win by perpetual check", end)
	}
	// White checking: the same turned round, Black to move.
	const sfenW = "4k4/9/9/9/4r4/9/9/9/4K4 b - 1"
	cycleW := " 5i6i 5e6e 6i5i 6e5e"
	_, end = playLine(t, sfenW, strings.Repeat(cycleW, 3))
	if end == nil || end.Reason != ReasonPerpetualCheck || end.Winner != BlackWins {
		t.Fatalf("%+v; want Black to win by perpetual check", end)
	}
	// Quiet moves among the checks since the first occurrence: a plain
	// repetition, though the last cycle is all checks.
	p, _ := shogi.ParseSFEN(sfen)
	r := New(p)
	cycle2 := " 5a4a 5e4e 4a5a 5i5h 5a6a 5h5i 6a5a 4e5e"
	end = nil
	for _, w := range strings.Fields(strings.Repeat(cycle2, 4)) {
		if end = r.Answer(w); end != nil {
			break
		}
	}
	if end == nil || end.Reason != ReasonRepetition || end.Winner != Draw {
		t.Fatalf("%+v; want a draw by repetition", end)
	}
}

func TestRefereeAnswers(t *testing.T) {
	cases := []struct {
		sfen, word string
		winner     Winner
		reason     Reason
	}{
		{shogi.StartSFEN, "resign", WhiteWins, ReasonResign},
		{shogi.StartSFEN, "5e5d", WhiteWins, ReasonIllegal},
		{shogi.StartSFEN, "7g7f+", WhiteWins, ReasonIllegal},
		{shogi.StartSFEN, "hello", WhiteWins, ReasonGarbage},
		{shogi.StartSFEN, "win", WhiteWins, ReasonBadDeclare},
		{"+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 7P 1", "win", BlackWins, ReasonDeclare},
		{"+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 6P 1", "win", WhiteWins, ReasonBadDeclare},
	}
	for _, c := range cases {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		end := New(p).Answer(c.word)
		if end == nil || end.Winner != c.winner || end.Reason != c.reason {
			t.Errorf("%s, %s: %+v; want %d by %s", c.sfen, c.word, end, c.winner, c.reason)
		}
	}
}

func TestRefereeMate(t *testing.T) {
	r, end := playLine(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b")
	if end != nil {
		t.Fatalf("%+v", end)
	}
	if end := r.Over(0); end == nil || end.Winner != BlackWins || end.Reason != ReasonMate {
		t.Errorf("after G*5b: %+v; want Black to win by checkmate", end)
	}
	p, _ := shogi.ParseSFEN(shogi.StartSFEN)
	if end := New(p).Over(0); end != nil {
		t.Errorf("the initial position is over: %+v", end)
	}
}

func TestIllegalMoveNotPlayed(t *testing.T) {
	r := New(shogi.Startpos())
	m := shogi.NewBoardMove(shogi.NewPiece(shogi.Black, shogi.Pawn), shogi.NewSquare(5, 5), shogi.NewSquare(5, 4), false)
	end := r.Play(m)
	if end == nil || end.Reason != ReasonIllegal || end.Winner != WhiteWins {
		t.Fatalf("%+v; want White to win by an illegal move", end)
	}
	if len(r.Moves()) != 0 {
		t.Errorf("the illegal move was played: %v", r.Moves())
	}
}

func TestPlyLimit(t *testing.T) {
	r, _ := playLine(t, shogi.StartSFEN, "7g7f 3c3d")
	if end := r.Over(3); end != nil {
		t.Errorf("after 2 plies with a limit of 3: %+v", end)
	}
	if end := r.Over(2); end == nil || end.Reason != ReasonMaxPlies || end.Winner != Draw {
		t.Errorf("after 2 plies with a limit of 2: %+v; want a draw by the ply limit", end)
	}
	if end := r.Over(0); end != nil {
		t.Errorf("no limit: %+v", end)
	}
}

func TestEndingRecords(t *testing.T) {
	cases := []struct {
		e             Ending
		kif, csa, end string
	}{
		{Ending{WhiteWins, ReasonMate, ""}, "詰み", "%TSUMI", "まで9手で後手の勝ち"},
		{Ending{Draw, ReasonRepetition, ""}, "千日手", "%SENNICHITE", "まで9手で千日手"},
		{Ending{Draw, ReasonMaxPlies, ""}, "持将棋", "%JISHOGI", "まで9手で持将棋"},
		{Ending{BlackWins, ReasonDeclare, ""}, "入玉勝ち", "%KACHI", "まで9手で入玉宣言により先手の勝ち"},
		{Ending{BlackWins, ReasonPerpetualCheck, ""}, "反則勝ち", "%-ILLEGAL_ACTION", "まで9手で先手の勝ち"},
	}
	for _, c := range cases {
		if got := c.e.KIFSpecial(); got != c.kif {
			t.Errorf("%s: KIFSpecial %q; want %q", c.e.Summary(), got, c.kif)
		}
		if got := c.e.CSASpecial(); got != c.csa {
			t.Errorf("%s: CSASpecial %q; want %q", c.e.Summary(), got, c.csa)
		}
		if got := c.e.KIFClosing(9); got != c.end {
			t.Errorf("%s: KIFClosing %q; want %q", c.e.Summary(), got, c.end)
		}
	}
}

func TestFromOpening(t *testing.T) {
	p := shogi.Startpos()
	m76, _ := p.ParseUSIMove("7g7f")
	r, err := FromOpening(Opening{Start: p, Moves: []shogi.Move{m76}, Name: "book"})
	if err != nil || len(r.Moves()) != 1 {
		t.Fatalf("FromOpening: %v, %v", r, err)
	}
	// The same move again is Black's pawn moving from an empty square.
	if _, err := FromOpening(Opening{Start: p, Moves: []shogi.Move{m76, m76}, Name: "book"}); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("an illegal second move: %v; want an error naming move 2", err)
	}
}
