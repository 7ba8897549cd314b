package maten

import (
	"slices"
	"sync"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file holds what the backward method's judges of a run remember of
// the candidates they have decided (judgeBackward): the failures, and
// the problems made, by the candidate's exact position and variant.

// cloneProblem returns a copy of p that shares no slice or pointer with
// it.
func cloneProblem(p *problem.Problem) problem.Problem {
	c := *p
	c.Line = slices.Clone(p.Line)
	c.Themes = slices.Clone(p.Themes)
	if p.Composer != nil {
		cc := *p.Composer
		c.Composer = &cc
	}
	if p.Quality != nil {
		q := *p.Quality
		c.Quality = &q
	}
	if p.Optimized != nil {
		o := *p.Optimized
		c.Optimized = &o
	}
	return c
}

// maxFailed bounds the candidates a run remembers as failed (about 50
// bytes each); when full, it forgets them all and starts again.
const maxFailed = 1 << 19

// failedSet is a set of failed candidates, and of those that made a
// problem with that problem, that the workers of a run share: what the
// judge decides of a candidate is the same in every worker, so that one
// worker's decision spares the others the work.
type failedSet struct {
	mu sync.Mutex
	m  map[exactKey]struct{}
	// made holds the problems made, one an index at most: a later
	// index that draws the candidate with the same variant makes the
	// same problem, a duplicate the run drops, at the cost of a whole
	// construction.
	made map[exactKey]*problem.Problem
}

func newFailedSet() *failedSet {
	return &failedSet{m: make(map[exactKey]struct{}), made: make(map[exactKey]*problem.Problem)}
}

// lookup reports whether k is in the set, and the problem it made (nil
// for a failure).
func (f *failedSet) lookup(k exactKey) (*problem.Problem, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p, ok := f.made[k]; ok {
		return p, true
	}
	_, ok := f.m[k]
	return nil, ok
}

// addMade records that k made the problem p (a copy of it), first
// emptying the problems made when there are maxMade.
func (f *failedSet) addMade(k exactKey, p *problem.Problem) {
	c := cloneProblem(p)
	f.mu.Lock()
	if len(f.made) >= maxMade {
		clear(f.made)
	}
	f.made[k] = &c
	f.mu.Unlock()
}

// maxMade bounds the problems a run remembers as made (about 2 kB each).
const maxMade = 1 << 14

// add puts k in the set, first emptying a full set.
func (f *failedSet) add(k exactKey) {
	f.mu.Lock()
	if len(f.m) >= maxFailed {
		clear(f.m)
	}
	f.m[k] = struct{}{}
	f.mu.Unlock()
}

// exactKey identifies a position of at most maxKeyPieces pieces on the
// board exactly: its pieces in square order, its hands and side to move.
type exactKey struct {
	sq    [maxKeyPieces]shogi.Square
	pc    [maxKeyPieces]shogi.Piece
	hands [2]shogi.Hand
	side  shogi.Color
	// variant is the construction's variant (Options.variant) the
	// candidate failed with.
	variant uint64
}

// maxKeyPieces is the most pieces (kings included) of a position
// exactKeyOf identifies.
const maxKeyPieces = 12

// exactKeyOf returns the exactKey of p, or false when p has more than
// maxKeyPieces pieces on the board.
func exactKeyOf(p *shogi.Position) (exactKey, bool) {
	var k exactKey
	occ := p.Occupied()
	for i := 0; occ.Any(); i++ {
		if i == maxKeyPieces {
			return exactKey{}, false
		}
		s := occ.PopLSB()
		k.sq[i], k.pc[i] = s, p.PieceAt(s)
	}
	k.hands = [2]shogi.Hand{p.Hand(shogi.Black), p.Hand(shogi.White)}
	k.side = p.SideToMove()
	return k, true
}
