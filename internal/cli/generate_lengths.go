package cli

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
)

// lengthsValue is the --length flag of generate: one length in plies, or
// several separated by commas (3,5,7) for one run of each, their problems
// in one output under one variety cap.
type lengthsValue []int

func (v *lengthsValue) String() string {
	parts := make([]string, len(*v))
	for i, n := range *v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// Set parses the value; whether each length is one generate makes is
// checked by check, after the flags are read.
func (v *lengthsValue) Set(s string) error {
	var ls []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return fmt.Errorf("%q: want a number of plies, such as 3, or several separated by commas, such as 3,5,7", part)
		}
		ls = append(ls, n)
	}
	*v = ls
	return nil
}

// check reports a length generate does not make: an even or non-positive
// one, and with several lengths a mate-in-1 or one given twice.
func (v lengthsValue) check() error {
	for _, n := range v {
		if n < 1 || n%2 == 0 {
			return fmt.Errorf("--length %d: want an odd number of plies, 1 (mate-in-1) or 3, 5, 7, … (mate-in-N)", n)
		}
	}
	if len(v) == 1 {
		return nil
	}
	for i, n := range v {
		if n == 1 {
			return fmt.Errorf("--length %v: several lengths are for mate-in-N (3, 5, 7, …), not mate-in-1", &v)
		}
		if slices.Index(v, n) != i {
			return fmt.Errorf("--length %v: %d is given twice", &v, n)
		}
	}
	return nil
}

// genRun is one generator of a generate command and, for mate-in-N, its
// counters; a command with several lengths has one a length.
type genRun struct {
	g      *gen.Generator
	c      *maten.Counters
	length int // in plies, with several lengths (0 otherwise)
}

// severalLengths returns the runs of a generate command with several
// lengths (--length 3,5,7): a mate-in-N generator a length, in the order
// given (runGenerate makes them in runOrder), each with the variety cap
// of the flags and all sharing one
// gen.Tally, so that the cap holds over their problems together — a
// worksheet of three lengths shows an idea no more often than a run of
// one length would. The other flags apply to every length. Several
// lengths take --n problems of each; they are not for --indices or
// --shard (the indices are a length's), fairy rules or the realistic
// style.
func severalLengths(fs *flag.FlagSet, o mate1.Options, lengths lengthsValue, method string, maxNodes uint64, filters *filterFlags, sp span, errs []error) ([]genRun, error) {
	if sp.indices > 0 || isSet(fs, "shard") {
		errs = append(errs, fmt.Errorf("--length %v: several lengths take --n problems of each, not --indices or --shard (run one length at a time)", &lengths))
	}
	if *filters.style == "realistic" {
		errs = append(errs, fmt.Errorf("--length %v: several lengths are for the composed and free styles, not realistic (run one length at a time)", &lengths))
	}
	tally := new(gen.Tally)
	var runs []genRun
	for _, n := range lengths {
		g, c, err := mateNGenerator(fs, o, n, method, maxNodes, filters, errs)
		if err == nil {
			err = filters.setVariety(fs, g, sp)
		}
		if err != nil {
			return nil, err
		}
		g.Tally = tally
		if *filters.style == maten.Composed.String() && g.Classes != nil {
			g.Classes, g.RunClasses = worksheetClasses, worksheetLineClasses
		}
		runs = append(runs, genRun{g, c, n})
	}
	return runs, nil
}

// runOrder returns the order in which to make the runs of a generate
// command: with several lengths the longest first (among equals, in the
// order given), one at a time. The runs share a variety cap and worksheet
// classes (severalLengths), so the run made last must differ from every
// problem made before it, and the longest problems cost the most to draw
// again: made first, read 54's worksheet (3,5,7) took 29.4 million
// candidates instead of 59.2 (docs/performance.md). The problems are
// written in the order given all the same; which problems a run makes
// does not depend on that order.
func runOrder(runs []genRun) []int {
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return runs[b].length - runs[a].length })
	return order
}
