package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestRemainingHand(t *testing.T) {
	p := mustParse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	h, err := RemainingHand(&p, shogi.Black)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.String(); got != "2R2B3G3S4N4L18P" {
		t.Errorf("remaining hand %s, want 2R2B3G3S4N4L18P", got)
	}
	q, err := WithRemainingHand(&p)
	if err != nil {
		t.Fatal(err)
	}
	if got := q.SFEN(); got != "4k4/9/4S4/9/9/9/9/9/9 b G2r2b3g3s4n4l18p 1" {
		t.Errorf("with remaining hand: %s", got)
	}
}
