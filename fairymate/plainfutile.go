package fairymate

// This file makes the plain futile-interposition rule of the Discount mode
// sound, as package mate does (mate/plainfutile.go; docs/solver.md, "A
// mate after the interposition"). The plain rule leaves out of the
// defender's replies an interposition far from the royal, unguarded, that
// the checker can capture (isFutile), and does not count it: by the
// composers' convention it only lengthens the mate. What the convention
// takes for granted is that a mate goes on after the interposition; where
// there is none, the interposition refutes the check, and leaving it out
// would prove a mate that does not exist.
//
// So expand keeps such replies aside (frame.plain), and a defender's node
// proven but for them takes them as its children then (plainChildren):
// each is the position after the interposition, searched without a depth
// limit (infDepth). Proven, it adds nothing to the node's proof height
// (the interposition is still not counted); disproven, there is no mate
// after it at all, so none at the node either, at any depth. At the last
// ply, matedAtOnce asks of each that a capture with a check leave the
// defender mated at once again.

// plainChildren returns the value of a defender's node whose counted
// replies give v, proven, and whose replies left out by the plain rule
// lead to the positions of plainKeys: v when every one of them is proven
// without a depth limit, else their combined value (a disproof of one
// holds at every depth), its best child and second best number, with
// onPlain true.
func (s *solver) plainChildren(v value, plainKeys []uint64) (w value, best int, second uint32, onPlain bool) {
	w, best, second = s.combine(false, plainKeys, infDepth, nil)
	if w.pn == 0 {
		return v, 0, 0, false
	}
	return w, best, second, true
}
