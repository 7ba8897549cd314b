package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// renderFairy is render for a position of package variant: the text and
// svg diagrams and the SFEN (the other formats cannot hold fairy pieces).
func (r *renderRequest) renderFairy(e *env, p *variant.Position) error {
	switch r.format {
	case "text", "bod", "svg", "sfen":
	default:
		return &exitError{ExitError, fmt.Sprintf("format %s cannot hold a fairy position: use text, bod, svg or sfen", r.format)}
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
	case "bod":
		out = []byte(render.FairyBOD(&q))
	case "svg":
		out = render.FairySVG(&q, render.SVGOptions{Title: r.title, Highlight: last, Squares: marks, TextGlyphs: r.svgText})
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
