package mateengine

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/usi/usitest"
)

// TestServeFairy: a fairy SFEN is said to be one, go mate answers
// notimplemented and go resigns, until a standard position comes; a bad
// position after it leaves the fairy one in place.
func TestServeFairy(t *testing.T) {
	s := usitest.Start(t, newTest())
	s.Send("position sfen $b8/1p7/9/9/9/9/9/9/9 b G 1", "go mate 1000")
	l, before := s.Expect("checkmate", timeout)
	if l != "checkmate notimplemented" || len(before) != 2 || !strings.Contains(before[0], "fairy position") || !strings.Contains(before[1], "not implemented") {
		t.Errorf("go mate on a fairy position: %q after %q", l, before)
	}
	s.Send("go byoyomi 100")
	if l, _ := s.Expect("bestmove", timeout); l != "bestmove resign" {
		t.Errorf("go on a fairy position: %q", l)
	}
	s.Send("position sfen k8/Bp7/1G7/9/9/9/9/9/9 b (GH) 1 moves (GH)*9c", "position sfen bad", "go mate 1000")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate notimplemented" {
		t.Errorf("go mate after a fairy and a bad position: %q", l)
	}
	s.Send("position sfen "+uMate3, "go mate 5000")
	l, _ = s.Expect("checkmate", timeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)
	s.Send("quit")
	if _, err := s.Wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
}
