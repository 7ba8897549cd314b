package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// A position is inferior to an ancestor on the search path when it has the
// ancestor's board and side to move (its board key), the attacker to
// move, and the attacker holds less than there: a hand the ancestor's
// dominates, not the same one (a repetition, onPath's). The deepest such
// ancestor is named. Positions with the defender to move are not looked
// at.
func TestInferiorOnPath(t *testing.T) {
	s := newSearch[stdPos](newTestTable(t), shogi.Black)
	const board, other = 0x1234, 0x5678
	three, two := parseHand(t, "3P"), parseHand(t, "2P")
	s.push(1, board, three, true)               // ply 0
	s.push(2, other, two, false)                // ply 1
	s.push(3, board, parseHand(t, "G3P"), true) // ply 2
	s.push(4, other, parseHand(t, "G"), false)  // ply 3
	for _, c := range []struct {
		name  string
		board uint64
		hand  shogi.Hand
		ply   int
		found bool
	}{
		{"a pawn given away since ply 2", board, parseHand(t, "G2P"), 2, true},
		{"two pawns given away since ply 2, one since ply 0", board, two, 2, true},
		{"the gold given away since ply 2 (ply 0's hand)", board, three, 2, true},
		{"the same hand as at ply 2 (a repetition)", board, parseHand(t, "G3P"), 0, false},
		{"more than at ply 2", board, parseHand(t, "G4P"), 0, false},
		{"a hand no ancestor's dominates", board, parseHand(t, "S"), 0, false},
		{"the defender to move: the gold given away since ply 3", other, 0, 0, false},
		{"another board", 0x9abc, 0, 0, false},
	} {
		ply, found := s.inferiorOnPath(c.board, c.hand)
		if found != c.found || found && ply != c.ply {
			t.Errorf("%s: ply %d found %v, want ply %d found %v", c.name, ply, found, c.ply, c.found)
		}
	}
	// Gone from the path, gone from the filter.
	for range 4 {
		s.pop()
	}
	if ply, found := s.inferiorOnPath(board, two); found {
		t.Errorf("an empty path: ply %d found", ply)
	}
}

// Under the count rule a child (the attacker to move, after a reply of the
// defender) inferior to an ancestor is disproven, the
// disproof depending on that ancestor, as a repetition's does: whatever
// mates from it mates from the ancestor, in fewer plies, with the same
// moves. Under the discount rule it is looked up in the table as any
// other child.
func TestInferiorChildIsNoMateUnderTheCountRule(t *testing.T) {
	s := newSearch[stdPos](newTestTable(t), shogi.Black)
	board := sameCluster(3)
	s.push(1, board, parseHand(t, "2P"), true) // ply 0
	s.push(2, sameCluster(4), 0, false)        // ply 1
	for _, futile := range []bool{false, true} {
		s.futile = futile
		c := child{key: board, full: 3, hand: parseHand(t, "P")}
		found := s.lookupChild(&c, 1)
		switch {
		case !futile && (!found || c.dn != 0 || c.anchor != 0 || c.anchor2 != -1):
			t.Errorf("count rule: found %v pn %d dn %d anchor %d/%d, want a disproof anchored at ply 0", found, c.pn, c.dn, c.anchor, c.anchor2)
		case futile && found:
			t.Errorf("discount rule: found pn %d dn %d anchor %d, want nothing (an empty table)", c.pn, c.dn, c.anchor)
		}
	}
}
