package bank

import (
	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// Key returns the canonical key of a position, gen.CanonicalKey: the
// smaller, in byte order, of its SFEN and the SFEN of its left-right
// mirror image, each without the move number. A position and its mirror
// image have the same key; two positions that differ otherwise do not.
// It is the key by which generate drops duplicates, so a bank and a run
// agree on what a duplicate is.
func Key(p *shogi.Position) string { return gen.CanonicalKey(p) }

// KeyOf returns the key under which a bank stores p: the key of its
// position (Key) for a standard mate problem; for a problem under other
// rules or another stipulation, that key followed by a space, the rules
// ("standard" for none) and the stipulation ("… annan mate", "… standard
// help"), so that one position under two rule sets or stipulations is two
// problems.
func KeyOf(p *problem.Problem) string { return keyOf(p, Key(&p.Position)) }

// keyOf is KeyOf for a caller that has the key of p's position.
func keyOf(p *problem.Problem, key string) string {
	if p.Rules == "" && p.Stipulation.Goal == problem.Mate {
		return key
	}
	rules := p.Rules
	if rules == "" {
		rules = problem.Standard
	}
	return key + " " + rules + " " + p.Stipulation.Goal.String()
}

// The king regions of KingRegion.
const (
	Corner = "corner" // the four corner 2×2 blocks (problem.CornerSquare)
	Edge   = "edge"   // the outer ring, the corners aside (problem.EdgeSquare)
	Centre = "centre" // the rest of the board
)

// KingRegion returns where the defender's king (of the side not to move)
// stands in p: Corner, Edge or Centre, or "" when it has no king.
func KingRegion(p *shogi.Position) string {
	k := p.King(p.SideToMove().Opp())
	switch {
	case k == shogi.NoSquare:
		return ""
	case problem.CornerSquare(k):
		return Corner
	case problem.EdgeSquare(k):
		return Edge
	}
	return Centre
}

// MatingPiece returns the kind that makes the last move of line, as it
// stands after the move, in SFEN letters as Black writes them ("G", "+R",
// "P" for a pawn drop…), or "" for an empty line.
func MatingPiece(line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	m := line[len(line)-1]
	if m.IsDrop() {
		return m.DroppedKind().Letter()
	}
	return m.PieceAfter().Kind().Letter()
}
