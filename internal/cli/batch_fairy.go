package cli

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/variant"
)

// fairyBatchPosition reads line, one position of a fairy batch, under
// rules: the position, or why it is none.
func fairyBatchPosition(line string, rules *variant.Rules) (p variant.Position, msg string) {
	p, err := variant.ParseSFEN(line)
	if err != nil {
		var p0 variant.Position
		p0.SetRules(rules)
		var se *variant.SFENError
		if errors.As(err, &se) {
			return p0, se.Message()
		}
		return p0, message(err)
	}
	p.SetRules(rules)
	if p.IsIllegalPosition() {
		return p, fmt.Sprintf("illegal position: the side not to move (%s) is in check", colorWord(p.SideToMove().Opp()))
	}
	return p, ""
}

// writeBatchError writes the text result of a batch line that cannot be
// judged.
func writeBatchError(w *bufio.Writer, lineNo int, line, msg string) {
	fmt.Fprintf(w, "line %d\ninput: %s\n\nstatus: error\n  - %s\n", lineNo, line, msg)
}

// handOf returns fairymate's defender's hand rule for mate's.
func handOf(h mate.DefenderHand) fairymate.DefenderHand {
	if h == mate.AsGiven {
		return fairymate.AsGiven
	}
	return fairymate.Remaining
}

// fairyRecords returns the records of in when --rules is given (rules, not
// "") with a record file (--kif, --ki2, --csa or --file) of several
// records: the caller runs them as a fairy batch. It returns nil for any
// other input, which the caller reads as one position.
func fairyRecords(e *env, in *positionInput, rules string) ([]*record.Game, error) {
	if rules == "" || !in.given() || isSet(in.fs, "sfen") {
		return nil, nil
	}
	games, err := in.loadGames(e)
	if err != nil || len(games) < 2 {
		return nil, err
	}
	return games, nil
}
