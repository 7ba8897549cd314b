package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// The reference implementation: the network's output computed straight
// from the format's description (docs/nnue.md), slowly, with no tables
// shared with the package and no incremental updates.

// refBonaPieces builds the BonaPiece numbering from its definition: 0 is
// unused; then, for each hand kind in the order pawn, lance, knight,
// silver, gold, bishop, rook, a friend block and an enemy block of
// max+1 slots (the n-th piece in hand is slot n−1, so the last slot of
// each block is unused, and the last block's is not numbered: the board
// starts at fe_hand_end = 90, where that slot would be); then, for
// each board kind in the order pawn, lance, knight, silver, gold, bishop,
// horse, rook, dragon, a friend block and an enemy block of 81 squares.
func refBonaPieces() (hand, board map[shogi.Kind][2]int, end int) {
	hand, board = map[shogi.Kind][2]int{}, map[shogi.Kind][2]int{}
	next := 1
	for _, hk := range []struct {
		k   shogi.Kind
		max int
	}{{shogi.Pawn, 18}, {shogi.Lance, 4}, {shogi.Knight, 4}, {shogi.Silver, 4}, {shogi.Gold, 4}, {shogi.Bishop, 2}, {shogi.Rook, 2}} {
		hand[hk.k] = [2]int{next, next + hk.max + 1} // friend, enemy
		next += 2 * (hk.max + 1)
	}
	next-- // the enemy rook block's unused last slot
	if next != 90 {
		panic("the hand BonaPieces do not end at 90")
	}
	for _, k := range []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Horse, shogi.Rook, shogi.Dragon} {
		board[k] = [2]int{next, next + 81}
		next += 2 * 81
	}
	return hand, board, next
}

// refFeatures returns the active feature indices of perspective persp.
func refFeatures(p *shogi.Position, persp shogi.Color) []int {
	hand, board, end := refBonaPieces()
	if end != 1548 {
		panic("fe_end is not 1548")
	}
	// The perspective sees the board rotated when it is White's.
	see := func(s shogi.Square) int {
		if persp == shogi.White {
			return 80 - int(s)
		}
		return int(s)
	}
	side := func(c shogi.Color) int { // 0 = friend, 1 = enemy
		if c == persp {
			return 0
		}
		return 1
	}
	var king shogi.Square = shogi.NoSquare
	for s := shogi.Square(0); s < 81; s++ {
		if pc := p.PieceAt(s); pc.Kind() == shogi.King && pc.Color() == persp {
			king = s
			break
		}
	}
	if king == shogi.NoSquare {
		return nil
	}
	k := see(king)
	var fs []int
	for s := shogi.Square(0); s < 81; s++ {
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece || pc.Kind() == shogi.King {
			continue
		}
		kind := pc.Kind()
		switch kind {
		case shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
			kind = shogi.Gold
		}
		fs = append(fs, k*1548+board[kind][side(pc.Color())]+see(s))
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for kind, base := range hand {
			for n := 1; n <= p.Hand(c).Count(kind) && n <= shogi.MaxCount(kind); n++ {
				fs = append(fs, k*1548+base[side(c)]+n-1)
			}
		}
	}
	// Each of the 38 slots of the set that no piece fills is BonaPiece 0.
	seen := map[shogi.Kind]int{}
	for s := shogi.Square(0); s < 81; s++ {
		if pc := p.PieceAt(s); pc != shogi.NoPiece && pc.Kind() != shogi.King {
			seen[pc.Kind().Demote()]++
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for kind := range hand {
			seen[kind] += p.Hand(c).Count(kind)
		}
	}
	for kind := range hand {
		for range shogi.MaxCount(kind) - seen[kind] {
			fs = append(fs, k*1548)
		}
	}
	return fs
}

// refOutput returns the network's output for p, the side to move's view.
func refOutput(s synth, p *shogi.Position) int64 {
	// The feature transformer: per perspective, the biases plus the
	// weights of the active features, in int16 arithmetic (modulo 2¹⁶).
	var acc [2][256]int16
	for c := shogi.Black; c <= shogi.White; c++ {
		fs := refFeatures(p, c)
		for j := range 256 {
			sum := int64(s.ftBias(j))
			for _, f := range fs {
				sum += int64(s.ftWeight(f*256 + j))
			}
			acc[c][j] = int16(sum) // wraps modulo 2¹⁶
		}
	}
	clip := func(v int64) int64 { return max(0, min(127, v)) }
	floorDiv64 := func(v int64) int64 { // v >> 6
		if v < 0 {
			return -((-v + 63) / 64)
		}
		return v / 64
	}
	// The input: the side to move's 256 values, then the other side's,
	// each clipped to 0 … 127.
	var in [512]int64
	us := p.SideToMove()
	for j := range 256 {
		in[j] = clip(int64(acc[us][j]))
		in[256+j] = clip(int64(acc[us.Opp()][j]))
	}
	// Hidden layer 1: 32 outputs, weight (i, j) at i*512+j.
	var h1 [32]int64
	for i := range 32 {
		sum := int64(s.l1Bias(i))
		for j := range 512 {
			sum += int64(s.l1Weight(i*512+j)) * in[j]
		}
		h1[i] = clip(floorDiv64(sum))
	}
	var h2 [32]int64
	for i := range 32 {
		sum := int64(s.l2Bias(i))
		for j := range 32 {
			sum += int64(s.l2Weight(i*32+j)) * h1[j]
		}
		h2[i] = clip(floorDiv64(sum))
	}
	out := int64(s.outBias())
	for j := range 32 {
		out += int64(s.outWeight(j)) * h2[j]
	}
	return out
}

// refScore is the reference score with FV_SCALE scale: the output divided
// with truncation towards zero, clamped to ±MaxScore.
func refScore(s synth, p *shogi.Position, scale int64) eval.Score {
	v := refOutput(s, p) / scale
	return eval.Score(max(-int64(eval.MaxScore), min(int64(eval.MaxScore), v)))
}

// randomPositions returns positions of random games from the start and
// from a few positions with full hands, two without a Black king, two
// handicap starts and a position with only two pieces besides the kings.
func randomPositions(t *testing.T, r *rand.Rand, count int) []shogi.Position {
	t.Helper()
	starts := []string{
		shogi.StartSFEN,
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
		"4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPr2b3g3s3n3l17p 1",
		"ln1g1g1nl/1ks2r3/1pppp1bpp/p3spp2/9/P1P1SP1PP/1P1PP1P2/1BK1GR3/LNSG3NL b - 1",
		"8k/9/9/9/9/9/9/9/9 b RBG 1",                                  // a tsume position: no Black king
		"7nl/7k1/6ppp/9/9/9/9/9/9 b 2S 1",                             // likewise
		"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", // 二枚落ち: absent pieces
		"3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // 六枚落ち
		"4k4/9/4P4/9/9/9/9/9/4K4 b G 1",                               // 36 absent pieces
	}
	var out []shogi.Position
	buf := make([]shogi.Move, 0, 600)
	for len(out) < count {
		p, err := shogi.ParseSFEN(starts[len(out)%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for range r.IntN(120) {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.DoMove(moves[r.IntN(len(moves))])
		}
		out = append(out, p)
	}
	return out
}

// TestForwardPass compares the Evaluator with the reference on random
// positions, for the raw output and for the score at several FV_SCALEs
// (at 1 most scores are clamped to ±MaxScore, at 16 and 24 none is).
func TestForwardPass(t *testing.T) {
	_, net := shared(t)
	r := rand.New(rand.NewPCG(1, 14))
	positions := randomPositions(t, r, 60)
	scales := []int{1, DefaultFVScale, 24}
	evs := make([]*Evaluator, len(scales))
	for i, sc := range scales {
		var err error
		if evs[i], err = New(net, sc); err != nil {
			t.Fatal(err)
		}
	}
	var clamped, inside int
	for i := range positions {
		p := &positions[i]
		want := refOutput(testSynth, p)
		var pl ply
		net.full(&pl, p)
		if got := net.propagate(&pl.acc[pl.side], &pl.acc[pl.side.Opp()]); int64(got) != want {
			t.Errorf("%s: output %d, reference %d", p.SFEN(), got, want)
		}
		for k, sc := range scales {
			got, want := evs[k].Evaluate(p), refScore(testSynth, p, int64(sc))
			if got != want {
				t.Errorf("%s: Evaluate = %d at FV_SCALE %d, reference %d", p.SFEN(), got, sc, want)
			}
			switch {
			case sc == 1 && (want == eval.MaxScore || want == -eval.MaxScore):
				clamped++
			case sc == DefaultFVScale && want != 0 && want > -eval.MaxScore && want < eval.MaxScore:
				inside++
			}
		}
	}
	// The synthetic weights must exercise both the clamp and the range.
	if clamped < 10 || inside < 50 {
		t.Errorf("%d scores clamped at FV_SCALE 1, %d inside at 16: the test exercises too little", clamped, inside)
	}
	if _, err := New(net, 0); err == nil {
		t.Error("New(net, 0) succeeded")
	}
}

// TestFeatures compares the package's feature indexing with the
// reference's on random positions: each feature once, but BonaPiece 0
// once per absent piece.
func TestFeatures(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 14))
	for _, p := range randomPositions(t, r, 40) {
		for c := shogi.Black; c <= shogi.White; c++ {
			want := map[int]int{}
			for _, f := range refFeatures(&p, c) {
				want[f]++
			}
			got := map[int]int{}
			koff := kingOffset(&p, c)
			if koff >= 0 {
				for s := shogi.Square(0); s < 81; s++ {
					if pc := p.PieceAt(s); pc != shogi.NoPiece && pc.Kind() != shogi.King {
						got[int(koff+boardPiece(c, pc, s))]++
					}
				}
				for o := shogi.Black; o <= shogi.White; o++ {
					for _, k := range handKinds {
						for n := 1; n <= p.Hand(o).Count(k); n++ {
							if b := handPiece(c, o, k, n); b >= 0 {
								got[int(koff+b)]++
							}
						}
					}
				}
				if a := absentPieces(&p); a > 0 {
					got[int(koff)] += int(a)
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s, perspective %v: %d features, reference %d", p.SFEN(), c, len(got), len(want))
				continue
			}
			for f, k := range want {
				if got[f] != k || (k != 1 && f%1548 != 0) {
					t.Errorf("%s, perspective %v: feature %d counted %d times, reference %d", p.SFEN(), c, f, got[f], k)
				}
			}
		}
	}
}
