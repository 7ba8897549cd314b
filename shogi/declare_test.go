package shogi_test

import (
	"errors"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// declareBlack is a position where Black may declare: the king on 5b, 13
// pieces in the camp (+R +B 5 each, eleven others 1 each: 21 points) and
// seven pawns in hand, 28 points, exactly what Black needs.
const declareBlack = "+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 7P 1"

// declareCase is a position and the fault CanDeclare must find (0: none).
type declareCase struct {
	name   string
	sfen   string
	fault  shogi.DeclareFault
	pieces int
	points int
}

var declareCases = []declareCase{
	{"all conditions met", declareBlack, 0, 13, 28},
	{"one point short", "+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 6P 1", shogi.DeclareFewPoints, 13, 27},
	{"king outside the camp", "+R+BGGSS+N+N+L/5+P+P+P+P/9/4K4/9/9/9/9/4k4 b 7P 1", shogi.DeclareKingOutside, 13, 28},
	{"king on the third rank", "+R+BGGSS+N+N+L/5+P+P+P+P/4K4/9/9/9/9/9/4k4 b 7P 1", 0, 13, 28},
	{"king in check", "+R+BGGSS+N+N+L/4K+P+P+P+P/4g4/9/9/9/9/9/4k4 b 7P 1", shogi.DeclareInCheck, 13, 28},
	{"nine pieces in the camp", "+R+BGGSS+N+N+L/4K4/9/9/9/9/9/9/4k4 b 11P 1", shogi.DeclareFewPieces, 9, 28},
	{"pieces outside the camp do not count", "+R+BGGSS+N+N+L/4K+P+P+P1/8+P/9/9/9/9/9/4k4 b 7P 1", 0, 13, 28},
	{"pieces outside the camp do not count, short", "+R+BGGSS+N+N+L/4K+P+P+P1/9/8+P/9/9/9/9/4k4 b 7P 1", shogi.DeclareFewPoints, 12, 27},
	{"the opponent to move, king in its own camp", "+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 w 7P 1", shogi.DeclareFewPieces, 0, 0},
	{"no king", "+R+BGGSS+N+N+L/5+P+P+P+P/9/9/9/9/9/9/4k4 b 7P 1", shogi.DeclareKingOutside, 13, 28},
}

func TestCanDeclare(t *testing.T) {
	for _, c := range declareCases {
		checkDeclare(t, c.name, c.sfen, c.fault, c.pieces, c.points)
	}
}

// TestCanDeclareWhite checks the same positions turned round for White,
// who needs one point fewer: 27 points are enough.
func TestCanDeclareWhite(t *testing.T) {
	for _, c := range declareCases {
		fault := c.fault
		if fault == shogi.DeclareFewPoints && c.points == shogi.DeclarePointsWhite {
			fault = 0
		}
		checkDeclare(t, c.name+" (White)", flipSFEN(c.sfen), fault, c.pieces, c.points)
	}
	checkDeclare(t, "26 points for White", flipSFEN("+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 5P 1"), shogi.DeclareFewPoints, 13, 26)
}

func checkDeclare(t *testing.T, name, sfen string, fault shogi.DeclareFault, pieces, points int) {
	t.Helper()
	p := mustSFEN(t, sfen)
	n, pts := p.DeclarePoints()
	if n != pieces || pts != points {
		t.Errorf("%s: DeclarePoints = %d pieces, %d points; want %d, %d", name, n, pts, pieces, points)
	}
	err := p.CanDeclare()
	var de *shogi.DeclareError
	switch {
	case fault == 0 && err != nil:
		t.Errorf("%s: CanDeclare = %v; want nil", name, err)
	case fault != 0 && !errors.As(err, &de):
		t.Errorf("%s: CanDeclare = %v; want a *DeclareError", name, err)
	case fault != 0 && de.Fault != fault:
		t.Errorf("%s: CanDeclare fault %d (%v); want %d", name, de.Fault, err, fault)
	}
}

func TestEnemyCamp(t *testing.T) {
	for c := shogi.Black; c <= shogi.White; c++ {
		camp := shogi.EnemyCamp(c)
		if camp.Count() != 27 {
			t.Errorf("EnemyCamp(%s) has %d squares", c, camp.Count())
		}
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			in := s.Rank() <= 3
			if c == shogi.White {
				in = s.Rank() >= 7
			}
			if camp.Has(s) != in {
				t.Errorf("EnemyCamp(%s).Has(%s) = %v", c, s, !in)
			}
		}
	}
}
