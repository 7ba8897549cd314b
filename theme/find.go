package theme

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Found is one theme of a main line: its name (a Catalogue name) and the
// ply where it happens, from 1 (the first move).
type Found struct {
	Name string `json:"name"`
	Ply  int    `json:"ply"`
}

// Options configures Find.
type Options struct {
	// Solver answers the questions that need a search. Nil: Find makes
	// one for the call with a HashMB table and the MaxNodes budget. A
	// Solver given keeps its own options: its MaxNodes, MaxTime and
	// futile rule apply (it should discount futile interpositions).
	Solver *mate.Solver
	// HashMB is the table of the Solver Find makes (0: 2 MB).
	HashMB int
	// MaxNodes is the node budget of each search of the Solver Find
	// makes (0: DefaultMaxNodes). A search that runs out of it decides
	// nothing, and the theme that asked is not reported.
	MaxNodes uint64
	// DefenderHand is the hand convention of the position: Remaining
	// (the default) gives the defender every remaining piece first.
	DefenderHand mate.DefenderHand
}

// DefaultMaxNodes is the node budget of one search when Options leave it
// unset.
const DefaultMaxNodes = 100_000

// LineError reports a main line Find cannot replay.
type LineError struct {
	Ply  int    // from 1; 0 for the line as a whole
	Move string // the move in USI, "" for the line as a whole
	Msg  string
}

func (e *LineError) Error() string {
	if e.Ply == 0 {
		return "theme: " + e.Msg
	}
	return fmt.Sprintf("theme: ply %d (%s): %s", e.Ply, e.Move, e.Msg)
}

// Find returns the themes of line, the main line of the tsume problem
// pos (the attacker to move), in the order of their plies and, within a
// ply, of the Catalogue. Each theme is reported at most once per ply.
// The line must be legal move by move, of odd length, and end in mate;
// a line that is not gives a *LineError. Find returns ctx's error if ctx
// ends first.
func Find(ctx context.Context, pos *shogi.Position, line []shogi.Move, opts Options) ([]Found, error) {
	root := stdPos{*pos}
	if opts.DefenderHand == mate.Remaining {
		var err error
		if root.Position, err = mate.WithRemainingHand(pos); err != nil {
			return nil, fmt.Errorf("theme: %w", err)
		}
	}
	return find(ctx, root, line, opts)
}

// FindVariant is Find for a position of package variant, under its rules
// (安南, 天竺 …): a royal piece is a king, and moves, checks and attacks
// are the rules'. The themes whose definitions do not carry over to fairy
// rules are not looked for (docs/themes.md). The defender's hand of the
// Remaining convention is mate.VariantRemainingHand.
func FindVariant(ctx context.Context, pos *variant.Position, line []variant.Move, opts Options) ([]Found, error) {
	root := fairyPos{*pos}
	if opts.DefenderHand == mate.Remaining {
		h, err := mate.VariantRemainingHand(pos, pos.SideToMove())
		if err != nil {
			return nil, fmt.Errorf("theme: %w", err)
		}
		root.SetHand(pos.SideToMove().Opp(), h)
	}
	return find(ctx, root, line, opts)
}

// find is Find from root, with its defender's hand set.
func find[P any, PP position[P]](ctx context.Context, root P, line []shogi.Move, opts Options) ([]Found, error) {
	a, err := newAnalysis[P, PP](ctx, root, line, opts)
	if err != nil {
		return nil, err
	}
	a.sacrifices()
	if err := a.attackerMoves(); err != nil {
		return nil, err
	}
	a.consecutive()
	a.defence()
	a.final()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sort.SliceStable(a.found, func(i, j int) bool {
		if a.found[i].Ply != a.found[j].Ply {
			return a.found[i].Ply < a.found[j].Ply
		}
		return order(a.found[i].Name) < order(a.found[j].Name)
	})
	return a.found, nil
}

// analysis is one main line under examination.
type analysis[P any, PP position[P]] struct {
	ctx  context.Context
	line []shogi.Move
	pos  []P // pos[j] is the position before line[j]; pos[len(line)] the final one
	// tmp are the scratch positions of the questions (see scratch).
	tmp      []P
	attacker shogi.Color
	opts     Options
	solver   *mate.Solver
	found    []Found
}

func newAnalysis[P any, PP position[P]](ctx context.Context, root P, line []shogi.Move, opts Options) (*analysis[P, PP], error) {
	if len(line)%2 == 0 {
		return nil, &LineError{Msg: fmt.Sprintf("a main line has an odd number of moves, not %d", len(line))}
	}
	a := &analysis[P, PP]{ctx: ctx, line: line, opts: opts, found: []Found{}}
	all := make([]P, len(line)+1+numScratch)
	a.pos, a.tmp = all[:len(line)+1], all[len(line)+1:]
	a.pos[0] = root
	a.attacker = a.at(0).SideToMove()
	for j, m := range line {
		p := a.at(j)
		if !p.IsLegal(m) {
			return nil, &LineError{Ply: j + 1, Move: variant.MoveString(m), Msg: "not a legal move"}
		}
		a.pos[j+1] = *p
		a.at(j + 1).DoMove(m)
		if j%2 == 0 && !a.at(j+1).InCheck() {
			return nil, &LineError{Ply: j + 1, Move: variant.MoveString(m), Msg: "the attacker's move does not check"}
		}
	}
	// The end is mate under the tsume convention when the defender has
	// no reply but futile interpositions, of the plain rule or futile by
	// capture at once: what the solver's lines end in (mate.VerifyLine).
	if last := a.at(len(line)); !last.InCheck() || last.HasLegalMove() && !onlyFutile[P](last) && a.at(0).verifyLine(line) != nil {
		return nil, &LineError{Msg: "the line does not end in mate"}
	}
	return a, nil
}

// at returns the position before the move of index j of the line (j =
// len(line): the final position).
func (a *analysis[P, PP]) at(j int) PP { return &a.pos[j] }

// The scratch positions: a copy of a position made in a function of
// the type parameter would be moved to the heap (its methods are called
// through the dictionary), so the finders play their tries on these,
// allocated with the line's positions. Each has one user at a time.
const (
	tmpTry   = iota // matesWithin's position after the try; nonPromotion's replay; blocksFlight's final position
	tmpReply        // matesWithin's position after a reply
	tmpMate1        // matesInOne's position after a check
	tmpPawn         // illegalPawnMate's position after the pawn drop
	numScratch
)

// scratch returns the scratch position i.
func (a *analysis[P, PP]) scratch(i int) PP { return &a.tmp[i] }

// add reports name at the 0-based index j of the line.
func (a *analysis[P, PP]) add(name string, j int) {
	f := Found{Name: name, Ply: j + 1}
	if !slices.Contains(a.found, f) {
		a.found = append(a.found, f)
	}
}

// defender is the defender's colour.
func (a *analysis[P, PP]) defender() shogi.Color { return a.attacker.Opp() }

// onlyFutile reports whether every legal reply of p (in check) is a
// futile interposition: under the tsume convention p is mate.
func onlyFutile[P any, PP position[P]](p PP) bool {
	for _, r := range p.LegalMoves(nil) {
		if !p.futile(r) {
			return false
		}
	}
	return true
}

// matesInOne reports whether the side to move of p has a check after
// which the defender has no reply but futile interpositions; it plays
// the checks on tmp.
func matesInOne[P any, PP position[P]](p, tmp PP) bool {
	for _, m := range p.Checks(nil) {
		*tmp = *p
		tmp.DoMove(m)
		if onlyFutile[P](tmp) {
			return true
		}
	}
	return false
}

// verdict is the answer to a question asked of the solver.
type verdict int

const (
	fails verdict = iota // proven not to mate in time
	mates                // proven to mate in time
	undecided
)

// matesWithin answers whether the attacker's move m, legal in p, mates
// within plies plies (m included): m must check, and every reply of the
// defender that is not a futile interposition must leave a mate within
// plies-2.
func (a *analysis[P, PP]) matesWithin(p PP, m shogi.Move, plies int) (verdict, error) {
	q := a.scratch(tmpTry)
	*q = *p
	q.DoMove(m)
	if !q.InCheck() {
		return fails, nil
	}
	var replies []shogi.Move
	for _, r := range q.LegalMoves(nil) {
		if !q.futile(r) {
			replies = append(replies, r)
		}
	}
	if len(replies) == 0 {
		return mates, nil
	}
	if plies < 3 {
		return fails, nil
	}
	if plies == 3 { // a mate in 1 after each reply: no search needed
		for _, r := range replies {
			c := a.scratch(tmpReply)
			*c = *q
			c.DoMove(r)
			if !matesInOne(c, a.scratch(tmpMate1)) {
				return fails, nil
			}
		}
		return mates, nil
	}
	s, err := a.searcher()
	if err != nil {
		return undecided, err
	}
	v := mates
	for _, r := range replies {
		c := a.scratch(tmpReply)
		*c = *q
		c.DoMove(r)
		w, err := c.mateWithin(a.ctx, s, plies-2)
		if err != nil {
			return undecided, fmt.Errorf("theme: %w", err)
		}
		if err := a.ctx.Err(); err != nil {
			return undecided, err
		}
		switch w.Status {
		case mate.NoMate:
			return fails, nil
		case mate.Unknown:
			v = undecided
		}
	}
	return v, nil
}

// searcher returns the solver of the options, or makes one.
func (a *analysis[P, PP]) searcher() (*mate.Solver, error) {
	if a.solver != nil {
		return a.solver, nil
	}
	if a.opts.Solver != nil {
		a.solver = a.opts.Solver
		return a.solver, nil
	}
	hash := a.opts.HashMB
	if hash <= 0 {
		hash = 2
	}
	nodes := a.opts.MaxNodes
	if nodes == 0 {
		nodes = DefaultMaxNodes
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: hash, MaxNodes: nodes, SkipSoundness: true, DefenderHand: mate.AsGiven})
	if err != nil {
		return nil, fmt.Errorf("theme: %w", err)
	}
	a.solver = s
	return s, nil
}

// distance is the king-step distance between two squares.
func distance(x, y shogi.Square) int {
	return max(abs(x.File()-y.File()), abs(x.Rank()-y.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// forward is the rank step of c's pieces going forward: Black moves
// towards rank 1.
func forward(c shogi.Color) int {
	if c == shogi.Black {
		return -1
	}
	return 1
}

// offset returns the square df files and dr ranks from s, or NoSquare.
func offset(s shogi.Square, df, dr int) shogi.Square {
	f, r := s.File()+df, s.Rank()+dr
	if f < 1 || f > 9 || r < 1 || r > 9 {
		return shogi.NoSquare
	}
	return shogi.NewSquare(f, r)
}
