package mine

import (
	"context"

	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

// Method is the Provenance.Method of a mined problem.
const Method = "mine"

// problems adds the sound problems of the positions of the game in which
// the side to move mates, in the order of the positions, from the
// judgements the pipeline made (judged, by position).
func (m *Miner) problems(g *record.Game, pos []shogi.Position, src Source, judged []judgement) {
	for i := range pos {
		if m.res.Positions[i].Mate != mate.Mate {
			continue
		}
		m.res.Candidates++
		j := &judged[i]
		if !j.ok {
			continue
		}
		p := j.p
		p.Provenance = problem.Provenance{Method: Method, Seed: uint64(src.Ordinal), Index: i, Game: &problem.GameSource{
			File: src.File, Game: src.Game, Move: g.Start.MoveNumber() + i,
			Black: Player(g, shogi.Black), White: Player(g, shogi.White), Date: Date(g),
			Flipped: pos[i].SideToMove() == shogi.White,
		}}
		if !j.removed.IsEmpty() {
			p.Provenance.Game.Removed = j.removed.String()
		}
		p.Provenance.Game.Leftover = j.leftover
		m.res.Problems = append(m.res.Problems, p)
	}
}

// judgement is what Judge made of one candidate problem.
type judgement struct {
	p        problem.Problem
	removed  shogi.Hand
	leftover string
	ok       bool
}

// judge makes and judges candidate problems with solvers of its own, kept
// from one candidate to the next (the verdict's too: verdict.Judger, not
// new solvers and tables for each verdict): a worker's, so that the
// workers of a game judge its candidates at once, and while they mine it.
// Each search starts from an empty table, so which judge judges a
// candidate, and after which, does not change the problem.
type judge struct {
	s        *mate.Solver // the tsume conventions, for the problems
	verdicts *verdict.Judger
}

// newJudge returns a judge under the Miner's options.
func newJudge(opts Options) (*judge, error) {
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: opts.HashMB, MaxNodes: opts.ProblemNodes,
		Futile: mate.Discount, DefenderHand: mate.AsGiven})
	if err != nil {
		return nil, err
	}
	v := verdict.NewJudger(verdict.Options{Futile: mate.Discount, MaxNodes: opts.ProblemNodes, HashMB: opts.HashMB})
	return &judge{s: s, verdicts: v}, nil
}

// maxTrims bounds the rounds in which Judge takes unneeded pieces out of
// the attacker's hand: each round removes at least one piece.
const maxTrims = 4

// Judge makes the candidate problem of the game position p, whose side to
// move mates: the position itself when Black mates, turned round with the
// colours swapped (Flip) when White does, with the defender's hand as in
// the game. It is kept (ok) when it is sound under the tsume conventions
// that apply to a game position (docs/mining.md): the attacker not in
// check; a unique shortest mate, futile interpositions discounted, the
// tolerated last-move choices aside; and the verdict of package verdict
// sound or sound with blemishes (no 変長, 余詰 or other flaw, no finding
// undecided). A game leaves the attacker pieces it does not need: the
// pieces still in its hand at the end of the main line (駒余り) that it
// held at the start are taken out of the game (the defender keeps only
// what it held), and the position is solved again, up to maxTrims
// times; removed says which pieces went. A problem with pieces removed
// must also be sound, with the same length and the same pieces at the
// end, when the defender is given them (the tsume convention of the
// remaining pieces), so that it is the same problem under either reading
// of its hands. Pieces captured on the way and left at the end are a
// 駒余り the problem declares (leftover, as an SFEN hand; "" when none):
// the verdict is taken without that finding.
//
// The problem comes with its metrics, themes, quality score and
// difficulty, as generated problems do; its provenance is the caller's to
// fill in. A search that a limit stops keeps nothing.
func (m *Miner) Judge(ctx context.Context, p *shogi.Position) (pr problem.Problem, removed shogi.Hand, leftover string, ok bool) {
	if !m.opts.Problems {
		return problem.Problem{}, 0, "", false
	}
	j := m.workers[0].judge.judge(ctx, p)
	return j.p, j.removed, j.leftover, j.ok
}

// judge is Miner.Judge with j's solvers.
func (j *judge) judge(ctx context.Context, p *shogi.Position) judgement {
	pr, removed, leftover, ok := j.problem(ctx, p)
	return judgement{p: pr, removed: removed, leftover: leftover, ok: ok}
}

// problem is Miner.Judge with j's solvers.
func (j *judge) problem(ctx context.Context, p *shogi.Position) (pr problem.Problem, removed shogi.Hand, leftover string, ok bool) {
	q := *p
	if q.SideToMove() == shogi.White {
		q = Flip(p)
	}
	if q.InCheck() || q.Validate() != nil {
		return problem.Problem{}, 0, "", false
	}
	var sol *mate.Solution
	for round := 0; ; round++ {
		if sol, ok = j.solved(ctx, &q); !ok {
			return problem.Problem{}, 0, "", false
		}
		if !sol.Leftover {
			break
		}
		h := q.Hand(shogi.Black)
		cut := h.Min(endHand(&q, sol.PV))
		if cut.IsEmpty() {
			break // what is left was captured on the way
		}
		if round == maxTrims {
			return problem.Problem{}, 0, "", false
		}
		for _, k := range handKinds {
			h = h.Set(k, h.Count(k)-cut.Count(k))
			removed = removed.Set(k, removed.Count(k)+cut.Count(k))
		}
		q.SetHand(shogi.Black, h)
	}
	overall, ok := j.sound(ctx, sol)
	if !ok {
		return problem.Problem{}, 0, "", false
	}
	if !removed.IsEmpty() {
		full, err := mate.WithRemainingHand(&q)
		if err != nil {
			return problem.Problem{}, 0, "", false
		}
		other, ok := j.solved(ctx, &full)
		if !ok || other.Length != sol.Length || endHand(&full, other.PV) != endHand(&q, sol.PV) {
			return problem.Problem{}, 0, "", false
		}
		if _, ok := j.sound(ctx, other); !ok {
			return problem.Problem{}, 0, "", false
		}
	}
	if sol.Leftover {
		leftover = endHand(&q, sol.PV).String()
	}
	found, err := theme.Find(ctx, &q, sol.PV, theme.Options{DefenderHand: mate.AsGiven})
	if err != nil {
		return problem.Problem{}, 0, "", false
	}
	themes := make([]problem.Theme, len(found))
	for i, f := range found {
		themes[i] = problem.Theme{Name: f.Name, Ply: f.Ply}
	}
	quality := maten.Score(&q, sol.PV, themes)
	var an mate.Result
	mate.Analyze(&q, &an)
	composer := maten.Measure(&q, sol.PV)
	return problem.Problem{
		Position:    q,
		Stipulation: problem.MateIn(len(sol.PV)),
		Line:        sol.PV,
		Metrics:     problem.Metrics{Legal: an.Legal, Checks: an.Checks, Replies: an.Replies, Tempting: an.Tempting(sol.PV[0])},
		Difficulty:  maten.Difficulty(sol.Nodes, an.Checks),
		Verdict:     string(overall),
		Nodes:       sol.Nodes,
		Composer:    &composer,
		Themes:      themes,
		Quality:     &quality,
	}, removed, leftover, true
}

// handKinds are the kinds a hand holds.
var handKinds = [...]shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// solved solves q with the tsume conventions (its hands as given) and
// reports whether it has a unique shortest mate, soundness checked; a
// leftover is the caller's to judge.
func (j *judge) solved(ctx context.Context, q *shogi.Position) (*mate.Solution, bool) {
	sol, err := j.s.Solve(ctx, q)
	if err != nil || sol.Status != mate.Mate || !sol.LengthExact || len(sol.PV) == 0 || !sol.Unique || !sol.SoundnessChecked {
		return nil, false
	}
	return sol, true
}

// sound judges sol and reports whether it is sound, with blemishes or
// without, once a 駒余り of pieces captured on the way (which the problem
// declares) is set aside: no finding undecided, no flaw but that one.
func (j *judge) sound(ctx context.Context, sol *mate.Solution) (verdict.Overall, bool) {
	v, err := j.verdicts.Judge(ctx, sol)
	if err != nil || v.Reason != "" {
		return "", false
	}
	overall := verdict.Sound
	for _, f := range v.Findings {
		switch {
		case f.Undecided:
			return "", false
		case f.Class == verdict.Leftover:
		case f.Severity == verdict.Flaw:
			return "", false
		case f.Severity == verdict.Blemish:
			overall = verdict.Blemished
		}
	}
	return overall, true
}

// endHand returns the attacker's hand after line from q.
func endHand(q *shogi.Position, line []shogi.Move) shogi.Hand {
	end := *q
	for _, mv := range line {
		end.DoMove(mv)
	}
	return end.Hand(end.SideToMove().Opp())
}

// Flip returns p turned round with the colours swapped: the piece of
// colour c on square s goes, of the other colour, to the square s.Rotate()
// (file f, rank r to file 10−f, rank 10−r), the hands change sides and so
// does the side to move. The move number is kept. A position and its
// flip are the same position seen from the other side.
func Flip(p *shogi.Position) shogi.Position {
	var q shogi.Position
	for b := p.Occupied(); b.Any(); {
		s := b.PopLSB()
		pc := p.PieceAt(s)
		q.Put(s.Rotate(), shogi.NewPiece(pc.Color().Opp(), pc.Kind()))
	}
	q.SetHand(shogi.Black, p.Hand(shogi.White))
	q.SetHand(shogi.White, p.Hand(shogi.Black))
	q.SetSideToMove(p.SideToMove().Opp())
	q.SetMoveNumber(p.MoveNumber())
	return q
}

// Player returns the name of the player of colour c as g's headers give
// it (先手 or 下手 for Black, 後手 or 上手 for White), "" when none does.
func Player(g *record.Game, c shogi.Color) string {
	keys := []string{"先手", "下手"}
	if c == shogi.White {
		keys = []string{"後手", "上手"}
	}
	for _, k := range keys {
		if v, ok := g.Header(k); ok {
			return v
		}
	}
	return ""
}

// Date returns the date of g as its headers give it (開始日時, else 対局日,
// else 終了日時), "" when none does.
func Date(g *record.Game) string {
	for _, k := range []string{"開始日時", "対局日", "終了日時"} {
		if v, ok := g.Header(k); ok {
			return v
		}
	}
	return ""
}
