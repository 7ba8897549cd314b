package nnue

import (
	"fmt"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// An Evaluator scores positions with a Network. It implements
// eval.Evaluator and eval.Incremental: between SetRoot and the end of a
// search it keeps the accumulator of every ply, and Push derives a ply's
// accumulator from its parent's by the features the move changes (a
// perspective whose king moved is recomputed). Its score is the
// network's output divided by the FV_SCALE it was made with, truncated
// towards zero, and clamped to ±eval.MaxScore (YaneuraOu clamps to the
// wider ±31,753; docs/nnue.md); it is the raw value of the format
// (YaneuraOu's internal unit, in which a pawn is worth about 90).
//
// An Evaluator is used by one goroutine at a time; Clone makes another
// that shares the network.
type Evaluator struct {
	net     *Network
	fvScale int32
	stack   []ply // stack[0] is the root; stack[top] the current ply
	top     int
	scratch ply // Evaluate's accumulator
}

// A ply is the accumulator of one position: for each perspective (by
// colour) its 256 values and its king's feature offset (-1 without a
// king), the side to move, and the number of absent pieces (which no
// move changes).
type ply struct {
	acc    [2][HalfDimensions]int16
	koff   [2]int32
	absent int32
	side   shogi.Color
}

// stackSize is the number of plies an Evaluator makes room for at first.
const stackSize = 128

// New returns an Evaluator of net whose scores are the network's output
// divided by fvScale (DefaultFVScale, 16, unless the file calls for
// another). It returns an error if fvScale is not positive.
func New(net *Network, fvScale int) (*Evaluator, error) {
	if fvScale < 1 || fvScale > 1<<16 {
		return nil, fmt.Errorf("nnue: FV_SCALE %d out of range (1 to 65536)", fvScale)
	}
	e := &Evaluator{net: net, fvScale: int32(fvScale), stack: make([]ply, stackSize)}
	start := shogi.Startpos()
	e.SetRoot(&start)
	return e, nil
}

// FVScale returns the divisor of the network's output.
func (e *Evaluator) FVScale() int { return int(e.fvScale) }

// Clone returns an Evaluator of the same network and FV_SCALE, with its
// own accumulators; the weights are shared.
func (e *Evaluator) Clone() eval.Evaluator {
	c := &Evaluator{net: e.net, fvScale: e.fvScale, stack: make([]ply, len(e.stack)), top: e.top}
	copy(c.stack[:e.top+1], e.stack[:e.top+1])
	return c
}

// Evaluate returns the score of p from the view of its side to move,
// computing the accumulator from scratch. It does not change the plies
// of a search.
func (e *Evaluator) Evaluate(p *shogi.Position) eval.Score {
	e.net.full(&e.scratch, p)
	return e.score(&e.scratch)
}

// SetRoot makes p the position at ply 0.
func (e *Evaluator) SetRoot(p *shogi.Position) {
	e.top = 0
	e.net.full(&e.stack[0], p)
}

// Push derives the accumulator of child, reached from the current ply's
// position parent by move m (shogi.NoMove for a null move), and makes it
// the current ply.
func (e *Evaluator) Push(parent *shogi.Position, m shogi.Move, child *shogi.Position) {
	if e.top+1 == len(e.stack) {
		e.stack = append(e.stack, make([]ply, len(e.stack))...)
	}
	src, dst := &e.stack[e.top], &e.stack[e.top+1]
	e.top++
	e.net.update(dst, src, parent, m, child)
}

// Pop returns to the ply below. It does nothing at the root.
func (e *Evaluator) Pop() {
	if e.top > 0 {
		e.top--
	}
}

// Current returns the score of the current ply's position.
func (e *Evaluator) Current() eval.Score { return e.score(&e.stack[e.top]) }

// score runs the network on a ply's accumulator and scales the output.
func (e *Evaluator) score(pl *ply) eval.Score {
	s := eval.Score(e.net.propagate(&pl.acc[pl.side], &pl.acc[pl.side.Opp()]) / e.fvScale)
	return max(-eval.MaxScore, min(eval.MaxScore, s))
}

// full computes pl for p from scratch.
func (n *Network) full(pl *ply, p *shogi.Position) {
	pl.side = p.SideToMove()
	pl.absent = absentPieces(p)
	for c := shogi.Black; c <= shogi.White; c++ {
		pl.koff[c] = kingOffset(p, c)
		n.refresh(&pl.acc[c], p, c, pl.koff[c], pl.absent)
	}
}

// A change lists the pieces a move takes off (squares or hand slots) and
// puts on, at most two of each.
type change struct {
	off, on   [2]piecePlace
	noff, non int
}

// A piecePlace is a piece on a square, or the n-th of its kind in a hand
// (sq == shogi.NoSquare).
type piecePlace struct {
	pc shogi.Piece
	sq shogi.Square
	n  int
}

// bona returns the BonaPiece of pp seen by persp, -1 for none.
func (pp piecePlace) bona(persp shogi.Color) int32 {
	if pp.sq == shogi.NoSquare {
		return handPiece(persp, pp.pc.Color(), pp.pc.Kind(), pp.n)
	}
	return boardPiece(persp, pp.pc, pp.sq)
}

// changes returns what m, made in parent, changes among the features.
func changes(parent *shogi.Position, m shogi.Move) change {
	var ch change
	us := parent.SideToMove()
	to := m.To()
	if m.IsDrop() {
		k := m.DroppedKind()
		pc := shogi.NewPiece(us, k)
		ch.off[0] = piecePlace{pc: pc, sq: shogi.NoSquare, n: parent.Hand(us).Count(k)}
		ch.on[0] = piecePlace{pc: pc, sq: to}
		ch.noff, ch.non = 1, 1
		return ch
	}
	from := m.From()
	pc := parent.PieceAt(from)
	if pc.Kind() != shogi.King {
		after := pc
		if m.IsPromotion() {
			after |= shogi.Piece(shogi.PromotedBit)
		}
		ch.off[0] = piecePlace{pc: pc, sq: from}
		ch.on[0] = piecePlace{pc: after, sq: to}
		ch.noff, ch.non = 1, 1
	}
	if cp := parent.PieceAt(to); cp != shogi.NoPiece && cp.Kind() != shogi.King {
		k := cp.Kind().Demote()
		ch.off[ch.noff] = piecePlace{pc: cp, sq: to}
		ch.on[ch.non] = piecePlace{pc: shogi.NewPiece(us, k), sq: shogi.NoSquare, n: parent.Hand(us).Count(k) + 1}
		ch.noff++
		ch.non++
	}
	return ch
}

// update derives dst, the ply of child, from src, that of parent, where
// child is parent after m.
func (n *Network) update(dst, src *ply, parent *shogi.Position, m shogi.Move, child *shogi.Position) {
	dst.side = child.SideToMove()
	dst.absent = src.absent
	var ch change
	if m != shogi.NoMove {
		ch = changes(parent, m)
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		koff := kingOffset(child, c)
		dst.koff[c] = koff
		if koff != src.koff[c] {
			// The king moved (or appeared or vanished, off the rules).
			n.refresh(&dst.acc[c], child, c, koff, dst.absent)
			continue
		}
		if koff < 0 {
			dst.acc[c] = src.acc[c]
			continue
		}
		var off, on [2]int32
		noff, non := 0, 0
		for _, pp := range ch.off[:ch.noff] {
			if b := pp.bona(c); b >= 0 {
				off[noff] = koff + b
				noff++
			}
		}
		for _, pp := range ch.on[:ch.non] {
			if b := pp.bona(c); b >= 0 {
				on[non] = koff + b
				non++
			}
		}
		n.apply(&dst.acc[c], &src.acc[c], off[:noff], on[:non])
	}
}

// apply sets dst to src minus the weights of the features off plus those
// of the features on, in one pass in the common cases.
func (n *Network) apply(dst, src *[HalfDimensions]int16, off, on []int32) {
	w := n.ftWeights
	switch {
	case len(off) == 1 && len(on) == 1:
		r := (*[HalfDimensions]int16)(w[int(off[0])*HalfDimensions:])
		a := (*[HalfDimensions]int16)(w[int(on[0])*HalfDimensions:])
		for j := range dst {
			dst[j] = src[j] - r[j] + a[j]
		}
	case len(off) == 2 && len(on) == 2:
		r0 := (*[HalfDimensions]int16)(w[int(off[0])*HalfDimensions:])
		r1 := (*[HalfDimensions]int16)(w[int(off[1])*HalfDimensions:])
		a0 := (*[HalfDimensions]int16)(w[int(on[0])*HalfDimensions:])
		a1 := (*[HalfDimensions]int16)(w[int(on[1])*HalfDimensions:])
		for j := range dst {
			dst[j] = src[j] - r0[j] - r1[j] + a0[j] + a1[j]
		}
	default:
		*dst = *src
		for _, f := range off {
			n.subFeature(dst, f)
		}
		for _, f := range on {
			n.addFeature(dst, f)
		}
	}
}

// propagate runs the layers above the feature transformer on the two
// accumulators, the side to move's first, and returns the output.
func (n *Network) propagate(us, them *[HalfDimensions]int16) int32 {
	// Hidden layer 1 over the clipped accumulators, skipping the inputs
	// that clip to zero.
	var s1 [hidden1Size / 2]int64
	for half, acc := range [2]*[HalfDimensions]int16{us, them} {
		base := half * HalfDimensions
		for j, v := range acc {
			if v <= 0 {
				continue
			}
			x := int64(min(v, 127))
			w := (*[hidden1Size / 2]int64)(n.l1Packed[(base+j)*hidden1Size/2:])
			for k := range s1 {
				s1[k] += w[k] * x
			}
		}
	}
	var s2 [hidden2Size / 2]int64
	for k, s := range s1 {
		lo, hi := unpack(s)
		for i, v := range [2]int32{lo + n.l1Biases[2*k], hi + n.l1Biases[2*k+1]} {
			x := int64(clippedReLU(v))
			if x == 0 {
				continue
			}
			w := (*[hidden2Size / 2]int64)(n.l2Packed[(2*k+i)*hidden2Size/2:])
			for m := range s2 {
				s2[m] += w[m] * x
			}
		}
	}
	out := n.outBias
	for k, s := range s2 {
		lo, hi := unpack(s)
		out += int32(n.outWeights[2*k])*clippedReLU(lo+n.l2Biases[2*k]) +
			int32(n.outWeights[2*k+1])*clippedReLU(hi+n.l2Biases[2*k+1])
	}
	return out
}

// clippedReLU scales an affine layer's output down by 2⁶ and clips it to
// 0 … 127.
func clippedReLU(v int32) int32 {
	return max(0, min(127, v>>weightScaleBits))
}
