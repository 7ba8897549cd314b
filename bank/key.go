package bank

import (
	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
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
// problems. The key of a position with fairy pieces (p.Variant) is made
// alike from its fairy SFEN and its mirror image's (VariantKey).
func KeyOf(p *problem.Problem) string { return keyOf(p, positionKey(p, p.SFEN())) }

// positionKey returns the key of p's position, whose SFEN is sfen.
func positionKey(p *problem.Problem, sfen string) string {
	if p.Variant != nil {
		return variantKey(p.Variant, sfen)
	}
	return gen.CanonicalKeySFEN(&p.Position, sfen)
}

// VariantKey returns the canonical key of a position of package variant,
// as Key does for a position of package shogi: the smaller, in byte
// order, of its fairy SFEN and its mirror image's, each without the move
// number. For a position of standard pieces it is Key's.
func VariantKey(v *variant.Position) string { return variantKey(v, v.SFEN()) }

func variantKey(v *variant.Position, sfen string) string {
	m := v.Mirror()
	return gen.CanonicalKeyOf(sfen, m.SFEN())
}

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
func KingRegion(p *shogi.Position) string { return royalRegion(p.King(p.SideToMove().Opp())) }

// royalRegion returns the region of the square k (Corner, Edge or
// Centre), "" for shogi.NoSquare: the defender has no king, or under
// fairy rules no royal or several (problem.DefenderRoyal).
func royalRegion(k shogi.Square) string {
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

// MatingPieceOf returns the kind that gives p's final mate, as the
// bank's column mating_piece holds it: MatingPiece of its line, or for a
// position of package variant (p.Variant) the kind as variant's SFEN
// writes it for Black ("(GH)" for a Grasshopper).
func MatingPieceOf(p *problem.Problem) string {
	if p.Variant != nil {
		return variantMatingPiece(p.Line)
	}
	return MatingPiece(p.Line)
}

// KingRegionOf returns where p's defending king stands, as the bank's
// column king_region holds it: KingRegion, or for a position of package
// variant (p.Variant) the region of the defender's royal when it has
// exactly one (problem.DefenderRoyal), else "".
func KingRegionOf(p *problem.Problem) string {
	if p.Variant != nil {
		return royalRegion(problem.DefenderRoyal(p.Variant))
	}
	return KingRegion(&p.Position)
}

// variantMatingPiece is MatingPiece for a line of package variant's moves
// (problem.Problem.Variant): the kind as variant's SFEN writes it for
// Black, "(GH)" for a Grasshopper.
func variantMatingPiece(line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	m := line[len(line)-1]
	k := variant.MoveKind(m)
	if m.IsPromotion() {
		k = variant.Def(k).Promotes
	}
	return variant.KindToken(k)
}
