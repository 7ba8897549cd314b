package maten

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// Backward construction (逆算, see docs/generation.md): a sound problem p
// of n plies is extended to one of n+2 by taking two plies back, a reply
// d of the defender and before it a check a of the attacker, so that the
// new position q leads by a and d to p:
//
//  1. undo d, which is one of: the king stepped to its square from a
//     neighbouring one, perhaps taking an attacking piece there (the
//     sacrifice 捨て駒 the king took); a defending piece took the checking
//     piece; a piece was dropped or moved between a ranged checker and the
//     king (an interposition 合駒);
//  2. the position before d must have the defender in check: undo a, a
//     move of the checking piece (or of a piece that uncovered the check)
//     from a square of the board or from the attacker's hand, perhaps
//     capturing a defending piece;
//  3. replay a and d from q and compare with p: an undo the rules do not
//     allow is thrown away.
//
// The result is only a candidate: the judge decides by the solver and the
// verdict whether q is a sound problem of n+2 plies.

// unmove draws a position q two plies before p (Black to move, White's
// hand the remaining pieces) and the check a and the reply d that lead
// from q to p, or reports false. lean asks for the composed style's
// leaning towards a reply of the defence (replyKind); Options.leans says
// at which steps.
func (o *Options) unmove(rng *rand.Rand, p *shogi.Position, lean bool) (q shogi.Position, a, d shogi.Move, ok bool) {
	f := newStepFrom(p)
	mix := repliesAny
	if lean {
		mix = repliesLean
	}
	if a, d, ok = o.unmoveTo(&q, rng, &f, mix); !ok || !f.replays(&q, a, d) {
		return q, shogi.NoMove, shogi.NoMove, false
	}
	return q, a, d, true
}

// stepFrom is a position that steps back are drawn from, with what each
// draw asks of it first: the judge draws up to 192 steps back from one
// position, and most fail on these.
type stepFrom struct {
	p *shogi.Position
	// ksq is White's king's square.
	ksq shogi.Square
	// interposers are the pieces of p that may have interposed
	// (interposers), defenders White's pieces but the king.
	interposers, defenders shogi.Bitboard
	// origins[t], once t is in known, are the squares from which the
	// defender on t may have come to take a checker there
	// (defenceOrigins): they depend on p and t alone, and a capture is
	// drawn on each defender hundreds of times.
	origins [shogi.NumSquares]shogi.Bitboard
	known   shogi.Bitboard
}

// captureOrigins returns the squares from which the defender on t of f.p
// may have come to take a piece on t (defenceOrigins), computed once.
func (o *Options) captureOrigins(f *stepFrom, t shogi.Square) shogi.Bitboard {
	if !f.known.Has(t) {
		f.origins[t] = o.defenceOrigins(f.p, f.p.PieceAt(t), t, f.ksq)
		f.known = f.known.Or(shogi.SquareBB(t))
	}
	return f.origins[t]
}

// newStepFrom returns the stepFrom of p.
func newStepFrom(p *shogi.Position) stepFrom {
	ksq := p.King(shogi.White)
	return stepFrom{p: p, ksq: ksq, interposers: interposers(p, ksq), defenders: p.ByColor(shogi.White).Without(ksq)}
}

// unmoveTo is the draw of unmove from f.p, writing q to *q (not f.p),
// which it leaves undefined when it fails: the judge draws millions of
// steps, most failing, and copies no position for those that fail on
// what it draws first (a neighbour of the king that is taken, no piece
// to undo, a capture with no origin or no piece that checks). A step it
// returns is a candidate only once f.replays it, which also gives White
// its hand (every piece left): the replay draws nothing, so the judge
// makes its cheap tests of q first, none of which reads White's hand,
// and replays only the steps that pass them (in a run of mate-in-7s, two
// in three of those drawn at 3 plies, one in twenty at the full length).
func (o *Options) unmoveTo(q *shogi.Position, rng *rand.Rand, f *stepFrom, mix replies) (a, d shogi.Move, ok bool) {
	fail := func() (shogi.Move, shogi.Move, bool) { return shogi.NoMove, shogi.NoMove, false }
	p, ksq := f.p, f.ksq
	m := q // the position before d, White to move, then q
	// Each kind of reply first draws a square of p (the same draw as
	// from the copy m, which differs only in the side to move), and the
	// copy is made once that square is usable.
	switch r := o.replyKind(rng.IntN(100), mix); r {
	case replyKingTakes, replyKingSteps:
		// The king came from a neighbouring square u, maybe taking X.
		u := neighbour(rng, ksq)
		if u == shogi.NoSquare || p.PieceAt(u) != shogi.NoPiece {
			return fail()
		}
		*m = *p
		m.SetSideToMove(shogi.White)
		king := m.PieceAt(ksq)
		m.Put(ksq, shogi.NoPiece)
		m.Put(u, king)
		d = shogi.NewBoardMove(king, u, ksq, false)
		if r == replyKingTakes {
			x, ok := o.drawCaptured(rng, p, ksq)
			if !ok {
				return fail()
			}
			m.Put(ksq, x)
		}
	case replyInterposes:
		// An interposition: a piece dropped (or moved) between a ranged
		// checker and the king.
		s, ok := gen.PickSquare(rng, f.interposers)
		if !ok {
			return fail()
		}
		*m = *p
		m.SetSideToMove(shogi.White)
		if d, ok = o.undoInterposition(rng, m, s, ksq); !ok {
			return fail()
		}
	default:
		// A defending piece other than the king took the checker X.
		t, ok := gen.PickSquare(rng, f.defenders)
		if !ok {
			return fail()
		}
		if d, ok = o.undoCapture(rng, m, f, t); !ok {
			return fail()
		}
	}
	if !m.InCheck() {
		return fail()
	}
	if a, ok = o.undoCheck(rng, m); !ok {
		return fail()
	}
	q.SetSideToMove(shogi.Black)
	return a, d, true
}

// replays gives q, drawn by unmoveTo from f.p with the check a and the
// reply d, White's hand (every piece not on the board or in Black's) and
// reports whether q is then a position the rules allow (a full set at
// most, not Black's king in check) from which a and d are legal and lead
// to f.p: an undo the rules do not allow is thrown away.
func (f *stepFrom) replays(q *shogi.Position, a, d shogi.Move) bool {
	h, ok := mate.HandLeft(q, shogi.Black)
	if !ok {
		return false
	}
	q.SetHand(shogi.White, h)
	if !q.IsValid() || q.InCheck() {
		return false
	}
	r := *q
	if !r.IsLegal(a) {
		return false
	}
	r.DoMove(a)
	if !r.InCheck() || !r.IsLegal(d) {
		return false
	}
	r.DoMove(d)
	p := f.p
	return r.Key() == p.Key() && r.Hand(shogi.Black) == p.Hand(shogi.Black) && r.Hand(shogi.White) == p.Hand(shogi.White)
}

// The replies d a step back undoes (unmove).
const (
	replyKingTakes     = iota // the king stepped and took the attacker's sacrifice
	replyKingSteps            // the king stepped to an empty square
	replyInterposes           // a piece was dropped or moved between checker and king
	replyDefenderTakes        // a piece other than the king took the checker
)

// replies is the mix of replies a step back draws from (replyKind).
type replies int

const (
	// repliesAny is the mix of the releases before the composed style.
	repliesAny replies = iota
	// repliesLean leans towards a reply of the defence's pieces.
	repliesLean
	// repliesTake draws only replies that take the checking piece: the
	// steps back the appeal floor asks to be sacrifices (floorNeedOf).
	repliesTake
)

// replyKind maps r, drawn in [0, 100), to the kind of reply a step back
// undoes. Under repliesAny (and always under Free): the king 65% (taking
// 45%), an interposition 20%, a capture by another piece 15%, as in the
// releases before. Under repliesLean, in the composed style, a piece of
// the defence moves more often (DefenderMoves; docs/generation.md,
// "Method 1"): the king 25% (taking 15%), an interposition 35%, a
// capture by another piece 40%. Under repliesTake the two captures of
// repliesLean keep their proportion: the king takes 27%, another piece
// 73%.
func (o *Options) replyKind(r int, mix replies) int {
	switch {
	case o.Style != Composed || mix == repliesAny:
		return pick(r, 45, 65, 85)
	case mix == repliesTake:
		return pick(r, 27, 27, 27)
	}
	return pick(r, 15, 25, 60)
}

// leanAllFrom is the length from which the composed style leans towards a
// reply of the defence only at the steps above 3 plies; shorter problems
// lean at every step.
const leanAllFrom = 7

// leans reports whether the step back that makes a problem of n plies
// leans towards a reply of the defence (replyKind). At 7 plies and more
// the bottom step (3 plies) does not: it is the step drawn most often
// (hundreds of thousands of mate-in-3s for 100 mate-in-7s), and leaning
// there lowered its yield so much that 100 mate-in-7s of seed 101 took
// 119.5 s (0.84 a second, under the bar of 1) against 66.8 s without it
// — with fewer trades (56 of 100 lines against 71), a higher mean quality
// (6.28 against 5.57) and a move of the defence in 83 lines against 90
// (docs/performance.md, "The composed style's rate after the session 15
// leaning").
func (o *Options) leans(n int) bool {
	return o.Style == Composed && (o.Length < leanAllFrom || n > 3)
}

// mix is the mix of replies of the step back that makes a problem of n
// plies, by leans.
func (o *Options) mix(n int) replies {
	if o.leans(n) {
		return repliesLean
	}
	return repliesAny
}

// pick returns the kind of reply of r for the cumulative shares a, b, c
// of replyKingTakes, replyKingSteps and replyInterposes (percent; the rest is
// replyDefenderTakes).
func pick(r, a, b, c int) int {
	switch {
	case r < a:
		return replyKingTakes
	case r < b:
		return replyKingSteps
	case r < c:
		return replyInterposes
	}
	return replyDefenderTakes
}

// neighbour returns a random square next to s, or NoSquare off the board.
func neighbour(rng *rand.Rand, s shogi.Square) shogi.Square {
	df, dr := rng.IntN(3)-1, rng.IntN(3)-1
	if df == 0 && dr == 0 {
		return shogi.NoSquare
	}
	f, r := s.File()+df, s.Rank()+dr
	if f < 1 || f > 9 || r < 1 || r > 9 {
		return shogi.NoSquare
	}
	return shogi.NewSquare(f, r)
}

// drawCaptured draws the attacking piece that the defender took on s by
// its reply, which reappears there a step back: one of the kinds White
// holds in p (the piece went to its hand), which may stand on s (a pawn
// on a file without one of Black's: a step back moves no Black pawn).
func (o *Options) drawCaptured(rng *rand.Rand, p *shogi.Position, s shogi.Square) (shogi.Piece, bool) {
	wh := p.Hand(shogi.White)
	ks := o.kinds()
	k := ks[rng.IntN(len(ks))]
	if !wh.Has(k) {
		return shogi.NoPiece, false
	}
	if k.CanPromote() && rng.IntN(100) < 20 {
		k = k.Promote()
	}
	pc := shogi.NewPiece(shogi.Black, k)
	if !shogi.CanStand(pc, s) || k == shogi.Pawn && p.HasPawnOnFile(shogi.Black, s.File()) {
		return shogi.NoPiece, false
	}
	return pc, true
}

// undoInterposition takes back an interposition on m: the White piece on
// s, drawn from the interposers of the position (a square between the
// king on ksq and a Black ranged piece), goes back to White's hand or to a square it came
// from. It returns the interposing move. A promoted piece comes from the
// board, and of the others half under Composed, 30% under Free.
func (o *Options) undoInterposition(rng *rand.Rand, m *shogi.Position, s, ksq shogi.Square) (shogi.Move, bool) {
	pc := m.PieceAt(s)
	m.Put(s, shogi.NoPiece)
	share := 30
	if o.Style == Composed {
		share = 50
	}
	if pc.Kind().IsPromoted() || rng.IntN(100) < share {
		// A board move from a square that reaches s.
		u, ok := o.defenceOrigin(rng, m, pc, s, ksq)
		if !ok {
			return shogi.NoMove, false
		}
		m.Put(u, pc)
		return shogi.NewBoardMove(pc, u, s, false), true
	}
	return shogi.NewDrop(shogi.White, pc.Kind(), s), true
}

// interposers returns the White pieces of m, White's king on ksq aside,
// whose removal would leave White in check by one piece standing beyond
// it on a line to the king: those that may have interposed. Removing a
// piece only opens lines, so with White in check none qualifies (a second
// checker, or the one there already not beyond it), and without, a piece
// qualifies when it alone stands between the king and a Black ranged
// piece aimed at it (two such pieces behind it would be on one ray, the
// farther one blocked by the nearer). This is what removing each piece in
// turn and counting the checkers finds, without copying the position.
func interposers(m *shogi.Position, ksq shogi.Square) shogi.Bitboard {
	var out shogi.Bitboard
	if m.AttackersTo(shogi.Black, ksq).Any() {
		return out
	}
	occ := m.Occupied()
	white := m.ByColor(shogi.White).Without(ksq)
	for b := m.ByColor(shogi.Black); b.Any(); {
		x := b.PopLSB()
		pc := m.PieceAt(x)
		if !rangedKind(pc.Kind()) || !shogi.AttacksFrom(pc, x, shogi.Bitboard{}).Has(ksq) {
			continue
		}
		if between := shogi.Between(ksq, x).And(occ); between.Count() == 1 && white.Intersects(between) {
			out = out.Or(between)
		}
	}
	return out
}

// rangedKind reports whether k moves along lines: a lance, bishop, rook,
// horse or dragon.
func rangedKind(k shogi.Kind) bool {
	switch k {
	case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
		return true
	}
	return false
}

// undoCapture takes back the capture of the checking piece by a White
// piece other than the king, writing to m the position before it, White
// to move: the White piece W on t (of f.p, p) goes back to a square u from
// which it reaches t, and a Black piece X reappears on t. The draws are
// made on p before m is written: the squares from which W reaches t do
// not depend on what stands on t, and X must give the check itself, since
// a check by another piece would be one in p too, where Black is to move.
func (o *Options) undoCapture(rng *rand.Rand, m *shogi.Position, f *stepFrom, t shogi.Square) (shogi.Move, bool) {
	p, ksq := f.p, f.ksq
	pc := p.PieceAt(t)
	u, ok := gen.PickSquare(rng, o.captureOrigins(f, t))
	if !ok {
		return shogi.NoMove, false
	}
	x, ok := o.drawCaptured(rng, p, t)
	if !ok || !shogi.AttacksFrom(x, t, p.Occupied().Or(shogi.SquareBB(u))).Has(ksq) {
		return shogi.NoMove, false
	}
	*m = *p
	m.SetSideToMove(shogi.White)
	m.Put(t, shogi.NoPiece)
	m.Put(u, pc)
	m.Put(t, x)
	return shogi.NewBoardMove(pc, u, t, false), true
}

// defenceOrigin is origin for a piece of the defence, pc, that moves to
// s in a reply: under Composed it starts within guardDistance king steps
// of the king's square ksq, a guard of the king, not a piece placed far
// away for the purpose (a rook on the far side of the board that takes a
// sacrifice next to the king), on a square where a game brings it
// (gen.NaturalSquare); under Free from any square.
func (o *Options) defenceOrigin(rng *rand.Rand, m *shogi.Position, pc shogi.Piece, s, ksq shogi.Square) (shogi.Square, bool) {
	return gen.PickSquare(rng, o.defenceOrigins(m, pc, s, ksq))
}

// defenceOrigins returns the squares defenceOrigin draws from.
func (o *Options) defenceOrigins(m *shogi.Position, pc shogi.Piece, s, ksq shogi.Square) shogi.Bitboard {
	if o.Style != Composed {
		return originSquares(m, pc, s)
	}
	// Only the few squares that reach s are tested against the box round
	// the king, not the box's squares one by one: the same squares, in
	// the same order, so the same draw.
	near := originSquares(m, pc, s)
	for b := near; b.Any(); {
		u := b.PopLSB()
		if abs(u.File()-ksq.File()) > guardDistance || abs(u.Rank()-ksq.Rank()) > guardDistance || !gen.NaturalSquare(pc, u) {
			near = near.Without(u)
		}
	}
	return near
}

// placedMinor reports whether k is a promoted silver, knight or lance:
// a piece that, standing promoted at the start of a composed problem,
// looks placed (the blind reads); under Composed a check by one is taken
// back as the promoting move of its unpromoted form (成り捨て or 成り).
func placedMinor(k shogi.Kind) bool {
	return k == shogi.ProSilver || k == shogi.ProKnight || k == shogi.ProLance
}

// origin draws an empty square of m from which pc (unmoved, the same
// form) attacks s, where it may stand; ok reports whether there is one.
// An optional line restricts the squares.
func origin(rng *rand.Rand, m *shogi.Position, pc shogi.Piece, s shogi.Square, line *shogi.Bitboard) (shogi.Square, bool) {
	c := originSquares(m, pc, s)
	if line != nil {
		c = c.And(*line)
	}
	return gen.PickSquare(rng, c)
}

// originSquares returns the empty squares of m other than s from which pc
// (unmoved, the same form) attacks s, where it may stand.
func originSquares(m *shogi.Position, pc shogi.Piece, s shogi.Square) shogi.Bitboard {
	// The squares from which pc attacks s are those a piece of its kind
	// and the other colour attacks from s.
	occ := m.Occupied()
	reach := shogi.AttacksFrom(shogi.NewPiece(pc.Color().Opp(), pc.Kind()), s, occ).AndNot(occ).Without(s)
	for b := reach; b.Any(); {
		if u := b.PopLSB(); !shogi.CanStand(pc, u) {
			reach = reach.Without(u)
		}
	}
	return reach
}

// undoCheck takes back the check of m (White to move, in check): the
// checking piece, or a piece that uncovered a ranged check, goes back to
// its origin or to Black's hand, perhaps putting back a White piece it
// took. It makes q the position before, Black to move (White's hand to
// be recomputed), and returns the check; q is undefined when it fails.
func (o *Options) undoCheck(rng *rand.Rand, q *shogi.Position) (shogi.Move, bool) {
	ksq := q.King(shogi.White)
	checkers := q.Checkers()
	c := checkers.LSB()
	var line *shogi.Bitboard
	if checkers.MoreThanOne() || rng.IntN(100) < 15 {
		// A discovered check: some other Black piece left the line of a
		// ranged checker.
		if checkers.MoreThanOne() && rng.IntN(2) == 0 {
			checkers.PopLSB()
			c = checkers.LSB()
		}
		between := shogi.Between(ksq, c)
		if between.IsEmpty() {
			return shogi.NoMove, false
		}
		others := q.ByColor(shogi.Black).Without(c)
		if !checkers.MoreThanOne() {
			others = others.AndNot(q.Checkers())
		}
		var ok bool
		if c, ok = gen.PickSquare(rng, others); !ok {
			return shogi.NoMove, false
		}
		line = &between
	}
	pc := q.PieceAt(c)
	if pc.Kind() == shogi.King {
		return shogi.NoMove, false
	}
	q.Put(c, shogi.NoPiece)
	// What a took, if anything: a White piece of a kind in Black's hand.
	var taken shogi.Piece
	if bh := q.Hand(shogi.Black); !bh.IsEmpty() && rng.IntN(100) < 20 {
		ks := o.kinds()
		k := ks[rng.IntN(len(ks))]
		if bh.Has(k) {
			// A promoted piece of the defender's stands in the
			// attacker's camp in a game, not by its own king: the
			// composed style puts back none (the twelfth read's
			// promoted lance on 3一). The draw is made either way, so
			// that the style's other steps keep their random stream.
			if k.CanPromote() && rng.IntN(100) < 10 && o.Style != Composed {
				k = k.Promote()
			}
			taken = shogi.NewPiece(shogi.White, k)
			if !shogi.CanStand(taken, c) || k == shogi.Pawn && q.HasPawnOnFile(shogi.White, c.File()) {
				return shogi.NoMove, false
			}
			if o.Style == Composed && (!castleKind(k) || !gen.NaturalSquare(taken, c)) {
				return shogi.NoMove, false // a defender's piece where a game has one
			}
		}
	}
	k := pc.Kind()
	if line == nil && taken == shogi.NoPiece && !k.IsPromoted() && k != shogi.King && rng.IntN(100) < 45 && !o.dropOverfills(q, k) {
		// A drop.
		q.SetHand(shogi.Black, q.Hand(shogi.Black).Add(k))
		q.SetSideToMove(shogi.Black)
		return shogi.NewDrop(shogi.Black, k, c), true
	}
	before, promote := pc, false
	if k.IsPromoted() && (rng.IntN(100) < 50 || o.Style == Composed && placedMinor(k)) {
		before, promote = shogi.NewPiece(shogi.Black, k.Demote()), true
	}
	if taken != shogi.NoPiece {
		q.Put(c, taken)
		q.SetHand(shogi.Black, q.Hand(shogi.Black).Remove(taken.Kind().Demote()))
	}
	u, ok := origin(rng, q, before, c, line)
	if !ok {
		return shogi.NoMove, false
	}
	if promote && !shogi.PromotionZone(shogi.Black).Has(u) && !shogi.PromotionZone(shogi.Black).Has(c) {
		return shogi.NoMove, false
	}
	if before.Kind() == shogi.Pawn && q.HasPawnOnFile(shogi.Black, u.File()) && u.File() != c.File() {
		return shogi.NoMove, false
	}
	q.Put(u, before)
	q.SetSideToMove(shogi.Black)
	return shogi.NewBoardMove(before, u, c, promote), true
}

// dropOverfills reports whether taking back a drop of kind k into Black's
// hand in q would give a composed problem shorter than handFrom plies a
// heavier hand at the start than the style allows (HeavyHand): the check
// is then taken back as a board move. Below handFrom plies the hand only
// grows on the way back (the first move captures nothing), so a hand too
// heavy here is too heavy at the start, and the candidate would be
// refused there after the work of building it. From handFrom plies an
// earlier capture taken back may still lighten it.
func (o *Options) dropOverfills(q *shogi.Position, k shogi.Kind) bool {
	return o.Length < handFrom && o.handFull(q, k)
}
