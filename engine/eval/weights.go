package eval

import (
	"fmt"
	"strconv"
	"strings"
)

// weightNames are the names ParseWeights and Weights.String use, in order.
var weightNames = [...]string{"hand", "promotion", "pst", "king-defence", "king-attack", "king-hand"}

// fields returns pointers to w's fields in the order of weightNames.
func (w *Weights) fields() [len(weightNames)]*int {
	return [...]*int{&w.Hand, &w.Promotion, &w.PST, &w.KingDefence, &w.KingAttack, &w.KingHand}
}

// MaxWeight bounds each weight: a term may be scaled up to 4 times its
// documented value.
const MaxWeight = 400

// String returns w as ParseWeights reads it: every term as name=percent,
// separated by commas, such as "hand=100,promotion=100,pst=0,…".
func (w Weights) String() string {
	var b strings.Builder
	for i, f := range w.fields() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(weightNames[i])
		b.WriteByte('=')
		b.WriteString(strconv.Itoa(*f))
	}
	return b.String()
}

// ParseWeights reads a list of name=percent settings separated by commas
// (spaces allowed) over DefaultWeights, so that "pst=0" is the default
// evaluation without its piece-square tables. The names are hand,
// promotion, pst, king-defence, king-attack and king-hand; each percent
// is an integer from 0 to MaxWeight. The empty string gives
// DefaultWeights. It is how a self-play match switches a term off, for
// instance through an engine option.
func ParseWeights(s string) (Weights, error) {
	w := DefaultWeights()
	if strings.TrimSpace(s) == "" {
		return w, nil
	}
	fields := w.fields()
	for item := range strings.SplitSeq(s, ",") {
		name, val, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return DefaultWeights(), fmt.Errorf("eval: weight %q: want name=percent", strings.TrimSpace(item))
		}
		name = strings.ToLower(strings.TrimSpace(name))
		i := indexOf(name)
		if i < 0 {
			return DefaultWeights(), fmt.Errorf("eval: unknown weight %q: want one of %s", name, strings.Join(weightNames[:], ", "))
		}
		n, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil {
			return DefaultWeights(), fmt.Errorf("eval: weight %s: %w", name, err)
		}
		if n < 0 || n > MaxWeight {
			return DefaultWeights(), fmt.Errorf("eval: weight %s=%d: want 0 to %d", name, n, MaxWeight)
		}
		*fields[i] = n
	}
	return w, nil
}

// indexOf returns the index of name in weightNames, or -1.
func indexOf(name string) int {
	for i, n := range weightNames {
		if n == name {
			return i
		}
	}
	return -1
}
