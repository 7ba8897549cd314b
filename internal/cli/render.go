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
	"github.com/tsume-shogi/tsume/shogi"
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
Render writes a position as a picture or in another format:

  text  a compact plain-text board for terminals: SFEN letters, upper
        case for Black and lower case for White, + for a promoted piece,
        files 9 to 1 from left to right, each rank ending with its letter
        and kanji (a 一 … i 九), White's hand above and Black's below, and
        the side to move (the default)
  bod   the KIF board diagram (後手の持駒：…, the framed board with White's
        pieces marked v, 先手の持駒：…, 後手番 when White is to move)
  svg   a scalable picture (SVG 1.1): the board with its star points,
        kanji pieces with White's turned round, both hands with kanji
        counts, file and rank labels, the optional title and highlighted
        squares; its characters are drawn as outlines, so that it looks
        the same on every machine, fonts or none (--svg-text writes them
        as text instead, shown in whatever Japanese font is installed)
  sfen  one SFEN line
  kif   a KIF record: the start position (手合割：平手, or the board
        diagram), then the moves of --moves and --move, numbered, with
        まで N手で詰み when the last move mates
  ki2   a KI2 record: the same start, the moves in the notation of books
        (▲７六歩 △同　銀 ▲５八金左), まで N手で詰み after a mate
  csa   a CSA record (V2.2): the board as P1–P9 rows, the hands as P+ and
        P- lines, + or - to move, moves such as +7776FU or +0052KI, and
        %TSUMI after a mate

The position is the initial position unless --sfen gives one (an SFEN,
or a USI command "position startpos moves 7g7f …") or a record file
does: --kif, --ki2 or --csa name the format, --file tells it from the
content. The record's start position is used, or with --ply N the
position after its first N moves.

--moves plays USI moves (such as "7g7f 3c3d" or "G*5b") from the position
in turn; each must be legal where it is played. The picture and position
formats (text, bod, svg, sfen) show the position after the moves. The
record formats (kif, ki2, csa) start from the position and hold the moves
of --moves and --move; without them, they hold the input record's own
moves after the position, so that a record is converted whole, and they
keep its header lines (players, event, …; not its comments).

--move M plays one more move after --moves, as the last move, and the
svg picture marks it: its destination and, for a board move, its origin.
--highlight marks squares of the svg picture instead (such as 5b or
"5b 4c"). --title puts a title line on the svg picture and the text
board, and a 表題 header in a kif or ki2 record (a comment line
"'表題：…" in csa), replacing the input record's.

The conversion is faithful: the board, both hands and the side to move
come out as they went in; no tsume convention is applied. The position
must be legal, as for every command (no more pieces than the set holds,
one king a side at most, no 二歩, no piece that can never move, the side
not to move not in check): an illegal one is refused.

A fairy position is drawn in the text, bod, svg and sfen formats only.
Its bod diagram names the fairy kinds グ (grasshopper) and 獅 (lion) and
adds a line 異王： listing the royals other than kings by square
(▲９九角), and a line 条件： with the rules. The
text board writes the fairy SFEN tokens in wider cells ($B a royal
bishop, (GH) the grasshopper, (LI) the lion) and adds a line naming the
fairy kinds and the royal mark, and one with the rules; the svg picture
writes グ for the grasshopper and 獅 for the lion and rings a royal piece
other than a king in blue.

Output goes to standard output, or to FILE with --out.

Exit status: 0 done, 2 bad usage, a bad SFEN or record (the message
names the line), an illegal position, or an illegal move (the message
names the move and says why).` + fairyHelp,
		setup: setupRender,
	}
}

// renderRequest is what the flags of render ask for.
type renderRequest struct {
	format, moves, move, highlight, title, out string
	rules                                      string // the fairy conditions (fairy.go)
	svgText                                    bool   // the svg picture's characters as text
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
	fs.StringVar(&r.rules, "rules", "", rulesUsage)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "render"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q: render takes only flags, and an SFEN or a list of moves must be quoted", args[0])
		}
		if err := r.check(); err != nil {
			return usageErrorf(self, "%s", err)
		}
		if vp, ok, err := fairyInput(e, in, r.rules); err != nil || ok {
			if err != nil {
				return err
			}
			return r.renderFairy(e, &vp)
		}
		g, p, err := in.load(e)
		if err != nil {
			return err
		}
		if err := p.Validate(); err != nil {
			return inputError(err)
		}
		out, err := r.render(&p, g, in.plyOf(g))
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
func play(q *shogi.Position, list []string, flagName string) ([]shogi.Move, error) {
	var moves []shogi.Move
	for i, s := range list {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			where := flagName
			if flagName == "--moves" {
				where = fmt.Sprintf("%s: move %d", flagName, i+1)
			}
			var ill *shogi.IllegalMoveError
			if errors.As(err, &ill) {
				return nil, &exitError{ExitError, fmt.Sprintf("%s: %s", where, message(err))}
			}
			return nil, &exitError{ExitError, fmt.Sprintf("%s (%q): %s", where, s, message(err))}
		}
		q.DoMove(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// render plays the moves from p, the position after the first ply moves
// of the input record g, and returns the output.
func (r *renderRequest) render(p *shogi.Position, g *record.Game, ply int) ([]byte, error) {
	q := *p
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

	switch r.format {
	case "text":
		s := render.Text(&q)
		if r.title != "" {
			s = r.title + "\n" + s
		}
		return []byte(s), nil
	case "bod":
		return []byte(record.BOD(&q)), nil
	case "svg":
		return render.SVG(&q, render.SVGOptions{Title: r.title, Highlight: last, Squares: marks, TextGlyphs: r.svgText}), nil
	case "sfen":
		return []byte(q.SFEN() + "\n"), nil
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
	s, err := write(p, moves, headers, true)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}
