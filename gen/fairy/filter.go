package fairy

import "github.com/tsume-shogi/tsume/variant"

// filterNodes bounds the positions the mate filter may play for one
// candidate; a candidate that needs more is turned away (deterministic,
// unlike a time limit).
const filterNodes = 20_000

// mateFilter is a plain depth-limited AND/OR search that asks whether the
// attacker mates within a number of plies against every reply, every
// interposition counting. It is the cheap test that turns away most
// candidates before the solver (a mate in N counting every reply is one
// of at most N plies under the futile rule): a candidate that mates
// sooner, or not within N, goes no further. It keeps one move buffer per
// ply, so that it allocates nothing once they have grown.
type mateFilter struct {
	checks, replies [][]variant.Move
	nodes           int
}

func newMateFilter(maxPlies int) *mateFilter {
	f := &mateFilter{}
	for range maxPlies/2 + 2 { // one level more for cooked

		f.checks = append(f.checks, make([]variant.Move, 0, variant.MaxMoves))
		f.replies = append(f.replies, make([]variant.Move, 0, variant.MaxMoves))
	}
	return f
}

// mates reports whether the attacker, to move in p, mates within plies
// (odd) against every defence, within the filter's node budget (over
// it, the answer is false: the candidate is not worth the solver).
func (f *mateFilter) mates(p *variant.Position, plies int) bool {
	f.nodes = 0
	return f.search(p, plies, 0)
}

// cooked reports whether the main line pv of a mate from p has a cook the
// filter sees: at one of the attacker's plies another check (the last
// move's other promotion choice aside) that mates within the plies left,
// every reply counting. A cook that only the futile rule makes is not
// seen (nor one past the node budget): the solver's soundness check
// decides those; this one is cheap and turns away most cooked mates
// before it.
func (f *mateFilter) cooked(p *variant.Position, pv []variant.Move) bool {
	f.nodes = 0
	q := *p
	top := len(f.checks) - 1
	for i := 0; i < len(pv); i += 2 {
		left := len(pv) - i
		f.checks[top] = q.Checks(f.checks[top][:0])
		for _, c := range f.checks[top] {
			if c == pv[i] || left == 1 && c == pv[i].TogglePromotion() {
				continue
			}
			s := q
			s.DoMove(c)
			if f.matedAfter(&s, left, top) {
				return true
			}
		}
		q.DoMove(pv[i])
		if i+1 < len(pv) {
			q.DoMove(pv[i+1])
		}
	}
	return false
}

// matedAfter reports whether the defender, to move in p after a check,
// is mated within plies counting that check: no legal reply, or after
// each the attacker mates within plies − 2 (search from level 0, which
// levels below top use).
func (f *mateFilter) matedAfter(p *variant.Position, plies, top int) bool {
	f.replies[top] = p.LegalMoves(f.replies[top][:0])
	if len(f.replies[top]) == 0 {
		return true
	}
	if plies < 3 {
		return false
	}
	for _, r := range f.replies[top] {
		if f.nodes >= filterNodes {
			return false
		}
		f.nodes++
		s := *p
		s.DoMove(r)
		if !f.search(&s, plies-2, 0) {
			return false
		}
	}
	return true
}

func (f *mateFilter) search(p *variant.Position, plies, level int) bool {
	f.checks[level] = p.Checks(f.checks[level][:0])
	for _, c := range f.checks[level] {
		if f.nodes >= filterNodes {
			return false
		}
		f.nodes++
		q := *p
		q.DoMove(c)
		f.replies[level] = q.LegalMoves(f.replies[level][:0])
		if len(f.replies[level]) == 0 {
			return true // a check without a legal reply mates (a pawn drop that would is not legal)
		}
		if plies < 3 {
			continue
		}
		all := true
		for _, r := range f.replies[level] {
			f.nodes++
			s := q
			s.DoMove(r)
			if !f.search(&s, plies-2, level+1) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
