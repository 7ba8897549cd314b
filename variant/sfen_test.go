package variant

import (
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func mustParse(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParseSFEN(s)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", s, err)
	}
	return p
}

func TestSFENRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSFEN,
		"8k/9/9/9/4$B4/9/9/9/9 w - 1",
		"$+r8/9/9/9/9/9/9/9/8K b - 1",
		"4k4/9/9/9/4$(GH)4/9/9/9/(li)8 b 2(GH)(LI)p2(gh) 1",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"$p8/9/9/9/9/9/9/9/$P$(LI)7 b R18P 7",
	} {
		p := mustParse(t, s)
		if got := p.SFEN(); got != s {
			t.Errorf("round trip: %q -> %q", s, got)
		}
		if p.Key() != p.ComputeKey() {
			t.Errorf("%q: key %x, recomputed %x", s, p.Key(), p.ComputeKey())
		}
	}
}

func TestSFENPieces(t *testing.T) {
	p := mustParse(t, "$+r7$(gh)/9/9/9/4$B4/9/9/9/(LI)7K b 2(GH) 1")
	check := func(sq string, c shogi.Color, k Kind, royal bool) {
		t.Helper()
		s, _ := shogi.ParseSquare(sq)
		pc := p.PieceAt(s)
		if pc.Color() != c || pc.Kind() != k || pc.Royal() != royal {
			t.Errorf("%s: got %v (colour %v kind %v royal %v)", sq, pc, pc.Color(), pc.Kind(), pc.Royal())
		}
	}
	check("9a", shogi.White, shogi.Dragon, true)
	check("1a", shogi.White, Grasshopper, true)
	check("5e", shogi.Black, shogi.Bishop, true)
	check("9i", shogi.Black, Lion, false)
	check("1i", shogi.Black, shogi.King, true)
	if n := p.Hand(shogi.Black).Count(Grasshopper); n != 2 {
		t.Errorf("Black holds %d grasshoppers; want 2", n)
	}
	if p.Royals(shogi.Black).Count() != 2 || p.Royals(shogi.White).Count() != 2 {
		t.Errorf("royals %d/%d; want 2/2", p.Royals(shogi.Black).Count(), p.Royals(shogi.White).Count())
	}
}

func TestSFENErrors(t *testing.T) {
	for _, c := range []struct{ in, field, token string }{
		{"4k4/9/9/9/4(GX)4/9/9/9/9 b - 1", "board", "(GX)"},
		{"4k4/9/9/9/4(Gh)4/9/9/9/9 b - 1", "board", "(Gh)"},
		{"4k4/9/9/9/4+(GH)4/9/9/9/9 b - 1", "board", "+(GH)"},
		{"4$k4/9/9/9/9/9/9/9/9 b - 1", "board", "$k"},
		{"4k4/9/9/9/4$+G4/9/9/9/9 b - 1", "board", "$+G"},
		{"4k4/9/9/9/4(GH4/9/9/9/9 b - 1", "board", "(GH4/9/9/9/9"},
		{"4k4/9/9/9/4x4/9/9/9/9 b - 1", "board", "x"},
		{"4k4/9/9/9/9/9/9/9/9 b $B 1", "hands", "$"},
		{"4k4/9/9/9/9/9/9/9/9 b 2(GX) 1", "hands", "2(GX)"},
		{"4k4/9/9/9/9/9/9/9/9 b (GH)(GH) 1", "hands", "(GH)"},
		{"4k4/9/9/9/9/9/9/9/9 b 40(GH) 1", "hands", "40"},
		{"4k4/9/9/9/9/9/9/9/9 b K 1", "hands", "K"},
		{"4k4/9/9/9/9/9/9/9/9 b +B 1", "hands", "+B"},
		{"4k4/9/9/9/9/9/9/9/9 x - 1", "side to move", "x"},
	} {
		_, err := ParseSFEN(c.in)
		var se *SFENError
		if !errors.As(err, &se) {
			t.Errorf("%q: got %v; want an *SFENError", c.in, err)
			continue
		}
		if se.Field != c.field || se.Token != c.token || se.Offset < 0 || !strings.HasPrefix(c.in[se.Offset:], se.Token) {
			t.Errorf("%q: field %q token %q offset %d; want field %q token %q", c.in, se.Field, se.Token, se.Offset, c.field, c.token)
		}
		if !strings.Contains(err.Error(), c.token) {
			t.Errorf("%q: message %q does not name the token %q", c.in, err, c.token)
		}
	}
}

func TestSFENMatchesShogi(t *testing.T) {
	for _, s := range perftSFENs(t) {
		sp, err := shogi.ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		vp := mustParse(t, s)
		if sp.SFEN() != vp.SFEN() {
			t.Errorf("shogi %q, variant %q", sp.SFEN(), vp.SFEN())
		}
	}
}

func FuzzParseSFEN(f *testing.F) {
	for _, s := range []string{StartSFEN, "$+r7$(gh)/9/9/9/4$B4/9/9/9/(LI)7K b 2(GH)p 1",
		"4k4/9/9/9/4(Gh)4/9/9/9/9 b - 1", "startpos", "sfen 9/9/9/9/9/9/9/9/9 w 2(li) 3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			var se *SFENError
			if !errors.As(err, &se) {
				t.Fatalf("%q: error %v is not an *SFENError", s, err)
			}
			if se.Offset > len(s) || se.Offset >= 0 && !strings.HasPrefix(s[se.Offset:], se.Token) {
				t.Fatalf("%q: token %q is not at offset %d", s, se.Token, se.Offset)
			}
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil {
			t.Fatalf("%q -> %q does not parse: %v", s, out, err)
		}
		if q != p || q.SFEN() != out || p.Key() != p.ComputeKey() {
			t.Fatalf("%q -> %q -> %q: not a round trip", s, out, q.SFEN())
		}
	})
}

func TestShogiConversion(t *testing.T) {
	for _, s := range perftSFENs(t) {
		sp, _ := shogi.ParseSFEN(s)
		vp := FromShogi(&sp)
		back, ok := vp.Shogi()
		if !ok || back != sp {
			t.Errorf("%s: no round trip through variant (%v)", s, ok)
		}
	}
	for _, s := range fairySFENs[:6] {
		p := mustParse(t, s)
		if _, ok := p.Shogi(); ok || p.IsStandard() {
			t.Errorf("%s converts to package shogi", s)
		}
	}
	p := mustParse(t, StartSFEN)
	p.SetRules(NewRules(Annan{}))
	if _, ok := p.Shogi(); ok {
		t.Error("a position under 安南 converts to package shogi")
	}
}
