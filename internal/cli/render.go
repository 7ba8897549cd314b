package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// renderFormats are the output formats of render, in the order the help
// lists them.
var renderFormats = []string{"text", "bod", "svg", "sfen", "kif", "ki2", "csa"}

func renderCommand() *command {
	return &command{
		name:    "render",
		summary: "draw a position (text, SVG) or convert it (BOD, SFEN, KIF, KI2, CSA)",
		args:    "[--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N]] [--format text|bod|svg|sfen|kif|ki2|csa] [--moves \"G*5b …\"] [--highlight 5b | --move G*5b] [--title T] [--svg-text] [--out FILE] [--rules tenjiku,annan]",
		help: `
Render writes a position, after --moves and --move if given, as text (a
board for terminals, the default), bod (the KIF board diagram), svg (a
picture), sfen, or a record: kif, ki2 or csa, holding the moves of
--moves and --move, or else the input record's own moves and headers,
so that a record is converted whole. The conversion is faithful: no
tsume convention is applied, and an illegal position is refused. A fairy
position is drawn in text, bod, svg and sfen.

Exit status: 0 done, 2 bad usage, a bad SFEN or record, an illegal
position, or an illegal move (the message names it and says why).

More, with each format: docs/cli.md#render, docs/rendering.md.`,
		setup: setupRender,
	}
}

// renderRequest is what the flags of render ask for.
type renderRequest struct {
	format, moves, move, highlight, title, out string
	svgText                                    bool // the svg picture's characters as text
}

func setupRender(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	var r renderRequest
	in := addPositionFlags(fs)
	in.defaultSFEN = "startpos"
	fs.StringVar(&r.format, "format", "text", "the output `format`: "+strings.Join(renderFormats, ", "))
	fs.StringVar(&r.moves, "moves", "", "play these USI `MOVES` first, separated by spaces (quote them)")
	fs.StringVar(&r.move, "move", "", "play the USI move `M` last and mark it on the svg picture")
	fs.StringVar(&r.highlight, "highlight", "", "mark these `SQUARES` on the svg picture, such as 5b or \"5b 4c\"")
	fs.StringVar(&r.title, "title", "", "a title `T` for the svg picture, the text board or the record")
	fs.StringVar(&r.out, "out", "", "write to `FILE` instead of standard output")
	fs.BoolVar(&r.svgText, "svg-text", false, "draw the svg picture's characters as text in the installed fonts, not as outlines")
	rules := addRulesFlag(fs)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "render"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q: render takes only flags, and an SFEN or a list of moves must be quoted", args[0])
		}
		if err := r.check(); err != nil {
			return usageErrorf(self, "%s", err)
		}
		g, p, err := readPosition(e, in, *rules)
		if err != nil {
			return err
		}
		if p.fairy == nil {
			if err := p.std.Validate(); err != nil {
				return inputError(err)
			}
		}
		ply := 0
		if g != nil {
			ply = in.plyOf(g)
		}
		out, err := r.render(&p, g, ply)
		if err != nil {
			return err
		}
		if r.out != "" {
			if err := os.WriteFile(r.out, out, 0o644); err != nil {
				return inputError(err)
			}
			return nil
		}
		_, err = e.stdout.Write(out)
		return err
	}
}

// check refuses combinations of flags that cannot be honoured.
func (r *renderRequest) check() error {
	known := false
	for _, f := range renderFormats {
		known = known || f == r.format
	}
	switch {
	case !known:
		return fmt.Errorf("unknown format %q: want %s", r.format, strings.Join(renderFormats, ", "))
	case r.highlight != "" && r.move != "":
		return errors.New("want either --highlight or --move, not both")
	case r.highlight != "" && r.format != "svg":
		return fmt.Errorf("--highlight marks squares of the svg picture; format %s has none", r.format)
	case r.svgText && r.format != "svg":
		return fmt.Errorf("--svg-text is for the svg picture; format %s has none", r.format)
	case r.title != "" && (r.format == "bod" || r.format == "sfen"):
		return fmt.Errorf("--title is for the svg, text and record formats; format %s has no title", r.format)
	}
	return nil
}

// play reads the USI moves of list from q on, playing each. Messages
// name the flag, and for --moves the move's place in the list.
func play(q *rulesPosition, list []string, flagName string) ([]shogi.Move, error) {
	var moves []shogi.Move
	for i, s := range list {
		m, err := q.parseMove(s)
		if err != nil {
			where := flagName
			if flagName == "--moves" {
				where = fmt.Sprintf("%s: move %d", flagName, i+1)
			}
			var ill *shogi.IllegalMoveError
			var me *variant.MoveError
			switch {
			case errors.As(err, &ill):
				return nil, &exitError{ExitError, fmt.Sprintf("%s: %s", where, message(err))}
			case errors.As(err, &me):
				return nil, &exitError{ExitError, fmt.Sprintf("%s (%q): %s", where, s, me.Msg)}
			}
			return nil, &exitError{ExitError, fmt.Sprintf("%s (%q): %s", where, s, message(err))}
		}
		q.doMove(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// render plays the moves from p, the position after the first ply moves
// of the input record g (nil for a fairy SFEN), and returns the output.
// A fairy position is drawn (text, bod, svg) or written as SFEN; the
// record formats hold standard positions only.
func (r *renderRequest) render(p *rulesPosition, g *record.Game, ply int) ([]byte, error) {
	switch r.format {
	case "text", "bod", "svg", "sfen":
	default:
		if p.fairy != nil {
			return nil, &exitError{ExitError, fmt.Sprintf("format %s cannot hold a fairy position: use text, bod, svg or sfen", r.format)}
		}
	}
	q := p.clone()
	moves, err := play(&q, strings.Fields(r.moves), "--moves")
	if err != nil {
		return nil, err
	}
	last := shogi.NoMove
	if r.move != "" {
		m, err := play(&q, []string{strings.TrimSpace(r.move)}, "--move")
		if err != nil {
			return nil, err
		}
		last = m[0]
		moves = append(moves, last)
	}
	var marks []shogi.Square
	for _, s := range strings.FieldsFunc(r.highlight, func(c rune) bool { return c == ' ' || c == ',' }) {
		sq, err := shogi.ParseSquare(s)
		if err != nil {
			return nil, &exitError{ExitError, fmt.Sprintf("--highlight %q: %s", s, message(err))}
		}
		marks = append(marks, sq)
	}

	svgOpt := render.SVGOptions{Title: r.title, Highlight: last, Squares: marks, TextGlyphs: r.svgText}
	switch f := q.fairy; {
	case r.format == "text":
		var s string
		if f != nil {
			s = render.FairyText(f)
			if name := report.RulesName(f.Rules()); name != "standard" {
				s += "Rules: " + name + "\n"
			}
		} else {
			s = render.Text(&q.std)
		}
		if r.title != "" {
			s = r.title + "\n" + s
		}
		return []byte(s), nil
	case r.format == "bod" && f != nil:
		return []byte(render.FairyBOD(f)), nil
	case r.format == "bod":
		return []byte(record.BOD(&q.std)), nil
	case r.format == "svg" && f != nil:
		return render.FairySVG(f, svgOpt), nil
	case r.format == "svg":
		return render.SVG(&q.std, svgOpt), nil
	case r.format == "sfen":
		return []byte(q.sfen() + "\n"), nil
	}
	// The record formats: the position and the moves played from it, or
	// the rest of the input record; its headers, with the title.
	if r.moves == "" && r.move == "" && ply <= len(g.Moves) {
		moves = g.Moves[ply:]
	}
	var headers []record.KIFHeader
	for _, h := range g.Headers {
		if h.Key != "表題" || r.title == "" {
			headers = append(headers, h)
		}
	}
	if r.title != "" {
		headers = append([]record.KIFHeader{{Key: "表題", Value: r.title}}, headers...)
	}
	write := record.KIF
	switch r.format {
	case "ki2":
		write = record.KI2
	case "csa":
		write = record.CSA
	}
	s, err := write(&p.std, moves, headers, true)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}
