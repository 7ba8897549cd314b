package realistic

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/selfplay"
	"github.com/tsume-shogi/tsume/shogi"
)

// Options configures a run of game-like problems.
type Options struct {
	// Length is the problems' length in plies: odd, at least 3.
	Length int
	// Seed selects the run; it is also the seed of the self-play games.
	Seed uint64
	// Games is the number of self-play games whose castles the problems
	// are built on (GameCastles); 0 takes GamesFor(Length).
	Games int
	// Nodes is the search's nodes a move of those games.
	Nodes uint64
	// Workers plays the games that many at a time (it changes nothing in
	// them).
	Workers int
	// MaxNodes is the node budget of a search of a candidate of the full
	// length (0: maten.DefaultMaxNodes).
	MaxNodes uint64
	// Counters, if set, counts the candidates of the construction by
	// length (maten.Counters).
	Counters *maten.Counters
}

// DefaultNodes is the search's nodes a move of the self-play games of
// DefaultOptions.
const DefaultNodes = 5000

// gamesPerPly is GamesFor's number of games for each ply of a problem
// beyond the mate in one.
const gamesPerPly = 8

// GamesFor returns the number of self-play games a run of problems of
// length plies takes its castles from by default: 16 for mate-in-3, 16
// more for each two plies (32 at 5 plies, 64 at 9). A longer problem
// needs more castles: on the castles of 16 games, 100 mate-in-9s of seed
// 27 sat on 24 castles (at most 20 on one), and the construction found
// 125 duplicates on the way; on those of 64 games, 42 castles (at most
// 13 on one), 71 duplicates and half the CPU time, the games included
// (docs/performance.md, "Realistic problems: the judge at half the
// cost"). A game costs about 0.35 CPU seconds.
func GamesFor(length int) int {
	return gamesPerPly * max(length-1, 2)
}

// DefaultOptions returns the defaults: mate-in-3, seed 1, the castles of
// GamesFor(Length) self-play games of DefaultNodes nodes a move.
func DefaultOptions() Options {
	return Options{Length: 3, Seed: 1, Nodes: DefaultNodes, Workers: 1}
}

// games returns the number of self-play games of o.
func (o *Options) games() int {
	if o.Games == 0 {
		return GamesFor(o.Length)
	}
	return o.Games
}

// Validate checks the options for values no run can have.
func (o *Options) Validate() error {
	var errs []error
	if o.Length < 3 || o.Length%2 == 0 {
		errs = append(errs, fmt.Errorf("length %d: want an odd number of plies, at least 3", o.Length))
	}
	if o.Games < 0 {
		errs = append(errs, fmt.Errorf("games %d: want at least 1 self-play game, or 0 for the default", o.Games))
	}
	if o.Workers < 0 {
		errs = append(errs, fmt.Errorf("workers %d: want at least 1, or 0 for 1", o.Workers))
	}
	return errors.Join(errs...)
}

// variants is the number of ways a base is built on (maten.Options.Variants):
// the bases of a castle are few, and built one way a base drawn again
// made the same problem again. With 8, 30 mate-in-5s of seed 27 had 21
// duplicates instead of 101 and took 0.81 times the CPU time (one pair
// of runs side by side at a load average of 33–40; docs/performance.md).
const variants = 8

// maxAttempts bounds the candidates of one problem.
const maxAttempts = 50_000_000

// Method returns the provenance method of the problems of n plies:
// "realistic-n".
func Method(n int) string { return fmt.Sprintf("realistic-%d", n) }

// New returns a generator of game-like problems under o: it first plays
// the self-play games and takes their castles (GameCastles; ctx can end
// the games), then builds each problem on one of them (docs/generation.md,
// "Style: realistic"):
//
//   - a candidate is a castle (a game drawn at random, then one of its
//     castles) with one to three Black pieces placed near its king and
//     up to two in Black's hand;
//   - the candidates that are sound mate-in-1 problems (gen/mate1's
//     judge) are extended backwards two plies at a time to the length,
//     as gen/maten's backward method does (its free style), every
//     position on the way keeping every piece of the castle on its
//     square (maten.Options.Keep), the king in its camp at the start
//     with selfplay.CastleGuards pieces of its own or more within two
//     steps;
//   - each problem is judged as gen/maten judges its problems (a unique
//     shortest mate of the length, futile interpositions discounted, no
//     piece left in hand, the verdict sound), and names in its
//     provenance the game and move of its castle (Provenance.Game).
func New(ctx context.Context, o Options) (*gen.Generator, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	cs, err := GameCastles(ctx, selfplay.Config{Games: o.games(), Seed: o.Seed, Nodes: o.Nodes, MateNodes: o.Nodes, Workers: max(o.Workers, 1)})
	if err != nil {
		return nil, err
	}
	return FromCastles(o, cs)
}

// FromCastles is New on the castles cs, which it does not change, with
// no game played: o.Games and o.Nodes are not used.
func FromCastles(o Options, cs []Castle) (*gen.Generator, error) {
	if o.Length < 3 || o.Length%2 == 0 {
		return nil, fmt.Errorf("length %d: want an odd number of plies, at least 3", o.Length)
	}
	if len(cs) == 0 {
		return nil, errors.New("realistic: no castle to build on")
	}
	pl := newPool(cs)
	b := mate1.DefaultOptions()
	b.Method, b.Seed, b.MaxPieces, b.King = mate1.Random, o.Seed, 38, gen.Camp
	b.Bases = true
	base, err := mate1.New(b)
	if err != nil {
		return nil, err
	}
	base.Candidate = pl.candidate
	m := maten.DefaultOptions()
	m.Length, m.Seed, m.Method, m.Style = o.Length, o.Seed, maten.Backward, maten.Free
	m.MaxPieces, m.King, m.Base, m.MaxNodes, m.Counters = 38, gen.Camp, base, o.MaxNodes, o.Counters
	m.Keep = pl.kept
	m.NoGifts = true
	m.Variants = variants
	g, err := maten.New(m)
	if err != nil {
		return nil, err
	}
	g.Method = Method(o.Length)
	// A candidate costs a mate-in-1 analysis, and few make a base that
	// extends in the castle: at 7 plies a problem takes about a million.
	g.MaxAttempts = maxAttempts
	inner := g.NewJudgeContext
	g.NewJudgeContext = func(ctx context.Context) gen.Judge {
		j := inner(ctx)
		return func(cand *shogi.Position, index int, p *problem.Problem) bool {
			// The castle is looked up only for a problem: nearly every
			// candidate is rejected.
			if !j(cand, index, p) {
				return false
			}
			i, ok := pl.find(cand)
			if !ok {
				return false
			}
			src := cs[i].Source
			p.Provenance.Game = &src
			return true
		}
	}
	return g, nil
}

// pool holds the castles of a run.
type pool struct {
	castles []Castle
	// pieces lists each castle's pieces other than its king.
	pieces [][]placed
	// byHash lists the castles by whiteHash.
	byHash map[uint64][]int
	// games lists the castles of each game, in the order of cs.
	games [][]int
	// near holds the squares within two and within four steps of each
	// castle's king, where candidate places Black's pieces.
	near [][2]shogi.Bitboard
}

// placed is a piece on its square.
type placed struct {
	s  shogi.Square
	pc shogi.Piece
}

func newPool(cs []Castle) *pool {
	pl := &pool{castles: cs, byHash: make(map[uint64][]int, len(cs))}
	for i := range cs {
		p := &cs[i].Position
		var ps []placed
		for b := p.ByColor(shogi.White); b.Any(); {
			s := b.PopLSB()
			if pc := p.PieceAt(s); pc.Kind() != shogi.King {
				ps = append(ps, placed{s, pc})
			}
		}
		pl.pieces = append(pl.pieces, ps)
		ksq := p.King(shogi.White)
		pl.near = append(pl.near, [2]shogi.Bitboard{neighbourhood(ksq, 2), neighbourhood(ksq, 4)})
		if src := &cs[i].Source; i == 0 || src.File != cs[i-1].Source.File || src.Game != cs[i-1].Source.Game {
			pl.games = append(pl.games, nil)
		}
		pl.games[len(pl.games)-1] = append(pl.games[len(pl.games)-1], i)
		if _, ok := pl.find(p); !ok {
			h := whiteHash(p)
			pl.byHash[h] = append(pl.byHash[h], i)
		}
	}
	return pl
}

// find returns the castle whose White pieces are exactly p's (the
// first of the pool), without allocating: the judge asks it of every
// candidate.
func (pl *pool) find(p *shogi.Position) (int, bool) {
	for _, i := range pl.byHash[whiteHash(p)] {
		c := &pl.castles[i].Position
		w := c.ByColor(shogi.White)
		if w != p.ByColor(shogi.White) {
			continue
		}
		same := true
		for w.Any() {
			if s := w.PopLSB(); c.PieceAt(s) != p.PieceAt(s) {
				same = false
				break
			}
		}
		if same {
			return i, true
		}
	}
	return 0, false
}

// whiteHash hashes the White pieces of p and their squares (FNV-1a).
func whiteHash(p *shogi.Position) uint64 {
	h := uint64(14695981039346656037)
	for w := p.ByColor(shogi.White); w.Any(); {
		s := w.PopLSB()
		for _, b := range [2]byte{byte(s), byte(p.PieceAt(s))} {
			h = (h ^ uint64(b)) * 1099511628211
		}
	}
	return h
}

// kept reports whether q keeps the castle of base, a candidate of the
// pool made a mate-in-1 problem: every piece of the castle but the king
// stands on its square in q; when final, White's king has
// selfplay.CastleGuards pieces of its own or more within two steps.
func (pl *pool) kept(base, q *shogi.Position, final bool) bool {
	i, ok := pl.find(base)
	if !ok {
		return false
	}
	if final {
		if _, guards := selfplay.Shelter(q, shogi.White); guards < selfplay.CastleGuards {
			return false
		}
	}
	for _, x := range pl.pieces[i] {
		if q.PieceAt(x.s) != x.pc {
			return false
		}
	}
	return true
}

// attackKinds are the kinds the candidates give Black, with their weights:
// the pieces that attack a castle in games.
var attackKinds = [...]struct {
	k shogi.Kind
	w int
}{{shogi.Pawn, 2}, {shogi.Lance, 1}, {shogi.Knight, 2}, {shogi.Silver, 2}, {shogi.Gold, 3}, {shogi.Bishop, 2}, {shogi.Rook, 3}}

// candidate draws a game, then one of its castles (so that a game with
// a long ending, many castles, is drawn as often as the others), and places one to three Black pieces near its
// king (within two steps, four for the ranged pieces) and up to two in
// Black's hand, of the pieces the castle leaves. A piece that cannot
// stand where it is drawn is not placed.
func (pl *pool) candidate(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
	g := pl.games[rng.IntN(len(pl.games))]
	ci := g[rng.IntN(len(g))]
	p := pl.castles[ci].Position
	var left [shogi.NumKinds]int
	for _, a := range attackKinds {
		left[a.k] = shogi.MaxCount(a.k)
	}
	for b := p.Occupied(); b.Any(); {
		left[p.PieceAt(b.PopLSB()).Kind().Demote()]--
	}
	board, hand := 1+rng.IntN(3), rng.IntN(3)
	for i := range board + hand {
		k := drawKind(rng)
		if left[k] <= 0 {
			continue
		}
		if i >= board {
			p.SetHand(shogi.Black, p.Hand(shogi.Black).Add(k))
			left[k]--
			continue
		}
		if k.CanPromote() && rng.IntN(100) < 25 {
			k = k.Promote()
		}
		pc := shogi.NewPiece(shogi.Black, k)
		r := 0 // within two steps, four for the ranged pieces
		switch k {
		case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
			r = 1
		}
		s, ok := gen.PickSquare(rng, pl.near[ci][r])
		if !ok || p.PieceAt(s) != shogi.NoPiece || !shogi.CanStand(pc, s) || k == shogi.Pawn && p.HasPawnOnFile(shogi.Black, s.File()) {
			continue
		}
		p.Put(s, pc)
		left[k.Demote()]--
	}
	return append(dst, p)
}

// attackWeight is the sum of the weights of attackKinds.
const attackWeight = 15

// drawKind draws a kind of attackKinds by its weight.
func drawKind(rng *rand.Rand) shogi.Kind {
	r := rng.IntN(attackWeight)
	for _, a := range attackKinds {
		if r < a.w {
			return a.k
		}
		r -= a.w
	}
	return shogi.Pawn
}
