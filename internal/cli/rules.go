package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// The rules of a position, for every command that takes one (solve,
// verify, perft, render and their batches): --rules names fairy
// conditions, and a fairy SFEN token ("$" before a royal, a fairy kind in
// parentheses) makes a fairy position without them. A position under
// the standard rules and without fairy pieces is read by package shogi
// and goes to the standard code (the fast solvers, every record format);
// any other by package variant. Each command then has one code path:
// it reads a rulesPosition, and its few steps that differ by rules ask
// the position which it is.

// rulesUsage is the help of the --rules flag.
const rulesUsage = "fairy conditions, a `LIST` applied in order: tenjiku (天竺), annan (安南)"

// addRulesFlag declares --rules on fs, with the one help every command
// gives it.
func addRulesFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", "", rulesUsage)
}

// parseRulesFlag parses the value of a --rules flag of the command self:
// "" or "standard" is the standard rules (nil).
func parseRulesFlag(self, s string) (*variant.Rules, error) {
	if s == "" {
		return nil, nil
	}
	r, err := variant.ParseRules(s)
	if err != nil {
		var re *variant.RulesError
		if errors.As(err, &re) {
			return nil, usageErrorf(self, "bad --rules %q: %q at offset %d: %s", s, re.Name, re.Offset, re.Msg)
		}
		return nil, usageErrorf(self, "bad --rules %q: %v", s, err)
	}
	if len(r.Conditions()) == 0 {
		return nil, nil
	}
	return r, nil
}

// rulesPosition is a position as a command reads it: a standard one, or
// one of package variant (fairy pieces, royals or conditions).
type rulesPosition struct {
	std   shogi.Position
	fairy *variant.Position // nil for a standard position
}

// sfen returns the SFEN of p.
func (p *rulesPosition) sfen() string {
	if p.fairy != nil {
		return p.fairy.SFEN()
	}
	return p.std.SFEN()
}

// isFairySFEN reports whether s has a token only fairy SFEN has.
func isFairySFEN(s string) bool { return strings.ContainsAny(s, "$(") }

// readPosition reads the one position of in under the --rules value
// rules: with the record it comes from (nil for a fairy SFEN). A
// standard position is as in.load returns it, unchecked against the
// rules; a fairy one is legal.
func readPosition(e *env, in *positionInput, rules string) (*record.Game, rulesPosition, error) {
	games, p, err := readPositions(e, in, rules)
	if err == nil && len(games) > 1 {
		_, _, err = in.load(e) // the error of a file of several records
	}
	var g *record.Game
	if len(games) > 0 {
		g = games[0]
	}
	return g, p, err
}

// readPositions is readPosition for a command that also takes a file of
// several records (solve, verify): their records, for a batch, and no
// position then.
func readPositions(e *env, in *positionInput, rules string) ([]*record.Game, rulesPosition, error) {
	r, err := parseRulesFlag(in.command(), rules)
	if err != nil {
		return nil, rulesPosition{}, err
	}
	if isSet(in.fs, "sfen") && isFairySFEN(in.sfen) {
		if err := in.check(); err != nil {
			return nil, rulesPosition{}, err
		}
		p, err := parseFairy(in.sfen, r)
		if err != nil {
			return nil, p, inputError(err)
		}
		return nil, p, nil
	}
	games, err := in.loadGames(e)
	if err != nil || len(games) > 1 {
		return games, rulesPosition{}, err
	}
	sp, err := in.positionOf(games[0])
	if err != nil {
		return nil, rulesPosition{}, err
	}
	p, err := underRules(&sp, r)
	if err != nil {
		return nil, p, inputError(err)
	}
	return games, p, nil
}

// underRules returns sp under the rules r: itself for none, else the
// variant position, which must be legal under r: the standard rules'
// checks but two, which the rules decide — whether the side not to move
// is in check (fairyUnder, with the pieces' powers under r) and, when r
// lifts it (安南), the dead-piece rule.
func underRules(sp *shogi.Position, r *variant.Rules) (rulesPosition, error) {
	if r == nil {
		return rulesPosition{std: *sp}, nil
	}
	if err := validateUnder(sp, r); err != nil {
		return rulesPosition{}, inputError(err)
	}
	return fairyUnder(variant.FromShogi(sp), r)
}

// validateUnder is sp.Validate without the violations the rules r decide
// for themselves (see underRules): nil when none is left, else an
// *shogi.InvalidPositionError of those that are.
func validateUnder(sp *shogi.Position, r *variant.Rules) error {
	err := sp.Validate()
	var ie *shogi.InvalidPositionError
	if !errors.As(err, &ie) {
		return err
	}
	left := &shogi.InvalidPositionError{}
	for _, pr := range ie.Problems {
		if pr.Code == shogi.OpponentInCheck || pr.Code == shogi.DeadPiece && r.LiftsDeadPieces() {
			continue
		}
		left.Problems = append(left.Problems, pr)
	}
	if len(left.Problems) == 0 {
		return nil
	}
	return left
}

// parseFairy reads the fairy SFEN s under the rules r.
func parseFairy(s string, r *variant.Rules) (rulesPosition, error) {
	p, err := variant.ParseSFEN(s)
	if err != nil {
		var se *variant.SFENError
		if errors.As(err, &se) {
			return rulesPosition{}, &exitError{ExitError, se.Message()}
		}
		return rulesPosition{}, inputError(err)
	}
	return fairyUnder(p, r)
}

// fairyUnder returns p under the rules r, which must leave it legal.
func fairyUnder(p variant.Position, r *variant.Rules) (rulesPosition, error) {
	p.SetRules(r)
	if p.IsIllegalPosition() {
		return rulesPosition{}, &illegalFairyError{fmt.Sprintf("illegal position: the side not to move (%s) is in check", colorWord(p.SideToMove().Opp()))}
	}
	return rulesPosition{fairy: &p}, nil
}

// parseLine reads line, one position of a batch, under the rules r: a
// standard SFEN (or USI position command) without rules, else a fairy
// one. Its error's message says why the line is no position.
func parseLine(line string, r *variant.Rules) (rulesPosition, error) {
	if r == nil && !isFairySFEN(line) {
		p, err := shogi.ParseSFEN(line)
		return rulesPosition{std: p}, err
	}
	return parseFairy(line, r)
}

// illegalFairyError reports a fairy position whose side not to move is in
// check: it parsed, but no command takes it.
type illegalFairyError struct{ msg string }

func (e *illegalFairyError) Error() string { return e.msg }

func colorWord(c shogi.Color) string {
	if c == shogi.White {
		return "white"
	}
	return "black"
}

// clone returns a copy of p that moves leave p unchanged in.
func (p *rulesPosition) clone() rulesPosition {
	q := *p
	if p.fairy != nil {
		f := *p.fairy
		q.fairy = &f
	}
	return q
}

// parseMove reads the USI move s, which must be legal in p.
func (p *rulesPosition) parseMove(s string) (shogi.Move, error) {
	if p.fairy != nil {
		return p.fairy.ParseMove(s)
	}
	return p.std.ParseUSIMove(s)
}

// doMove plays m, a legal move of p.
func (p *rulesPosition) doMove(m shogi.Move) {
	if p.fairy != nil {
		p.fairy.DoMove(m)
		return
	}
	p.std.DoMove(m)
}
