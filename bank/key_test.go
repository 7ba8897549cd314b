package bank

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestKingRegion is the rule of the king's region: the defender's king,
// of the side not to move, whichever colour attacks.
func TestKingRegion(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"8k/9/9/9/9/9/9/9/9 b G 1", Corner},
		{"4k4/9/9/9/9/9/9/9/9 b G 1", Edge},
		{"9/9/9/9/4k4/9/9/9/9 b G 1", Centre},
		{"9/9/9/9/9/9/9/9/9 b G 1", ""},
		{"9/9/9/9/9/9/9/9/K8 w g 1", Corner},   // White attacks Black's king
		{"4k4/9/9/9/9/9/9/9/4K4 w g 1", Edge},  // Black's king, not White's
		{"9/9/9/9/9/9/9/9/8K w g 1", Corner},   // the corner 1i
		{"9/9/9/9/4K4/9/9/9/k8 w g 1", Centre}, // White's king in a corner does not count
		{"4k4/9/9/9/9/9/9/9/9 w g 1", ""},      // Black has no king
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := KingRegion(&p); got != c.want {
			t.Errorf("%s: region %q, want %q", c.sfen, got, c.want)
		}
	}
}
