package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// rulesUsage is the help of the --rules flag.
const rulesUsage = "fairy conditions, a `LIST` applied in order: tenjiku (天竺), annan (安南)"

// fairyInput reads the position of in as a position of package variant
// when the flags ask for one: a --sfen with a fairy token ("$" or "("), or
// --rules naming a condition. It returns ok false otherwise, and the
// caller reads a standard position as before.
func fairyInput(e *env, in *positionInput, rules string) (p variant.Position, ok bool, err error) {
	r, err := parseRulesFlag(in.command(), rules)
	if err != nil {
		return p, false, err
	}
	fairySFEN := isSet(in.fs, "sfen") && strings.ContainsAny(in.sfen, "$(")
	if !fairySFEN && r == nil {
		return p, false, nil
	}
	if err := in.check(); err != nil {
		return p, false, err
	}
	if fairySFEN {
		p, err = variant.ParseSFEN(in.sfen)
		if err != nil {
			var se *variant.SFENError
			if errors.As(err, &se) {
				return p, false, &exitError{ExitError, se.Message()}
			}
			return p, false, inputError(err)
		}
	} else {
		_, sp, err := in.load(e)
		if err != nil {
			return p, false, err
		}
		if err := sp.Validate(); err != nil {
			return p, false, inputError(err)
		}
		p = variant.FromShogi(&sp)
	}
	p.SetRules(r)
	if p.IsIllegalPosition() {
		return p, false, &exitError{ExitError, fmt.Sprintf("illegal position: the side not to move (%s) is in check", colorWord(p.SideToMove().Opp()))}
	}
	return p, true, nil
}

func colorWord(c shogi.Color) string {
	if c == shogi.White {
		return "white"
	}
	return "black"
}

// rulesName returns the rules of p as the --rules flag writes them, or
// "standard".
func rulesName(p *variant.Position) string {
	var names []string
	for _, c := range p.Rules().Conditions() {
		names = append(names, c.Name())
	}
	if len(names) == 0 {
		return "standard"
	}
	return strings.Join(names, ",")
}
