package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// looseSFEN: the white king on 5a in check from the rook on 5i, a white
// gold on 4d guarding 5d and 5e, the black king on 4g; white holds a gold
// and a pawn to interpose on 5b–5h.
const looseSFEN = "4k4/9/9/5g3/9/9/5K3/9/4R4 w gp 1"

// A drop is loose when no piece of the side to move attacks its square
// (the king counts) and it gives no check.
func TestLooseDrops(t *testing.T) {
	p := mustParse(t, looseSFEN)
	cases := []struct {
		move string
		want bool
		why  string
	}{
		{"P*5b", false, "the king guards 5b"},
		{"P*5c", true, "nothing guards 5c"},
		{"P*5d", false, "the gold guards 5d"},
		{"P*5e", false, "the gold guards 5e"},
		{"P*5f", true, "nothing guards 5f"},
		{"G*5f", false, "the gold dropped on 5f checks the king on 4g"},
		{"P*5h", true, "nothing guards 5h"},
		{"G*5h", true, "nothing guards 5h, and the gold does not check"},
	}
	for _, c := range cases {
		m, err := p.ParseUSIMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := loose(&p, m); got != c.want {
			t.Errorf("loose(%s) = %v, want %v: %s", c.move, got, c.want, c.why)
		}
		sp := stdPos(p)
		if got := sp.Loose(m); got != c.want {
			t.Errorf("stdPos.Loose(%s) = %v, want %v", c.move, got, c.want)
		}
		fp := fairyPos(variant.FromShogi(&p))
		if got := fp.Loose(m); got != c.want {
			t.Errorf("fairyPos.Loose(%s) = %v, want %v", c.move, got, c.want)
		}
	}
}

// At the defender's node, the interposing drops on one square wait for
// the first unproven one, and loose drops wait for the first unproven
// loose one on any square: each waiting drop adds waitingPn, the others
// their proof numbers.
func TestWaitingDrops(t *testing.T) {
	p := mustParse(t, looseSFEN)
	mv := func(s string) shogi.Move {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	const inf = infinity
	type kid struct {
		move   string
		loose  bool
		pn, dn uint32
	}
	cases := []struct {
		name   string
		kids   []kid
		wantPn uint32
	}{
		{"the first drop of each kind counts", []kid{
			{"5a4a", false, 2, 1},
			{"P*5c", true, 3, 1}, {"G*5c", true, 4, 1}, // G*5c waits on its square
			{"P*5d", false, 7, 1},
			{"P*5f", true, 5, 1}, // waits for P*5c, loose too
		}, 2 + 3 + waitingPn + 7 + waitingPn},
		{"the first loose drop proven: the next on its square counts", []kid{
			{"5a4a", false, 2, 1},
			{"P*5c", true, 0, inf}, {"G*5c", true, 4, 1},
			{"P*5d", false, 7, 1},
			{"P*5f", true, 5, 1},
		}, 2 + 0 + 4 + 7 + waitingPn},
		{"both on 5c proven: the loose drop on 5f counts", []kid{
			{"5a4a", false, 2, 1},
			{"P*5c", true, 0, inf}, {"G*5c", true, 0, inf},
			{"P*5d", false, 7, 1},
			{"P*5f", true, 5, 1},
		}, 2 + 7 + 5},
		{"a guarded square waits for nothing on other squares", []kid{
			{"P*5d", false, 7, 1}, {"G*5d", false, 6, 1},
			{"P*5e", false, 3, 1},
		}, 7 + waitingPn + 3},
		{"a disproven waiting drop counts", []kid{
			{"P*5c", true, 3, 1},
			{"P*5f", true, inf, 0},
		}, addSat(3, inf)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch[stdPos, *stdPos](nil, shogi.White)
			f := s.frame(0)
			f.pos = stdPos(p)
			for _, k := range c.kids {
				f.children = append(f.children, child{move: mv(k.move), loose: k.loose, pn: k.pn, dn: k.dn})
			}
			low := lowest{best: -1, next: -1, val: infinity, second: infinity}
			if got := s.andNumbers(0, &low); got != c.wantPn {
				t.Errorf("proof number %d, want %d", got, c.wantPn)
			}
		})
	}
}
