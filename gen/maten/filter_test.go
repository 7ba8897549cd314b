package maten

import (
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/problem"
)

func TestFilterAccepts(t *testing.T) {
	c := problem.Composer{Sacrifices: 1, Refusals: 1, DistantDrops: 1, FinalPieces: 3, Branching: 2, Beauty: 4}
	for _, tt := range []struct {
		f    Filter
		want bool
	}{
		{Filter{}, true},
		{Filter{MinSacrifices: 1, MinRefusals: 1, MinDistantDrops: 1, MaxFinalPieces: 3, MinBranching: 2, MinBeauty: 4}, true},
		{Filter{MinSacrifices: 2}, false},
		{Filter{MinRefusals: 2}, false},
		{Filter{MinDistantDrops: 2}, false},
		{Filter{QuietFirst: true}, false},
		{Filter{MaxFinalPieces: 2}, false},
		{Filter{MinBranching: 2.5}, false},
		{Filter{MinBeauty: 4.5}, false},
	} {
		if got := tt.f.Accepts(&c); got != tt.want {
			t.Errorf("%+v.Accepts = %v, want %v", tt.f, got, tt.want)
		}
	}
}

func TestFilterValidate(t *testing.T) {
	for _, f := range []Filter{{MinSacrifices: 2}, {MinRefusals: 3}, {MinDistantDrops: -1}, {MaxFinalPieces: -1}, {MinBranching: -1}} {
		o := DefaultOptions()
		o.Method, o.Filter = Random, f
		if err := o.Validate(); err == nil {
			t.Errorf("mate-in-3 with %+v: no error", f)
		}
	}
	o := DefaultOptions()
	o.Method, o.Length, o.Filter = Random, 5, Filter{MinSacrifices: 2, MinRefusals: 3}
	if err := o.Validate(); err != nil {
		t.Errorf("mate-in-5 with %+v: %v", o.Filter, err)
	}
}

// TestFilterRun generates problems under filters and checks each one's
// metrics, measured again from its position and line.
func TestFilterRun(t *testing.T) {
	for _, f := range []Filter{{MinSacrifices: 1}, {QuietFirst: true, MaxFinalPieces: 2}, {MinBeauty: 5}, {MinQuality: 4}, {Themes: []string{"sacrifice", "head-gold"}}} {
		o := DefaultOptions()
		o.Filter = f
		b := mate1.DefaultOptions()
		b.Bases = true
		b.MaxPieces = BasePieces(&o)
		base, err := mate1.New(b)
		if err != nil {
			t.Fatal(err)
		}
		o.Base = base
		g, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		ps := generate(t, g, 6, 2)
		if one := generate(t, g, 6, 1); len(one) != len(ps) || len(ps) > 0 && one[len(one)-1].Position != ps[len(ps)-1].Position {
			t.Errorf("%+v: 1 and 2 workers differ", f)
		}
		for _, p := range ps {
			c := Measure(&p.Position, p.Line)
			if p.Composer == nil || *p.Composer != c {
				t.Errorf("%s: composer %+v, measured %+v", p.Position.SFEN(), p.Composer, c)
			}
			if !f.Accepts(&c) {
				t.Errorf("%s: %+v does not pass %+v", p.Position.SFEN(), c, f)
			}
			if p.Quality == nil || !f.acceptsScore(p.Quality, p.Themes) {
				t.Errorf("%s: quality %+v, themes %v do not pass %+v", p.Position.SFEN(), p.Quality, p.Themes, f)
			}
		}
	}
}

// TestFilterThemesAndQuality: a problem passes --theme when it has every
// theme named, --min-quality when its score reaches the bound; an
// unknown theme is refused with the catalogue's names.
func TestFilterThemesAndQuality(t *testing.T) {
	themes := []problem.Theme{{Name: "sacrifice", Ply: 1}, {Name: "lure", Ply: 1}}
	q := problem.Quality{Score: 3.5}
	for _, c := range []struct {
		f    Filter
		want bool
	}{
		{Filter{Themes: []string{"sacrifice"}}, true},
		{Filter{Themes: []string{"sacrifice", "lure"}}, true},
		{Filter{Themes: []string{"sacrifice", "head-gold"}}, false},
		{Filter{MinQuality: 3.5}, true},
		{Filter{MinQuality: 3.75}, false},
		{Filter{MinQuality: -1}, true},
	} {
		if got := c.f.acceptsScore(&q, themes); got != c.want || !c.f.active() || !c.f.scored() {
			t.Errorf("%+v: accepts %v, active %v, scored %v; want %v", c.f, got, c.f.active(), c.f.scored(), c.want)
		}
	}
	o := DefaultOptions()
	o.Method, o.Filter = Random, Filter{Themes: []string{"sacrifice", "gift"}}
	err := o.Validate()
	var ute *UnknownThemeError
	if !errors.As(err, &ute) || ute.Name != "gift" || !strings.Contains(err.Error(), "head-gold") {
		t.Errorf("theme gift: %v", err)
	}
}
