package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// rulesUsage is the help of the --rules flag.
const rulesUsage = "fairy conditions: a comma-separated `LIST` of tenjiku (天竺) and annan (安南), applied in the order given (default: standard rules)"

// fairyHelp is the part of a command's help on fairy positions.
const fairyHelp = `

Fairy positions (docs/fairy.md): --sfen also takes a fairy SFEN, with $
before a royal piece ($B a royal bishop) and the fairy kinds in
parentheses, upper case for Black ((GH) the grasshopper, (LI) the lion),
and --rules tenjiku,annan plays any position under those conditions. A
fairy SFEN is read from --sfen only; with --rules the other inputs give a
standard board that is then played under the rules.`

// fairyInput reads the position of in as a position of package variant
// when the flags ask for one: a --sfen with a fairy token ("$" or "("), or
// --rules naming a condition. It returns ok false otherwise, and the
// caller reads a standard position as before.
func fairyInput(e *env, in *positionInput, rules string) (p variant.Position, ok bool, err error) {
	r, err := variant.ParseRules(rules)
	if err != nil {
		var re *variant.RulesError
		if errors.As(err, &re) {
			return p, false, usageErrorf(in.command(), "bad --rules %q: %s", rules, strings.TrimPrefix(re.Error(), "variant: "))
		}
		return p, false, usageErrorf(in.command(), "bad --rules %q: %v", rules, err)
	}
	fairySFEN := isSet(in.fs, "sfen") && strings.ContainsAny(in.sfen, "$(")
	if !fairySFEN && len(r.Conditions()) == 0 {
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

// runFairyPerft is runPerft for a position of package variant: the
// divide lines in USI sorted by their text, then the total.
func runFairyPerft(ctx context.Context, e *env, p *variant.Position, depth int, divide bool) error {
	type entry struct {
		usi   string
		nodes uint64
	}
	start := time.Now()
	var entries []entry
	var total uint64
	if divide {
		for _, m := range p.LegalMoves(nil) {
			q := *p
			q.DoMove(m)
			n, err := variant.Perft(ctx, &q, depth-1)
			if err != nil {
				return err
			}
			entries = append(entries, entry{variant.MoveString(m), n})
			total += n
		}
	} else {
		n, err := variant.Perft(ctx, p, depth)
		if err != nil {
			return err
		}
		total = n
	}
	elapsed := time.Since(start)
	w := bufio.NewWriter(e.stdout)
	if divide {
		// Plain byte order, as the spec sorts move lists.
		for i := 1; i < len(entries); i++ {
			for j := i; j > 0 && entries[j].usi < entries[j-1].usi; j-- {
				entries[j], entries[j-1] = entries[j-1], entries[j]
			}
		}
		for _, en := range entries {
			fmt.Fprintf(w, "%s: %d\n", en.usi, en.nodes)
		}
		w.WriteString("\n")
	}
	fmt.Fprintf(w, "nodes %d\n", total)
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "time %.2fs, %.1f M nodes/s\n", elapsed.Seconds(), float64(total)/max(elapsed.Seconds(), 1e-9)/1e6)
	return nil
}

// renderFairy is render for a position of package variant: the text and
// svg diagrams and the SFEN (the other formats cannot hold fairy pieces).
func (r *renderRequest) renderFairy(e *env, p *variant.Position) error {
	switch r.format {
	case "text", "svg", "sfen":
	default:
		return &exitError{ExitError, fmt.Sprintf("format %s cannot hold a fairy position: use text, svg or sfen", r.format)}
	}
	q := *p
	playAll := func(list []string, flagName string) (shogi.Move, error) {
		last := shogi.NoMove
		for i, s := range list {
			m, err := q.ParseMove(s)
			if err != nil {
				where := flagName
				if flagName == "--moves" {
					where = fmt.Sprintf("%s: move %d", flagName, i+1)
				}
				var me *variant.MoveError
				if errors.As(err, &me) {
					return last, &exitError{ExitError, fmt.Sprintf("%s (%q): %s", where, s, me.Msg)}
				}
				return last, &exitError{ExitError, fmt.Sprintf("%s (%q): %v", where, s, err)}
			}
			q.DoMove(m)
			last = m
		}
		return last, nil
	}
	if _, err := playAll(strings.Fields(r.moves), "--moves"); err != nil {
		return err
	}
	last := shogi.NoMove
	if r.move != "" {
		m, err := playAll([]string{strings.TrimSpace(r.move)}, "--move")
		if err != nil {
			return err
		}
		last = m
	}
	var marks []shogi.Square
	for _, s := range strings.FieldsFunc(r.highlight, func(c rune) bool { return c == ' ' || c == ',' }) {
		sq, err := shogi.ParseSquare(s)
		if err != nil {
			return &exitError{ExitError, fmt.Sprintf("--highlight %q: %s", s, message(err))}
		}
		marks = append(marks, sq)
	}
	var out []byte
	switch r.format {
	case "text":
		s := render.FairyText(&q)
		if name := rulesName(&q); name != "standard" {
			s += "Rules: " + name + "\n"
		}
		if r.title != "" {
			s = r.title + "\n" + s
		}
		out = []byte(s)
	case "svg":
		out = render.FairySVG(&q, render.SVGOptions{Title: r.title, Highlight: last, Squares: marks})
	case "sfen":
		out = []byte(q.SFEN() + "\n")
	}
	if r.out != "" {
		if err := os.WriteFile(r.out, out, 0o644); err != nil {
			return inputError(err)
		}
		return nil
	}
	_, err := e.stdout.Write(out)
	return err
}
