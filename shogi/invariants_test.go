package shogi_test

// Invariants checked on every position of a deterministic random walk: a
// few thousand plies of seeded random play from several starting
// positions, restarting when a side has no legal move or a game gets long.

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

type walkNode struct {
	pos  shogi.Position
	next shogi.Move // the move the walk played from pos; NoMove where it restarted
}

var walk struct {
	once  sync.Once
	nodes []walkNode
	err   error
}

// walkPositions returns the positions of the random walk, computed once per
// test binary: 1500 plies from each start (150 under -short).
func walkPositions(t testing.TB) []walkNode {
	t.Helper()
	walk.once.Do(func() {
		plies := 1500
		if testing.Short() {
			plies = 150
		}
		for i, start := range []string{shogi.StartSFEN, matsuriSFEN, maxMovesSFEN, kinglessTsumeSFEN, dropPawnTrapSFEN} {
			nodes, err := randomWalk(start, uint64(i+1), plies)
			if err != nil {
				walk.err = err
				return
			}
			walk.nodes = append(walk.nodes, nodes...)
		}
	})
	if walk.err != nil {
		t.Fatal(walk.err)
	}
	return walk.nodes
}

// randomWalk plays plies random legal moves from start. A quarter of the
// moves are chosen among the checks and a quarter among the captures, so
// that the walk meets checks, evasions and mates often.
func randomWalk(start string, seed uint64, plies int) ([]walkNode, error) {
	rng := rand.New(rand.NewPCG(seed, 0x7473756d65))
	first, err := shogi.ParseSFEN(start)
	if err != nil {
		return nil, err
	}
	p := first
	game := 0
	buf := make([]shogi.Move, 0, shogi.MaxMoves)
	var pick []shogi.Move
	nodes := make([]walkNode, 0, plies)
	for range plies {
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 || game >= 200 {
			nodes = append(nodes, walkNode{pos: p})
			p, game = first, 0
			continue
		}
		pick = pick[:0]
		switch rng.IntN(4) {
		case 0:
			pick = p.Checks(pick)
		case 1:
			for _, m := range moves {
				if !m.IsDrop() && p.PieceAt(m.To()) != shogi.NoPiece {
					pick = append(pick, m)
				}
			}
		}
		if len(pick) == 0 {
			pick = append(pick, moves...)
		}
		m := pick[rng.IntN(len(pick))]
		nodes = append(nodes, walkNode{pos: p, next: m})
		p.DoMove(m)
		game++
	}
	return nodes, nil
}

// failOnce reports the first few failures of a check that runs on thousands
// of positions, then counts the rest.
type failOnce struct {
	t     *testing.T
	what  string
	fails int
}

func (f *failOnce) errorf(format string, args ...any) {
	f.t.Helper()
	f.fails++
	if f.fails <= 3 {
		f.t.Errorf(format, args...)
	}
}

func (f *failOnce) done(total int) {
	f.t.Helper()
	if f.fails > 3 {
		f.t.Errorf("%s: %d of %d positions fail (first 3 shown)", f.what, f.fails, total)
	}
}

func TestWalkCoverage(t *testing.T) {
	nodes := walkPositions(t)
	var inCheck, mates, drops, promotions, noKing int
	for i := range nodes {
		p := &nodes[i].pos
		if p.InCheck() {
			inCheck++
			if nodes[i].next == shogi.NoMove && len(p.LegalMoves(nil)) == 0 {
				mates++
			}
		}
		if p.King(p.SideToMove()) == shogi.NoSquare {
			noKing++
		}
		if m := nodes[i].next; m.IsDrop() {
			drops++
		} else if m.IsPromotion() {
			promotions++
		}
	}
	t.Logf("%d positions: %d in check, %d mates, %d without the mover's king; %d drops, %d promotions played",
		len(nodes), inCheck, mates, noKing, drops, promotions)
	if inCheck == 0 || drops == 0 || promotions == 0 || noKing == 0 {
		t.Errorf("the walk is too narrow to test the invariants")
	}
}

// Every generated move is legal by IsLegal, belongs to the side to move,
// is generated once, and the list fits a MaxMoves buffer.
func TestInvariantGeneratedMovesAreLegal(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "generated moves"}
	for i := range nodes {
		p := &nodes[i].pos
		moves := p.LegalMoves(nil)
		if len(moves) > shogi.MaxMoves {
			f.errorf("%s: %d legal moves, more than MaxMoves", p.SFEN(), len(moves))
		}
		seen := map[shogi.Move]bool{}
		for _, m := range moves {
			switch {
			case seen[m]:
				f.errorf("%s: %s generated twice", p.SFEN(), m)
			case !p.IsLegal(m):
				f.errorf("%s: %s generated but IsLegal is false", p.SFEN(), m)
			case m.Color() != p.SideToMove():
				f.errorf("%s: %s is a move of %s", p.SFEN(), m, m.Color())
			case !m.IsDrop() && p.PieceAt(m.From()) != m.Piece():
				f.errorf("%s: %s says it moves %s, the board has %s", p.SFEN(), m, m.Piece(), p.PieceAt(m.From()))
			}
			seen[m] = true
		}
	}
	f.done(len(nodes))
}

// IsLegal is true only for generated moves: every encoding of a board move
// (each origin and destination, with and without promotion, with the piece
// that stands on the origin) and of a drop (each colour, kind and square)
// is legal exactly when LegalMoves lists it.
func TestInvariantIsLegalOnlyForGeneratedMoves(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "IsLegal ⇔ generated"}
	for i := range nodes {
		p := &nodes[i].pos
		if d := compareWithIsLegal(p); d != "" {
			f.errorf("%s: %s", p.SFEN(), d)
		}
	}
	f.done(len(nodes))
}

// compareWithIsLegal tries IsLegal on every candidate encoding and returns a
// description of the first disagreement with LegalMoves, or "".
func compareWithIsLegal(p *shogi.Position) string {
	var board [shogi.NumSquares][shogi.NumSquares][2]bool
	var drops [2][shogi.NumKinds][shogi.NumSquares]bool
	for _, m := range p.LegalMoves(nil) {
		if m.IsDrop() {
			drops[m.Color()][m.DroppedKind()][m.To()] = true
		} else {
			pr := 0
			if m.IsPromotion() {
				pr = 1
			}
			board[m.From()][m.To()][pr] = true
		}
	}
	for from := shogi.Square(0); from < shogi.NumSquares; from++ {
		pc := p.PieceAt(from)
		for to := shogi.Square(0); to < shogi.NumSquares; to++ {
			for pr, promote := range []bool{false, true} {
				m := shogi.NewBoardMove(pc, from, to, promote)
				if got := p.IsLegal(m); got != board[from][to][pr] {
					return fmt.Sprintf("%s (%s): IsLegal %v, generated %v", m, pc, got, !got)
				}
			}
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k < shogi.NumKinds; k++ {
			for to := shogi.Square(0); to < shogi.NumSquares; to++ {
				m := shogi.NewDrop(c, k, to)
				if got := p.IsLegal(m); got != drops[c][k][to] {
					return fmt.Sprintf("drop %s of a %s %s: IsLegal %v, generated %v", m, c, k, got, !got)
				}
			}
		}
	}
	return ""
}

// Checks lists exactly the legal moves after which the opponent's king is
// attacked, found by playing each move and looking at the board square by
// square; GivesCheck agrees move by move.
func TestInvariantChecksAreTheLegalMovesThatCheck(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "Checks"}
	for i := range nodes {
		p := &nodes[i].pos
		if d := compareChecks(p); d != "" {
			f.errorf("%s: %s", p.SFEN(), d)
		}
	}
	f.done(len(nodes))
}

func compareChecks(p *shogi.Position) string {
	them := p.SideToMove().Opp()
	want := map[shogi.Move]bool{}
	for _, m := range p.LegalMoves(nil) {
		q := *p
		q.DoMove(m)
		checks := naiveInCheck(&q, them)
		if checks {
			want[m] = true
		}
		if got := p.GivesCheck(m); got != checks {
			return fmt.Sprintf("GivesCheck(%s) = %v, want %v", m, got, checks)
		}
		if got, want := p.KingEscapesAfter(m), q.KingEscapes(); got != want {
			return fmt.Sprintf("KingEscapesAfter(%s) = %d, KingEscapes after it = %d", m, got, want)
		}
	}
	got := map[shogi.Move]bool{}
	if n, want := p.CountChecks(), len(p.Checks(nil)); n != want {
		return fmt.Sprintf("CountChecks() = %d, Checks lists %d", n, want)
	}
	for _, m := range p.Checks(nil) {
		if got[m] {
			return fmt.Sprintf("Checks lists %s twice", m)
		}
		got[m] = true
		if !want[m] {
			return fmt.Sprintf("Checks lists %s, which is not a legal check", m)
		}
	}
	for m := range want {
		if !got[m] {
			return fmt.Sprintf("Checks omits %s", m)
		}
	}
	return ""
}

// In check, Evasions lists exactly the legal moves; out of check it lists
// nothing. InCheck and Checkers agree with the board.
func TestInvariantEvasions(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "Evasions"}
	for i := range nodes {
		p := &nodes[i].pos
		us := p.SideToMove()
		var wantCheckers shogi.Bitboard
		if k := naiveKing(p, us); k != shogi.NoSquare {
			wantCheckers = naiveAttackers(p, us.Opp(), k)
		}
		if got := p.Checkers(); got != wantCheckers {
			f.errorf("%s: Checkers() = %v, want %v", p.SFEN(), got.Squares(), wantCheckers.Squares())
		}
		if p.InCheck() != wantCheckers.Any() {
			f.errorf("%s: InCheck() = %v", p.SFEN(), p.InCheck())
		}
		ev := p.Evasions(nil)
		if !wantCheckers.Any() {
			if len(ev) != 0 {
				f.errorf("%s: not in check, but Evasions lists %d moves", p.SFEN(), len(ev))
			}
			continue
		}
		if d := diffSets(usiSet(t, "Evasions", ev), usiSet(t, "LegalMoves", p.LegalMoves(nil))); d != "" {
			f.errorf("%s: Evasions differ from LegalMoves: %s", p.SFEN(), d)
		}
	}
	f.done(len(nodes))
}

// LegalMoves agrees with the slow oracle: every pseudo-legal move (from the
// naive model) played on a copy, kept if the mover's king is not attacked,
// with 打ち歩詰め decided by searching the replies.
func TestInvariantAgreesWithOracle(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "oracle"}
	dropPawnMates := 0
	for i := range nodes {
		p := &nodes[i].pos
		legal := oracleLegal(p)
		if len(legal) < len(oracleLegalRule(p, false)) {
			dropPawnMates++
		}
		want := usiSet(t, "oracle", legal)
		if d := diffSets(usiSet(t, "LegalMoves", p.LegalMoves(nil)), want); d != "" {
			f.errorf("%s: LegalMoves: %s", p.SFEN(), d)
		}
	}
	t.Logf("打ち歩詰め forbade a pawn drop in %d of %d positions", dropPawnMates, len(nodes))
	f.done(len(nodes))
}

// AttackersTo agrees with the naive model on every square, for both sides.
func TestInvariantAttackersTo(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "AttackersTo"}
	for i := range nodes {
		p := &nodes[i].pos
		for c := shogi.Black; c <= shogi.White; c++ {
			for s := shogi.Square(0); s < shogi.NumSquares; s++ {
				if got, want := p.AttackersTo(c, s), naiveAttackers(p, c, s); got != want {
					f.errorf("%s: AttackersTo(%s, %s) = %v, want %v", p.SFEN(), c, s, got.Squares(), want.Squares())
				}
			}
		}
	}
	f.done(len(nodes))
}

// Every position of legal play is valid.
func TestInvariantValidate(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "Validate"}
	for i := range nodes {
		if err := nodes[i].pos.Validate(); err != nil {
			f.errorf("%s: %v", nodes[i].pos.SFEN(), err)
		}
	}
	f.done(len(nodes))
}

// DoMove changes exactly what the move says (checked square by square and
// piece by piece against the naive model), and the state it keeps up to
// date incrementally equals the state computed from scratch by ParseSFEN:
// the board hash always, the whole Position (==) whenever the full hash
// agrees (TestInvariantKeyMatchesRecomputed checks the full hash).
func TestInvariantDoMove(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "DoMove"}
	n := 0
	for i := range nodes {
		m := nodes[i].next
		if m == shogi.NoMove {
			continue
		}
		n++
		p := nodes[i].pos
		q := p
		q.DoMove(m)
		checkDoMoveNaively(t, &p, &q, m)
		r, err := shogi.ParseSFEN(q.SFEN())
		switch {
		case err != nil:
			f.errorf("%s after %s: SFEN %q does not parse: %v", p.SFEN(), m, q.SFEN(), err)
		case q.BoardKey() != r.BoardKey():
			f.errorf("%s after %s: BoardKey %x, recomputed %x", p.SFEN(), m, q.BoardKey(), r.BoardKey())
		case q.Key() == r.Key() && q != r:
			f.errorf("%s after %s: the incrementally updated Position differs from ParseSFEN(%q)", p.SFEN(), m, q.SFEN())
		}
	}
	f.done(n)
}

// Key, the hash of the board, both hands and the side to move, is a
// function of the position: after any sequence of moves it equals the key
// of the same position read from its SFEN.
func TestInvariantKeyMatchesRecomputed(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "Key after DoMove"}
	n := 0
	for i := range nodes {
		m := nodes[i].next
		if m == shogi.NoMove {
			continue
		}
		n++
		q := nodes[i].pos
		q.DoMove(m)
		if r := mustSFEN(t, q.SFEN()); q.Key() != r.Key() {
			f.errorf("%s after %s: Key %x, but ParseSFEN(SFEN()).Key() = %x", nodes[i].pos.SFEN(), m, q.Key(), r.Key())
		}
	}
	f.done(n)
}

// KingEscapes counts the king moves among the evasions, on every position
// of the walk (0 when not in check), and after every check of the walk,
// where the positions in check are.
func TestInvariantKingEscapes(t *testing.T) {
	nodes := walkPositions(t)
	f := failOnce{t: t, what: "KingEscapes"}
	n := 0
	check := func(p *shogi.Position) {
		n++
		want := 0
		for _, m := range p.Evasions(nil) {
			if m.Piece().Kind() == shogi.King {
				want++
			}
		}
		if got := p.KingEscapes(); got != want {
			f.errorf("%s: KingEscapes() = %d, want %d", p.SFEN(), got, want)
		}
	}
	for i := range nodes {
		p := nodes[i].pos
		check(&p)
		for _, m := range p.Checks(nil) {
			q := p
			q.DoMove(m)
			check(&q)
		}
	}
	f.done(n)
}

// KingEscapesAfter(m) predicts KingEscapes after every legal move of the
// walk, checks or not, without playing it.
func TestInvariantKingEscapesAfter(t *testing.T) {
	eachMoveOfWalk(t, "KingEscapesAfter", func(p, q *shogi.Position, m shogi.Move) string {
		if got, want := p.KingEscapesAfter(m), q.KingEscapes(); got != want {
			return fmt.Sprintf("KingEscapesAfter(%s) = %d, KingEscapes after it = %d", m, got, want)
		}
		return ""
	})
}

// KeysAfter(m) predicts Key, BoardKey and the mover's hand after every
// legal move, without playing it.
func TestInvariantKeysAfterMatchesDoMove(t *testing.T) {
	eachMoveOfWalk(t, "KeysAfter", func(p, q *shogi.Position, m shogi.Move) string {
		key, bkey, hand := p.KeysAfter(m)
		if key != q.Key() || bkey != q.BoardKey() || hand != q.Hand(p.SideToMove()) {
			return fmt.Sprintf("%s: KeysAfter = %x %x %v, after DoMove %x %x %v", m, key, bkey, hand, q.Key(), q.BoardKey(), q.Hand(p.SideToMove()))
		}
		return ""
	})
}

// eachMoveOfWalk runs check on every legal move m of every position p of
// the walk, with q the position after m; check returns what is wrong, or
// "".
func eachMoveOfWalk(t *testing.T, what string, check func(p, q *shogi.Position, m shogi.Move) string) {
	t.Helper()
	nodes := walkPositions(t)
	f := failOnce{t: t, what: what}
	n := 0
	for i := range nodes {
		p := nodes[i].pos
		for _, m := range p.LegalMoves(nil) {
			n++
			q := p
			q.DoMove(m)
			if d := check(&p, &q, m); d != "" {
				f.errorf("%s: %s", p.SFEN(), d)
			}
		}
	}
	f.done(n)
}

// The same position reached by two move orders has the same Key (a
// transposition table depends on it).
func TestKeyIsPathIndependent(t *testing.T) {
	cases := []struct {
		start  string
		orders [2][]string
	}{
		{"4k4/9/9/9/9/9/9/9/4K4 b GS 1", [2][]string{{"G*1e", "5a5b", "S*9e"}, {"S*9e", "5a5b", "G*1e"}}},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", [2][]string{{"5i4h", "5a5b", "4h4g"}, {"5i5h", "5a5b", "5h4g"}}},
		{shogi.StartSFEN, [2][]string{{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "5a4b", "5i4h", "4b5a"},
			{"7g7f", "3c3d", "8h2b+", "3a2b", "5i4h", "5a4b", "B*4e", "4b5a"}}},
	}
	for _, c := range cases {
		var ps [2]shogi.Position
		for i, order := range c.orders {
			ps[i] = mustSFEN(t, c.start)
			for _, u := range order {
				m, err := ps[i].ParseUSIMove(u)
				if err != nil {
					t.Fatalf("test bug: %s: %v", u, err)
				}
				ps[i].DoMove(m)
			}
		}
		a, b := ps[0].SFEN(), ps[1].SFEN()
		if a != b {
			t.Fatalf("test bug: the two orders reach %s and %s", a, b)
		}
		if ps[0].Key() != ps[1].Key() {
			t.Errorf("%s: %v and %v reach the same position %s with different keys %x and %x",
				c.start, c.orders[0], c.orders[1], a, ps[0].Key(), ps[1].Key())
		}
		if ps[0].BoardKey() != ps[1].BoardKey() {
			t.Errorf("%s: the same position %s has different board keys", c.start, a)
		}
	}
}

// The setters keep the keys equal to those computed from scratch.
func TestKeyAfterSetters(t *testing.T) {
	base := "4k4/9/9/9/9/9/9/9/4K4 b 2Pg 1"
	cases := []struct {
		name string
		do   func(p *shogi.Position)
	}{
		{"SetSideToMove", func(p *shogi.Position) { p.SetSideToMove(shogi.White) }},
		{"DoNullMove", func(p *shogi.Position) { p.DoNullMove() }},
		{"Put", func(p *shogi.Position) { p.Put(sqFR(1, 5), shogi.NewPiece(shogi.Black, shogi.Silver)) }},
		{"Put-empty", func(p *shogi.Position) { p.Put(sqFR(5, 1), shogi.NoPiece) }},
		{"SetHand", func(p *shogi.Position) { p.SetHand(shogi.White, shogi.Hand(0).Add(shogi.Rook)) }},
	}
	for _, c := range cases {
		p := mustSFEN(t, base)
		c.do(&p)
		r := mustSFEN(t, p.SFEN())
		if p.Key() != r.Key() || p.BoardKey() != r.BoardKey() {
			t.Errorf("%s on %s: keys %x/%x, recomputed %x/%x", c.name, base, p.Key(), p.BoardKey(), r.Key(), r.BoardKey())
		}
	}
}

// BoardKey leaves the hands out: positions that differ only in the hands
// share it, and their full keys differ.
func TestBoardKeyIgnoresHands(t *testing.T) {
	hands := []string{"-", "P", "2P", "p", "Pp", "RBGSNLP", "rbgsnlp", "2R2B4G4S4N4L18P"}
	boards := []string{"4k4/9/9/9/9/9/9/9/4K4 b", "4k4/9/9/9/9/9/9/9/4K4 w", "9/9/9/9/9/9/9/9/9 b"}
	for _, b := range boards {
		keys := map[uint64]string{}
		var bkey uint64
		for i, h := range hands {
			p := mustSFEN(t, b+" "+h+" 1")
			if i == 0 {
				bkey = p.BoardKey()
			} else if p.BoardKey() != bkey {
				t.Errorf("%s %s: BoardKey %x, want %x as with an empty hand", b, h, p.BoardKey(), bkey)
			}
			if prev, ok := keys[p.Key()]; ok {
				t.Errorf("%s: hands %s and %s give the same Key", b, prev, h)
			}
			keys[p.Key()] = h
		}
	}
	// The side to move is part of both keys.
	a, w := mustSFEN(t, boards[0]+" P 1"), mustSFEN(t, boards[1]+" P 1")
	if a.BoardKey() == w.BoardKey() || a.Key() == w.Key() {
		t.Errorf("the side to move does not change the keys")
	}
}
