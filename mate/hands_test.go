package mate

import (
	"errors"
	"strings"
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

// More of a kind than the set holds is a *TooManyPiecesError, whose
// message Verify1 reports as it is.
func TestRemainingHandTooMany(t *testing.T) {
	p := mustParse(t, "4k4/9/9/9/9/9/9/9/G3G3G b 2G 1")
	_, err := WithRemainingHand(&p)
	var tm *TooManyPiecesError
	if !errors.As(err, &tm) || tm.Kind != shogi.Gold || tm.Count != 5 || tm.Max != 4 {
		t.Fatalf("got %v (%#v)", err, tm)
	}
	const msg = "5 golds on the board and in the attacker's hand; the set holds 4"
	if tm.Msg != msg || err.Error() != "mate: "+msg {
		t.Errorf("Msg %q, Error() %q", tm.Msg, err.Error())
	}
	v := Verify1(&p, Remaining)
	if len(v.Errors) != 1 || v.Errors[0].Code != IllegalPosition || v.Errors[0].Msg != msg {
		t.Errorf("Verify1: %+v", v.Errors)
	}
}

// TestHandLeft: HandLeft answers as RemainingHand does, without
// allocating, over the set too.
func TestHandLeft(t *testing.T) {
	for _, sfen := range []string{"4k4/9/4S4/9/9/9/9/9/9 b G 1", "4k4/9/9/9/9/9/9/9/G3G3G b 2G 1"} {
		p := mustParse(t, sfen)
		want, err := RemainingHand(&p, shogi.Black)
		if h, ok := HandLeft(&p, shogi.Black); h != want || ok != (err == nil) {
			t.Errorf("%s: HandLeft %v, %v; RemainingHand %v, %v", sfen, h, ok, want, err)
		}
		if n := testing.AllocsPerRun(10, func() { HandLeft(&p, shogi.Black) }); n != 0 {
			t.Errorf("%s: HandLeft allocates %v times", sfen, n)
		}
	}
}

func TestParseDefenderHandAndFutileRule(t *testing.T) {
	for _, d := range []DefenderHand{Remaining, AsGiven} {
		if got, err := ParseDefenderHand(strings.ToUpper(d.String())); err != nil || got != d {
			t.Errorf("ParseDefenderHand(%q) = %v, %v", d, got, err)
		}
	}
	for _, f := range []FutileRule{Discount, Count} {
		if got, err := ParseFutileRule(f.String()); err != nil || got != f {
			t.Errorf("ParseFutileRule(%q) = %v, %v", f, got, err)
		}
	}
	if _, err := ParseDefenderHand("asgiven"); err == nil || !strings.Contains(err.Error(), `"asgiven": want remaining or as-given`) {
		t.Errorf("ParseDefenderHand(asgiven): %v", err)
	}
	if _, err := ParseFutileRule("none"); err == nil || !strings.Contains(err.Error(), `"none": want discount or count`) {
		t.Errorf("ParseFutileRule(none): %v", err)
	}
}
