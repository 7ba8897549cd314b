package maten

import (
	"fmt"
	"slices"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// Style is the shape of the problems a run makes (docs/generation.md,
// "Style").
type Style int

// The styles.
const (
	// Composed, the default, is the shape of the problems people hand
	// out: the defender's king in its own camp (ranks 1–3 from its side,
	// and it never leaves them along the main line) unless
	// Options.King asks for a region, a guard of its own near it (a
	// major piece only next to it, HasGuard; from 7 plies a piece next
	// to it, GuardNextToKing), no heavy hand (HeavyHand:
	// one piece in hand at 3 plies, two from 5 and one major), at most
	// five attacker pieces at 3 plies, six at 5 and seven at 7
	// (HeavyAttack), below 9 plies no attacker's gold, silver or knight
	// parked in a corner of the defender's back rank (CornerParked), no
	// more than two attacker pieces within two king steps of the king at
	// 3 plies and three at 5 and 7 (Crowded), no three defending pieces of
	// one kind (ThreeOfAKind), no capture on the first move, no
	// gift (an attacker piece that stood
	// from the start where the king simply takes it), no unpromoted
	// bishop or rook in the defender's camp without a refusal (不成) of
	// it in the line, no idle piece (one whose removal leaves a sound
	// problem with the same solution is taken away), at least one theme
	// of the attacker's play (HasAttackerTheme), no one-piece chase
	// along an edge (EdgeClimbs), no staircase of drops (Staircase), no
	// king walking along an edge (EdgeWalks), no piece pursuing the king
	// (Pursuits), no heavy battery at the
	// start (HeavyBattery), from 5 plies no obvious key without a
	// choice for the defender (MeasureDefence), a quality score
	// (Score) of at least 2 and, from 3 to 7 plies, an appeal (Appeal)
	// of at least 0.6.
	Composed Style = iota
	// Free is the placement of the methods alone, with none of the
	// checks of Composed.
	Free
)

// String returns "composed" or "free".
func (s Style) String() string {
	if s == Free {
		return "free"
	}
	return "composed"
}

// ParseStyle reads "composed" or "free". "realistic" (game-like
// positions) is named and refused: package gen/realistic makes it.
func ParseStyle(s string) (Style, error) {
	switch s {
	case "composed":
		return Composed, nil
	case "free":
		return Free, nil
	case "realistic":
		return 0, fmt.Errorf("style %q is made by package gen/realistic, not gen/maten: want composed or free", s)
	}
	return 0, fmt.Errorf("unknown style %q: want composed or free", s)
}

// composedMinQuality is the least quality score (Score) of a composed
// problem: one that scores less is passed over and the construction
// draws on. The twenty-first blind read (docs/quality-report.md) had
// three problems under 2 (0, 0 and 1: a plain first check, heavy
// material, a king that shuffles), each a "perhaps" for both readers,
// where its one problem at 2 was a "yes" for both. Of 1,000 mate-in-3s,
// 200 mate-in-5s and 100 mate-in-7s of seed 26, 0.5%, 3.5% and 4% score
// under 2.
const composedMinQuality = 2

// The king's ranks in the composed style, counted from the defender's
// side (rank 1 is White's back rank): the problem's king stands in
// ranks 1 to campRanks, and along the main line it never goes beyond
// rank maxLineRank: the camp too since session 12 (it was 4; a blind
// read found lines that pull the king out of its camp to rank 4 weak,
// docs/quality-report.md; 7 of 100 mate-in-7s of seed 101 changed, none
// at 3 and 5 plies, the rates the same).
const (
	campRanks   = 3
	maxLineRank = 3
	// guardDistance is the farthest a guard stands from its king (in
	// king steps).
	guardDistance = 2
)

// camp reports whether the composed style's rules on the king's ranks
// apply: the style is Composed and Options.King asks for no region.
func (o *Options) camp() bool { return o.Style == Composed && o.King == AnyRegion }

// shapeFits is the part of fits that belongs to the style: the king's
// rank (of a problem of the full length when final, of one on the way
// otherwise) and, when final, a guard (HasGuard), no heavy battery, no
// heavy attack (HeavyAttack), no heavy hand (HeavyHand), below 9 plies
// (longAttackFrom) no parked corner piece (CornerParked) and no crowd
// (Crowded), no pair of knights on the board (KnightPair), no two
// defending lances on one file (StackedLances) nor two defending knights
// side by side or one above the other (KnightWall), no three defending
// pieces of one kind (ThreeOfAKind), from 5 to 7 plies no two
// attacker rooks or bishops (DoubledMajors), at least two castle
// guards (CastleGuards) and from 7 plies a defender's piece next to its
// king (GuardNextToKing).
func (o *Options) shapeFits(q *shogi.Position, final bool) bool {
	if o.Style != Composed {
		return true
	}
	k := q.King(shogi.White)
	if o.camp() && (k.Rank() > maxLineRank || final && k.Rank() > campRanks) {
		return false
	}
	if !final {
		return true
	}
	// The two tests that turn away the most candidates come first, from
	// one look round the king (at 3 plies a third and a fifth of those
	// asked); two castle guards are a guard (HasGuard).
	guards, crowd := aroundKing(q, shogi.White)
	if guards < minCastleGuards || crowded(crowd, o.Length) {
		return false
	}
	if o.Length >= nextGuardFrom && !GuardNextToKing(q) {
		return false
	}
	return !HeavyAttack(q, o.Length) && !HeavyBattery(q) && !HeavyHand(q, o.Length) && (o.Length >= longAttackFrom || !CornerParked(q)) && !KnightPair(q) && !StackedLances(q) && !KnightWall(q) && !ThreeOfAKind(q) && !DoubledMajors(q, o.Length)
}

// CornerParked reports whether the attacker (Black) has a gold, silver,
// knight or promoted minor piece on a corner of the defender's back rank
// (1a or 9a) in q: a piece no game parks there, which the composed style
// refuses at the start of a problem shorter than 9 plies (the eleventh
// blind read, docs/quality-report.md; at 7 plies, where 5% of the
// problems had one, refusing it cost 1.2 times the CPU until the
// composed style drew more steps back from each problem, Options.work).
func CornerParked(q *shogi.Position) bool {
	for _, s := range [2]shogi.Square{shogi.NewSquare(1, 1), shogi.NewSquare(9, 1)} {
		if pc := q.PieceAt(s); pc != shogi.NoPiece && pc.Color() == shogi.Black {
			switch pc.Kind() {
			case shogi.Gold, shogi.Silver, shogi.Knight, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
				return true
			}
		}
	}
	return false
}

// HeavyBattery reports whether the attacker (Black) has, on the board of
// q, two dragons, or two rooks or dragons on one file or rank with
// nothing between them (one behind the other). The composed style
// refuses such a start (docs/generation.md, "Style"; issue 26's blind
// reading: a heavy battery mates by weight, and the reader found it in
// problems that taught nothing else).
func HeavyBattery(q *shogi.Position) bool {
	dragons := q.Pieces(shogi.Black, shogi.Dragon)
	if dragons.MoreThanOne() {
		return true
	}
	rooks := q.Pieces(shogi.Black, shogi.Rook).Or(dragons)
	if !rooks.MoreThanOne() {
		return false
	}
	for rest := rooks; rest.Any(); {
		a := rest.LSB()
		rest = rest.Without(a)
		for others := rest; others.Any(); {
			b := others.LSB()
			others = others.Without(b)
			if (a.File() == b.File() || a.Rank() == b.Rank()) && !shogi.Between(a, b).Intersects(q.Occupied()) {
				return true
			}
		}
	}
	return false
}

// Shape is what the composed style checks on a main line.
type Shape struct {
	// FirstCapture: the first move captures.
	FirstCapture bool
	// Trades counts the attacker's moves that capture, the last (the
	// mate) aside: the attacker takes a piece, to drop it back later.
	// Refused up to 5 plies (tradesUpTo); above, measured: refusing them
	// cost too much (docs/generation.md, "Style").
	Trades int
	// Gifts counts the defender's king moves that take an attacker
	// piece that stood on its square from the start and never moved.
	Gifts int
	// IdleMajors counts the attacker's unpromoted bishops and rooks in
	// the defender's camp (ranks 1–3) at the start that the line does not
	// move without promoting where it could promote.
	IdleMajors int
	// FarthestRank is the highest rank the defender's king stands on
	// along the line (1 to 9, from the defender's side).
	FarthestRank int
}

// MeasureShape replays the main line pv from q and returns its Shape.
func MeasureShape(q *shogi.Position, pv []shogi.Move) Shape {
	var s Shape
	var touched [shogi.NumSquares]bool // a piece left or reached the square
	var majors []shogi.Square          // unpromoted Black bishops and rooks in White's camp
	for sq := range shogi.Square(shogi.NumSquares) {
		pc := q.PieceAt(sq)
		if pc != shogi.NoPiece && pc.Color() == shogi.Black && (pc.Kind() == shogi.Bishop || pc.Kind() == shogi.Rook) && sq.Rank() <= campRanks {
			majors = append(majors, sq)
		}
	}
	p := *q
	s.FarthestRank = p.King(shogi.White).Rank()
	for i, m := range pv {
		captured := p.PieceAt(m.To())
		if i == 0 && captured != shogi.NoPiece {
			s.FirstCapture = true
		}
		if i%2 == 0 && i+1 < len(pv) && captured != shogi.NoPiece {
			s.Trades++
		}
		if !m.IsDrop() {
			from := m.From()
			if m.Color() == shogi.White && m.Piece().Kind() == shogi.King && captured != shogi.NoPiece && !touched[m.To()] {
				s.Gifts++
			}
			k := m.Piece().Kind()
			if m.Color() == shogi.Black && (k == shogi.Bishop || k == shogi.Rook) && !m.IsPromotion() &&
				(from.Rank() <= campRanks || m.To().Rank() <= campRanks) && !touched[from] {
				majors = slices.DeleteFunc(majors, func(sq shogi.Square) bool { return sq == from })
			}
			touched[from] = true
		}
		touched[m.To()] = true
		p.DoMove(m)
		s.FarthestRank = max(s.FarthestRank, p.King(shogi.White).Rank())
	}
	s.IdleMajors = len(majors)
	return s
}

// shapeOK reports whether the main line pv of q passes the composed
// style's checks; under Free, those of NoGifts when it is set, else
// none.
func (o *Options) shapeOK(q *shogi.Position, pv []shogi.Move) bool {
	if o.Style != Composed {
		if !o.NoGifts {
			return true
		}
		s := MeasureShape(q, pv)
		return !s.FirstCapture && s.Gifts == 0
	}
	s := MeasureShape(q, pv)
	return !s.FirstCapture && s.Gifts == 0 && s.IdleMajors == 0 && (!o.camp() || s.FarthestRank <= maxLineRank) && (o.Length > tradesUpTo || s.Trades == 0)
}

// tradesUpTo is the longest composed problem that refuses a trade (an
// attacker's capture before the mate, Shape.Trades; a mate-in-3 can have
// none, its first move capturing nothing): over reads 36–57
// (docs/quality-report.md) teachers handed out 11 of the 24 verdicts on
// mate-in-5s with one (46%) against 77%, and 45 of 96 on mate-in-7s (47%)
// against 72% ("the key just captures a hanging silver and drops it
// back", both readers' "no" in the fifty-seventh read). 6% of 100
// composed mate-in-5s of seed 26 had one, 44% of 100 mate-in-7s: there
// refusing them would cost about twice the candidates, and a worksheet's
// class of a standing piece taken (maten.StandingCapture) holds them to
// one of its ten mate-in-7s.
const tradesUpTo = 5

// EdgeClimbs counts the attacker moves of the main line line that make
// a one-piece chase along an edge in the wider sense of the composed
// style (docs/generation.md, "Style"): each is either a chase move of the
// quality score (Score) or an edge climb, a move that
//
//   - moves the piece the attacker's previous move moved or dropped,
//     right after the defender's king stepped (the same piece twice in a
//     row, the king between),
//   - with the king on an edge square (file 1 or 9, rank 1 or 9) before
//     and after its step,
//   - one square, from a square next to the king before its step to one
//     next to it after: the piece follows the king in contact, in any
//     direction,
//   - and is not taken on the next ply: a piece that follows the king to
//     be taken is a sacrifice, not a chase.
//
// ▲９三金 △８一玉 ▲９二金 (the gold follows the king from 9b into the
// corner) has one; a piece that comes back from afar, one that follows a
// king out of the edge, and one that steps next to it to be taken have
// none.
func EdgeClimbs(line []shogi.Move) int {
	return countFollowing(line, climbMove)
}

// climbMove reports whether the attacker move line[i] (i ≥ 2) is a move
// EdgeClimbs counts.
func climbMove(line []shogi.Move, i int) bool {
	if chaseMove(line, i) {
		return true
	}
	prev, reply, m := line[i-2], line[i-1], line[i]
	if !follows(prev, reply, m) || i+1 < len(line) && line[i+1].To() == m.To() {
		return false
	}
	k0, k1 := reply.From(), reply.To()
	return problem.EdgeSquare(k0) && problem.EdgeSquare(k1) &&
		adjacent(m.From(), m.To()) && adjacent(m.From(), k0) && adjacent(m.To(), k1)
}

// Staircase reports whether the main line line is a staircase of drops,
// which the composed style refuses (docs/generation.md, "Style"; issue
// 26: "once a student has seen one, they have seen them all"): two steps
// of StairDrops, or one step where the two drops are of the same kind
// (▲８一飛打 △同玉 ▲７一飛打, ▲７二香打 △同玉 ▲７三香打). A single
// step with a different piece (a pawn, then the gold that mates on its
// head) is a plain lure and is kept.
func Staircase(line []shogi.Move) bool {
	steps := 0
	for i := 2; i < len(line); i += 2 {
		if stairMove(line, i) {
			if line[i].DroppedKind() == line[i-2].DroppedKind() {
				return true
			}
			steps++
		}
	}
	return steps >= 2
}

// StairDrops counts the steps of a staircase in the main line line
// (docs/generation.md, "Style"): an attacker drop line[i] (i ≥ 2) such
// that
//
//   - the attacker's previous move line[i-2] was a drop too,
//   - the defender's king took that dropped piece (line[i-1] moves the
//     king onto its square),
//   - and line[i] drops on the square next to it in the direction the
//     king just moved: one square further along the king's path.
//
// The kinds need not be the same (歩, then 銀, then 飛 is a staircase as
// much as 香, 香, 飛): what the solver sees is the drop, the capture and
// the next drop one square on. ▲１二香打 △同玉 ▲１三香打 has one step;
// ▲１二歩打 △同玉 ▲１三銀打 △同玉 ▲１四飛打 has two; a drop beside the
// path, a board move, or a king that steps away instead of taking has
// none.
func StairDrops(line []shogi.Move) int {
	return countFollowing(line, stairMove)
}

// stairMove reports whether the attacker move line[i] (i ≥ 2) is a step
// StairDrops counts.
func stairMove(line []shogi.Move, i int) bool {
	prev, reply, m := line[i-2], line[i-1], line[i]
	if !prev.IsDrop() || !m.IsDrop() || reply.IsDrop() || reply.Piece().Kind() != shogi.King || reply.To() != prev.To() {
		return false
	}
	df, dr := step(reply.From(), reply.To())
	to := prev.To()
	f, r := to.File()+df, to.Rank()+dr
	return f >= 1 && f <= 9 && r >= 1 && r <= 9 && m.To() == shogi.NewSquare(f, r)
}

// lineOK is the composed style's test of the main line pv of q, a
// candidate of n plies the solver has proven sound, made before the
// verdict (always true under Free): no one-piece chase along an edge
// (EdgeClimbs, which counts the chases of the quality score and more), no
// staircase of drops (Staircase), no king walking along an edge
// (EdgeWalks), no piece pursuing the king (Pursuits) and no bare
// exchange (Exchanges) at any length, since the extensions of a line
// keep its end, and no king coming back to a square (KingReturns) in a
// run of 7 plies or fewer (refusesReturns); at the full length the checks of shapeOK and at least one
// attacker theme (HasAttackerTheme), the themes found as generate
// reports them, each search with a table of its own so that the decision
// does not depend on the worker.
func (j *judge) lineOK(q *shogi.Position, pv []shogi.Move, n int) bool {
	o := j.o
	if o.Style != Composed {
		return n != o.Length || o.shapeOK(q, pv)
	}
	if EdgeClimbs(pv) > 0 || Staircase(pv) || EdgeWalks(pv) > 0 || Pursuits(pv) > 0 || Exchanges(pv) > 0 || o.refusesReturns() && KingReturns(pv) {
		return false
	}
	if n != o.Length {
		return true
	}
	if !o.shapeOK(q, pv) || !j.defenceOK(q, pv) {
		return false
	}
	themes, err := findThemes(j.ctx, q, pv)
	return err == nil && HasAttackerTheme(themes)
}

// HasAttackerTheme reports whether themes has a theme of the attacker's
// play: one whose Side in package theme's catalogue is theme.Attacker (a
// sacrifice and what it achieves, 不成, 打歩詰打開, a distant or limited
// drop, a discovered or double check, 駒の連続活用), but the unpromoted
// check (王手のための不成), which the answer key names and no composer counts
// as a tesuji. The defender's themes (中合, 移動合, 逆王手) are not the
// attacker's tesuji, and a final position alone (頭金, 吊し桂 …) is the
// plain mate of a first exercise, not a tesuji (docs/generation.md,
// "Style").
func HasAttackerTheme(themes []problem.Theme) bool {
	if len(themes) == 0 {
		return false
	}
	cat := theme.Catalogue()
	for _, t := range themes {
		i := slices.IndexFunc(cat, func(c theme.Theme) bool { return c.Name == t.Name })
		if i >= 0 && cat[i].Side == theme.Attacker && t.Name != theme.UnpromotedCheck {
			return true
		}
	}
	return false
}

// economize takes away the idle pieces of q, a sound problem of the full
// length that f found: a piece on the board other than a king, or one in
// Black's hand, whose removal (it goes to White's hand) leaves a problem
// that passes every test of the run with the same main line. It returns
// the problem left, which has no idle piece, or false when what is left
// no longer fits the options (a guard was idle, too few pieces).
func (j *judge) economize(q *shogi.Position, f found) (shogi.Position, found, bool) {
	cur := *q
outer:
	for {
		for sq := range shogi.Square(shogi.NumSquares) {
			pc := cur.PieceAt(sq)
			if pc == shogi.NoPiece || pc.Kind() == shogi.King {
				continue
			}
			r := cur
			r.Put(sq, shogi.NoPiece)
			if nf, ok := j.sameProblem(&r, f.sol.PV); ok {
				cur, f = r, nf
				continue outer
			}
		}
		for _, k := range allKinds {
			if !cur.Hand(shogi.Black).Has(k) {
				continue
			}
			r := cur
			r.SetHand(shogi.Black, r.Hand(shogi.Black).Remove(k))
			if nf, ok := j.sameProblem(&r, f.sol.PV); ok {
				cur, f = r, nf
				continue outer
			}
		}
		break
	}
	if j.ctx.Err() != nil || !j.o.fits(&cur, true) {
		return shogi.Position{}, found{}, false
	}
	return cur, f, true
}

// sameProblem completes r (White's hand the remaining pieces) and
// reports whether it is a sound problem of the full length, by every
// test of the run, whose main line is pv.
func (j *judge) sameProblem(r *shogi.Position, pv []shogi.Move) (found, bool) {
	h, err := mate.RemainingHand(r, shogi.Black)
	if err != nil {
		return found{}, false
	}
	r.SetHand(shogi.White, h)
	if !r.IsValid() || r.InCheck() || !j.lineMates(r, pv) {
		return found{}, false
	}
	f, ok := j.check(r, j.o.Length)
	if !ok || !slices.Equal(f.sol.PV, pv) {
		return found{}, false
	}
	return f, true
}

// BaseRegion returns the king region of the mate-in-1 problems the
// backward method starts from under o: Options.King, or under the
// composed style with no region asked for, the defender's camp (the
// king is mated within ranks 1–3, so that it starts there or one step
// out of it, which the style's final check turns away).
func BaseRegion(o *Options) Region {
	if o.camp() {
		return gen.Camp
	}
	return o.King
}

// stepFits is the composed style's cheap test of a step back, the check
// a and the reply d that lead from q, a candidate of n plies, to the
// problem it extends, made before any search: a king that takes on d
// takes the piece a moved there (a real sacrifice, never a gift left
// standing), and at the full length a takes nothing (no capture on the
// first move). A candidate two plies short of the full length with two
// attacker rooks or bishops (DoubledMajors) is turned away too: the last
// step back adds a check that takes nothing, so every start it could lead
// to has them as well, and would be refused after its search and the
// draws of its own steps back. Under Free it accepts every step.
func (o *Options) stepFits(q *shogi.Position, a, d shogi.Move, n int) bool {
	if o.Style != Composed {
		return true
	}
	if n == o.Length-2 && DoubledMajors(q, o.Length) {
		return false
	}
	if d.Piece().Kind() == shogi.King && d.To() != a.To() && q.PieceAt(d.To()) != shogi.NoPiece {
		return false
	}
	return n != o.Length || q.PieceAt(a.To()) == shogi.NoPiece
}

// work is levelWork under the style. A composed run draws more steps
// back from each problem on the way than levelWork: 192 (searching up to
// 16) from each mate-in-1, 1,200 from each mate-in-3 (searching up to 24)
// and 2,400 from each mate-in-5 (up to 80). The composed style's rules
// turn away most sound shorter problems and most steps back, so that a
// base gave a problem seldom; drawing more from each base and each
// problem on the way costs less than making more bases, most of which
// lead nowhere:
//   - a mate-in-3: 0.70 times the CPU time of 24 and 8 for 100 problems
//     of seed 4242 (median of 3 alternated pairs; docs/generation.md,
//     "Style"); with one piece in hand (HeavyHand) 192 draws took 0.90
//     times the CPU of 96 for 1,000 problems of seed 26 (median of 5
//     alternated pairs), with the same mean quality score (5.68 and
//     5.63) and share of sacrifices (89% and 87%);
//   - a mate-in-5 and a mate-in-7 (session 26): against levelWork's 24,
//     300 and 600 draws, the CPU per sound problem fell by about half,
//     most of it the mate-in-1 bases no longer made (5.3 million for 100
//     mate-in-7s of seed 26, then 0.36 million; docs/performance.md);
//   - a mate-in-7 (session 27): with bare exchanges refused (Exchanges,
//     turned away before their search), 100 problems of seed 26 took
//     1.41 times the CPU of the build before with 1,200 draws searching
//     up to 40, and 1.04 times with 2,400 searching up to 80 (two
//     alternated pairs each).
//
// From 9 plies a level keeps levelWork's work.
func (o *Options) work(n int) (tries, searches int) {
	if o.Style != Composed {
		return levelWork(n)
	}
	switch n {
	case 3:
		return 192, 16
	case 5:
		return 1200, 24
	case 7:
		return 2400, 80
	}
	return levelWork(n)
}

// lineMates reports whether the line pv is still played from r, every
// move legal and every attacker move a check, and ends in mate: a
// necessary condition, without a search, for pv to be r's solution.
// Most removals of economize fail it.
func (j *judge) lineMates(r *shogi.Position, pv []shogi.Move) bool {
	p := &j.reply
	*p = *r
	for i, m := range pv {
		if !p.IsLegal(m) {
			return false
		}
		p.DoMove(m)
		if i%2 == 0 && !p.InCheck() {
			return false
		}
	}
	return !p.HasLegalMove()
}
