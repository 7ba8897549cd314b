package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
)

// mateOneFlags are the filters of generate that apply to mate-in-1 only.
var mateOneFlags = []string{"max-checks", "max-legal", "allow-leftover", "allow-promotion-ambiguity", "mate", "difficulty", "symmetric"}

// mateNGenerator returns the generator of mate-in-N problems of length
// plies for the flags of generate: o holds the flags shared with
// mate-in-1, errs the errors found in them so far. It returns a usage
// message on error.
func mateNGenerator(fs *flag.FlagSet, o mate1.Options, length int, method string, maxNodes uint64, errs []error) (*gen.Generator, *maten.Counters, error) {
	for _, name := range mateOneFlags {
		if isSet(fs, name) {
			errs = append(errs, fmt.Errorf("--%s applies to mate-in-1 (--length 1) only", name))
		}
	}
	c := new(maten.Counters)
	m := maten.DefaultOptions()
	m.Length, m.Seed, m.MaxPieces, m.MinPieces = length, o.Seed, o.MaxPieces, o.MinPieces
	m.Kinds, m.TwoKings, m.MaxNodes, m.Counters = o.Kinds, o.TwoKings, maxNodes, c
	var err error
	if m.Method, err = maten.ParseMethod(method); err != nil {
		errs = append(errs, err)
	}
	if m.King, err = maten.ParseRegion(o.King.String()); err != nil {
		errs = append(errs, err)
	}
	if m.Method == maten.Backward {
		b := mate1.DefaultOptions()
		b.Seed, b.Kinds, b.TwoKings, b.King = o.Seed, o.Kinds, o.TwoKings, o.King
		b.MaxPieces = maten.BasePieces(&m)
		if m.Base, err = mate1.New(b); err != nil {
			errs = append(errs, err)
		}
	}
	var g *gen.Generator
	if len(errs) == 0 {
		if g, err = maten.New(m); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, err := range errs {
			msgs[i] = strings.ReplaceAll(err.Error(), "\n", "; ")
		}
		return nil, nil, errors.New(strings.Join(msgs, "; "))
	}
	return g, c, nil
}

// writeCounters sums up the candidates of a mate-in-N run by length: how
// many positions were built, rejected by the mate-in-1 prefilter,
// searched, found sound by the solver and by the verdict.
func writeCounters(w io.Writer, c *maten.Counters) {
	var b strings.Builder
	b.WriteString("candidates by length (built / searched, no mate in 1 / solver-sound / verdict-sound):")
	for i := 1; i < len(c.Built); i++ {
		built := c.Built[i].Load()
		if built == 0 {
			continue
		}
		fmt.Fprintf(&b, " %d plies %d / %d / %d / %d;", 2*i+1, built, c.Searched[i].Load(), c.SolverSound[i].Load(), c.VerdictSound[i].Load())
	}
	s := strings.TrimSuffix(b.String(), ";")
	if base := c.VerdictSound[0].Load(); base > 0 {
		s += fmt.Sprintf("; %d mate-in-1 bases", base)
	}
	fmt.Fprintln(w, s)
}
