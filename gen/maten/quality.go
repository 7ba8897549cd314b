package maten

import (
	"context"
	"math"
	"slices"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// ThemeWeight returns the points a theme of package theme's catalogue
// adds to the quality score, once per problem however often it occurs
// (docs/quality.md gives the reasons): the themes composers prize most —
// a necessary non-promotion, the avoided drop-pawn mate, a limited drop,
// a clearance or a re-drop, the defender's distant interposition — weigh
// 2 to 2.5, a plain sacrifice 1, the common final positions (頭金) a
// quarter. The unpromoted check (王手のための不成: a promotion that would give
// no check is no try, docs/themes.md) and a name the catalogue does not
// have weigh 0.
func ThemeWeight(name string) float64 {
	switch name {
	case theme.NonPromotion, theme.DropPawnMateAvoided:
		return 2.5
	case theme.Clearance, theme.Redrop, theme.LimitedDrop, theme.DistantInterposition:
		return 2
	case theme.FocalSacrifice, theme.FlightBlock, theme.Hostage, theme.DistantDrop, theme.PinMate:
		return 1.5
	case theme.Sacrifice, theme.MajorSacrifice, theme.Lure, theme.Sending, theme.DiscoveredCheck,
		theme.DoubleCheck, theme.ConsecutiveUse, theme.MovingInterposition, theme.HangingKnight,
		theme.DoubleCheckMate:
		return 1
	case theme.DropSacrifice, theme.PromotionSacrifice, theme.CounterCheck, theme.TailGold,
		theme.BellyGold, theme.OneGapDragon:
		return 0.5
	case theme.HeadGold:
		return 0.25
	}
	return 0
}

// The constants of the quality score (docs/quality.md).
const (
	maxThemePoints    = 8   // the themes part is capped
	surprisePerCheck  = 0.5 // per check the policy ranks before the key
	maxSurprise       = 2   // the surprise part is capped
	economyFreePieces = 4   // the attacker's pieces (attackerPieces) that cost nothing
	economyPerPiece   = 0.5 // the cost of each piece beyond them
	minGuards         = 2   // the castle guards (CastleGuards) a king has without cost
	guardsPenalty     = 1   // a defender's king with fewer
	crowdFree         = 2   // the attacker's pieces within two king steps that cost nothing
	crowdPerPiece     = 1   // the cost of each beyond them
	chasePenalty      = 1.5 // per move of a one-piece chase
	capturePenalty    = 2   // a first move that captures
)

// Score returns the quality score of the tsume problem pos (the attacker
// to move) with main line line, whose themes are themes (as theme.Find
// reports them): the sum of
//
//   - themes: the ThemeWeight of each distinct theme, at most 8;
//   - surprise: 0.5 for each of the attacker's checks that a simple
//     policy ranks before the first move, at most 2. The policy is a
//     cautious player's, read off the mate-in-1 analysis of package mate
//     (mate.Analyze): a check whose piece the defender cannot take
//     first, then among those alike a check that captures, then the
//     check that leaves the defender the fewest legal replies (the order
//     in which a df-pn solver tries them first); a check tied with the
//     key move is not counted before it. A sacrifice or a quiet move
//     that leaves the king room is what such a policy looks at last;
//   - economy: −0.5 for each of the attacker's pieces beyond four, on
//     the board (its king aside) and in hand (the defender's pieces cost
//     nothing: its castle is the natural shape, and an idle one is the
//     generator's business);
//   - final: the attacker's pieces on the board at the mate, F: 1.5 for
//     F ≤ 2, 1 for 3, 0 for 4, −0.5 for each beyond 4;
//   - crowd: −1 for each of the attacker's pieces on the board within
//     two king steps of the defender's king beyond two (a crowd round
//     the king, assembled rather than played);
//   - guards: −1 when the defender's king has fewer than two castle
//     guards: pieces of its own of a castle's kinds (gold, silver,
//     knight, lance, pawn and their promoted forms) within two king
//     steps (CastleGuards), a lone or nearly bare king;
//   - chase: −1.5 for each attacker move that makes a one-piece chase: it
//     moves the piece the previous attacker move moved or dropped, one
//     way along an edge file or rank, right after the king stepped the
//     same way along that edge (the king on the edge before and after);
//   - first capture: −2 when the first move captures a piece.
//
// Its Appeal, apart from the score, is Appeal's, rounded to two decimals.
// The line must be legal from pos and every attacker move a check.
func Score(pos *shogi.Position, line []shogi.Move, themes []problem.Theme) problem.Quality {
	var q problem.Quality
	seen := make(map[string]bool, len(themes))
	for _, t := range themes {
		if !seen[t.Name] {
			seen[t.Name] = true
			q.Themes += ThemeWeight(t.Name)
		}
	}
	q.Themes = min(q.Themes, maxThemePoints)
	if len(line) > 0 {
		q.KeyRank, q.Checks = keyRank(pos, line[0])
		q.Surprise = min(surprisePerCheck*float64(q.KeyRank-1), maxSurprise)
		if !line[0].IsDrop() && pos.PieceAt(line[0].To()) != shogi.NoPiece {
			q.FirstCapture = -capturePenalty
		}
	}
	attacker := pos.SideToMove()
	q.Economy = 0 - economyPerPiece*float64(max(0, attackerPieces(pos, attacker)-economyFreePieces))
	end := *pos
	for _, m := range line {
		end.DoMove(m)
	}
	f := end.ByColor(attacker).Count()
	if end.King(attacker) != shogi.NoSquare {
		f--
	}
	switch {
	case f <= 2:
		q.Final = 1.5
	case f == 3:
		q.Final = 1
	default:
		q.Final = 0 - 0.5*float64(f-4)
	}
	guards, crowd := aroundKing(pos, attacker.Opp())
	q.Crowd = 0 - crowdPerPiece*float64(max(0, crowd-crowdFree))
	if guards < minGuards {
		q.Guards = -guardsPenalty
	}
	q.Chase = 0 - chasePenalty*float64(chaseMoves(pos, line)) // 0, not -0, when none
	q.Score = round2(q.Themes + q.Surprise + q.Economy + q.Crowd + q.Final + q.Guards + q.Chase + q.FirstCapture)
	q.Appeal = round2(Appeal(pos, line))
	return q
}

// aroundKing counts the pieces within guardDistance (two) king steps of
// the king of def in pos: guards, def's pieces of a castle's kinds, and
// crowd, its opponent's pieces other than a king. Both are 0 without a
// king of def.
func aroundKing(pos *shogi.Position, def shogi.Color) (guards, crowd int) {
	k := pos.King(def)
	if k == shogi.NoSquare {
		return 0, 0
	}
	for fl := max(k.File()-guardDistance, 1); fl <= min(k.File()+guardDistance, 9); fl++ {
		for r := max(k.Rank()-guardDistance, 1); r <= min(k.Rank()+guardDistance, 9); r++ {
			pc := pos.PieceAt(shogi.NewSquare(fl, r))
			switch {
			case pc == shogi.NoPiece || pc.Kind() == shogi.King:
			case pc.Color() == def && castleKind(pc.Kind()):
				guards++
			case pc.Color() != def:
				crowd++
			}
		}
	}
	return guards, crowd
}

// attackerPieces counts the attacker's pieces of pos: on the board, its
// king aside, and in hand.
func attackerPieces(pos *shogi.Position, attacker shogi.Color) int {
	n := pos.ByColor(attacker).Count() + pos.Hand(attacker).Total()
	if pos.King(attacker) != shogi.NoSquare {
		n--
	}
	return n
}

// keyRank returns the rank, from 1, of the check key among the checks of
// p under Score's policy, and the number of checks.
func keyRank(p *shogi.Position, key shogi.Move) (rank, checks int) {
	var r mate.Result
	mate.Analyze(p, &r)
	i := slices.IndexFunc(r.ByCheck, func(st mate.CheckStats) bool { return st.Move == key })
	if i < 0 {
		return 1, r.Checks
	}
	k := natural(p, r.ByCheck[i])
	rank = 1
	for _, st := range r.ByCheck {
		if natural(p, st).before(k) {
			rank++
		}
	}
	return rank, r.Checks
}

// naturalness is how Score's policy sees a check: whether the defender
// can take the checking piece, whether the check captures, and how many
// legal replies it leaves.
type naturalness struct {
	hangs, quiet bool
	replies      int
}

// natural returns the naturalness of the check st in p.
func natural(p *shogi.Position, st mate.CheckStats) naturalness {
	m := st.Move
	return naturalness{
		hangs:   st.Captures() > 0,
		quiet:   m.IsDrop() || p.PieceAt(m.To()) == shogi.NoPiece,
		replies: st.Replies,
	}
}

// before reports whether the policy tries a before b: a safe check
// before one that hangs its piece, then a capture before a quiet move,
// then the fewer replies.
func (a naturalness) before(b naturalness) bool {
	if a.hangs != b.hangs {
		return !a.hangs
	}
	if a.quiet != b.quiet {
		return !a.quiet
	}
	return a.replies < b.replies
}

// chaseMoves counts the attacker moves of line, played from pos, that
// make a one-piece chase (see Score).
func chaseMoves(pos *shogi.Position, line []shogi.Move) int {
	return countFollowing(line, chaseMove)
}

// countFollowing counts the attacker moves line[i] (the even plies from
// the third on) for which is(line, i) holds.
func countFollowing(line []shogi.Move, is func(line []shogi.Move, i int) bool) int {
	n := 0
	for i := 2; i < len(line); i += 2 {
		if is(line, i) {
			n++
		}
	}
	return n
}

// follows reports whether the attacker move m moves the piece that the
// attacker move prev moved or dropped, right after the defender's reply
// moved the king.
func follows(prev, reply, m shogi.Move) bool {
	return !m.IsDrop() && m.From() == prev.To() && !reply.IsDrop() && reply.Piece().Kind() == shogi.King
}

// chaseMove reports whether the attacker move line[i] (i ≥ 2) is a chase
// move of Score: it follows the king (follows) one way along an edge
// file or rank, the way the king just stepped along that edge.
func chaseMove(line []shogi.Move, i int) bool {
	prev, reply, m := line[i-2], line[i-1], line[i]
	if !follows(prev, reply, m) {
		return false
	}
	kf, kr := step(reply.From(), reply.To())
	mf, mr := step(m.From(), m.To())
	if kf != mf || kr != mr {
		return false
	}
	from, to := reply.From(), reply.To()
	alongFile := mf == 0 && from.File() == to.File() && (from.File() == 1 || from.File() == 9)
	alongRank := mr == 0 && from.Rank() == to.Rank() && (from.Rank() == 1 || from.Rank() == 9)
	return alongFile || alongRank
}

// step returns the direction from a to b, each coordinate -1, 0 or 1.
func step(a, b shogi.Square) (int, int) {
	return sign(b.File() - a.File()), sign(b.Rank() - a.Rank())
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// scoreProblem returns the themes of the main line pv of q and its
// quality score.
func scoreProblem(ctx context.Context, q *shogi.Position, pv []shogi.Move) (problem.Quality, []problem.Theme, error) {
	themes, err := findThemes(ctx, q, pv)
	if err != nil {
		return problem.Quality{}, nil, err
	}
	return Score(q, pv, themes), themes, nil
}

// scoredAbove scores q, the problem f found (scoreProblem), keeps its
// quality and themes in f and reports whether the score is at least
// floor; it reports false when the search of a theme fails (the run has
// ended).
func (j *judge) scoredAbove(q *shogi.Position, f *found, floor float64) bool {
	quality, themes, err := scoreProblem(j.ctx, q, f.sol.PV)
	if err != nil {
		return false
	}
	f.quality, f.themes = &quality, themes
	return quality.Score >= floor
}

// passes reports whether the problem q with main line pv, sound at the
// full length, passes the filter of the options and, for the local
// search, has a quality score of at least floor (-Inf: no floor).
func (j *judge) passes(q *shogi.Position, pv []shogi.Move, floor float64) bool {
	f := &j.o.Filter
	var m problem.Composer
	m, j.measured = measure(q, pv, j.measured)
	if !f.Accepts(&m) {
		return false
	}
	if !f.scored() && math.IsInf(floor, -1) {
		return true
	}
	s, themes, err := scoreProblem(j.ctx, q, pv)
	return err == nil && f.acceptsScore(&s, themes) && s.Score >= floor
}

// MainTheme returns the main theme of a problem with the given themes:
// the one of the highest ThemeWeight, the earliest in the list among
// equals, or "none" when there is none. The variety cap of generate
// classes problems by it.
func MainTheme(themes []problem.Theme) string {
	best, w := "none", 0.0
	for _, t := range themes {
		if tw := ThemeWeight(t.Name); tw > w {
			best, w = t.Name, tw
		}
	}
	return best
}
