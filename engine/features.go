package engine

import (
	"fmt"
	"strings"
)

// Features changes the search for measurement: each field switches one
// feature off (or, for AllCheckExt, widens it). The zero value is the
// search as documented in docs/engine.md; self-play matches play it
// against variants to decide what each feature is worth.
type Features struct {
	NoNull       bool // no null-move pruning
	NoLMR        bool // no late-move reductions
	NoCheckExt   bool // no check extension
	AllCheckExt  bool // extend every check, not only those that keep material by SEE
	NoAspiration bool // full windows at every iteration
	NoTable      bool // no transposition table
	NoDelta      bool // no delta pruning in the quiescence search
}

// featureNames are the names ParseFeatures and Features.String use.
var featureNames = [...]string{"no-null", "no-lmr", "no-check-ext", "all-check-ext", "no-aspiration", "no-table", "no-delta"}

// fields returns pointers to f's fields in the order of featureNames.
func (f *Features) fields() [len(featureNames)]*bool {
	return [...]*bool{&f.NoNull, &f.NoLMR, &f.NoCheckExt, &f.AllCheckExt, &f.NoAspiration, &f.NoTable, &f.NoDelta}
}

// String returns the names of the features set, separated by commas, as
// ParseFeatures reads them; "" for the default search.
func (f Features) String() string {
	var names []string
	for i, p := range f.fields() {
		if *p {
			names = append(names, featureNames[i])
		}
	}
	return strings.Join(names, ",")
}

// ParseFeatures reads a list of feature names separated by commas
// (spaces allowed): no-null, no-lmr, no-check-ext, all-check-ext,
// no-aspiration, no-table, no-delta. The empty string is the default
// search.
func ParseFeatures(s string) (Features, error) {
	var f Features
	fields := f.fields()
	for item := range strings.SplitSeq(s, ",") {
		name := strings.ToLower(strings.TrimSpace(item))
		if name == "" {
			continue
		}
		i := 0
		for i < len(featureNames) && featureNames[i] != name {
			i++
		}
		if i == len(featureNames) {
			return Features{}, fmt.Errorf("engine: unknown search feature %q: want one of %s", name, strings.Join(featureNames[:], ", "))
		}
		*fields[i] = true
	}
	if f.NoCheckExt && f.AllCheckExt {
		return Features{}, fmt.Errorf("engine: search features no-check-ext and all-check-ext contradict each other")
	}
	return f, nil
}

// SetFeatures changes the search's features from the next search on.
func (s *Searcher) SetFeatures(f Features) { s.f = f }

// Features returns the search's features.
func (s *Searcher) Features() Features { return s.f }
