package mateengine

import (
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/usi/usitest"
)

// TestServe drives the handler through usi.Serve as a GUI would.
func TestServe(t *testing.T) {
	s := usitest.Start(t, newTest())
	s.Send("usi")
	_, before := s.Expect("usiok", timeout)
	if len(before) != 8 || before[0] != "id name tsume test" || before[1] != "id author the tests" ||
		before[3] != "option name MateNodes type spin default 0 min 0 max 2147483647" ||
		before[6] != "option name QuickMateMs type spin default 200 min 0 max 60000" ||
		before[7] != "option name Threads type spin default 1 min 1 max 256" {
		t.Errorf("usi: %q", before)
	}
	s.Send("setoption name USI_Hash value 16", "setoption name DefenderHand value As-Given", "setoption name DefenderHand value remaining", "isready")
	if _, before := s.Expect("readyok", timeout); len(before) > 0 {
		t.Errorf("isready: %q before readyok", before)
	}

	// go mate on a mate in 3: an info line, then the main line.
	s.Send("position sfen "+uMate3, "go mate 5000")
	l, before := s.Expect("checkmate", timeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)
	if len(before) != 1 || !strings.HasPrefix(before[0], "info nodes ") {
		t.Errorf("go mate: %q before %q, want an info line", before, l)
	}
	s.Send("position sfen "+uNoMate, "go mate 5000")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate nomate" {
		t.Errorf("go mate without a mate: %q", l)
	}

	// go mate infinite: an info line about once a second, readyok during
	// the search, timeout at stop.
	s.Send("position sfen "+uLong, "go mate infinite")
	if l, _ := s.Expect("info nodes ", timeout); !strings.Contains(l, " hashfull ") && !strings.Contains(l, " time ") {
		t.Errorf("progress: %q", l)
	}
	s.Send("isready")
	if _, before := s.Expect("readyok", timeout); hasPrefix(before, "checkmate") {
		t.Errorf("go mate infinite answered before stop: %q", before)
	}
	s.Send("stop")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate timeout" {
		t.Errorf("stop: %q, want checkmate timeout", l)
	}

	// A plain go: the mate in 1, with its info lines; a legal move; resign
	// only without a legal move.
	s.Send("position sfen "+uGameMate, "go byoyomi 1000")
	l, before = s.Expect("bestmove", timeout)
	if l != "bestmove G*5b" || len(before) != 2 || before[1] != "info depth 1 score mate 1 pv G*5b" {
		t.Errorf("go on a mate in 1: %q after %q", l, before)
	}
	s.Send("position startpos moves 7g7f 3c3d", "go btime 0 wtime 0 byoyomi 1000")
	l, _ = s.Expect("bestmove", timeout)
	checkLegal(t, position(t, "startpos moves 7g7f 3c3d"), strings.TrimPrefix(l, "bestmove "))
	s.Send("position sfen "+uMated, "go byoyomi 1000")
	if l, _ := s.Expect("bestmove", timeout); l != "bestmove resign" {
		t.Errorf("go when mated: %q", l)
	}
	// go searchmoves: one of them.
	s.Send("position sfen "+uGameMate, "go searchmoves G*4b G*6b byoyomi 1000")
	if l, _ := s.Expect("bestmove", timeout); l != "bestmove G*4b" && l != "bestmove G*6b" {
		t.Errorf("go searchmoves: %q", l)
	}
	// go infinite answers only after stop.
	s.Send("position startpos", "go infinite")
	s.NoAnswer("bestmove", 300*time.Millisecond)
	s.Send("stop")
	l, _ = s.Expect("bestmove", timeout)
	checkLegal(t, position(t, "startpos"), strings.TrimPrefix(l, "bestmove "))

	// The attacker in check: no mate.
	s.Send("position sfen 4k4/9/4S4/9/9/9/9/9/4K3r b G 1", "go mate 1000")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate nomate" {
		t.Errorf("go mate with the attacker in check: %q", l)
	}
	// A position the solver refuses: said why, and nomate.
	s.Send("position sfen 9/9/9/9/9/9/9/9/4K4 b G 1", "go mate 1000")
	l, before = s.Expect("checkmate", timeout)
	if l != "checkmate nomate" || len(before) != 1 || !strings.Contains(before[0], "not a tsume position") {
		t.Errorf("go mate without a defending king: %q after %q", l, before)
	}
	s.Send("quit")
	if rest, err := s.Wait(); err != nil || len(rest) > 0 {
		t.Errorf("quit: %v, %q", err, rest)
	}
}

func hasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestServeTimeLimit: go mate with a time that runs out answers
// timeout, by itself (uLong is not solved in 300 ms, and no stop is
// sent).
func TestServeTimeLimit(t *testing.T) {
	s := usitest.Start(t, newTest())
	s.Send("setoption name USI_Hash value 16", "position sfen "+uLong, "go mate 300")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate timeout" {
		t.Errorf("go mate 300: %q", l)
	}
}
