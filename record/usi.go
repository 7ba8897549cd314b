package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// ReadSFEN reads a position given as one SFEN ("sfen " in front and the
// word startpos are accepted, as shogi.ParseSFEN accepts them), optionally
// followed by "moves" and USI moves as in ReadUSI. Blank lines and lines
// starting with # are skipped; the text must hold one position only.
func ReadSFEN(data []byte) (*Game, error) { return readUSI(data, FormatSFEN) }

// ReadUSI reads a USI position command: "position startpos moves 7g7f
// 3c3d" or "position sfen SFEN moves …" (the word position may be left
// out, and so may the moves). Every move is checked for legality. Blank
// lines and lines starting with # are skipped; the text must hold one
// command only.
func ReadUSI(data []byte) (*Game, error) { return readUSI(data, FormatUSI) }

func readUSI(data []byte, f Format) (*Game, error) {
	lines, err := splitLines(f, data)
	if err != nil {
		return nil, err
	}
	var g *Game
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" || t[0] == '#' {
			continue
		}
		if g != nil {
			return nil, errorf(f, i+1, "a second position; want one position only")
		}
		g, err = parseUSILine(l, f, i+1)
		if err != nil {
			return nil, err
		}
	}
	if g == nil {
		return nil, errorf(f, 0, "empty input: want an SFEN or a USI position command")
	}
	return g, nil
}

// parseUSILine reads one position line, t. A bad SFEN is reported with
// the rules core's message, its offset counted in t: "bad SFEN (board
// field) at offset 9 ('x'): unknown piece letter 'x'; …".
func parseUSILine(t string, f Format, line int) (*Game, error) {
	fields, first := strings.Fields(t), 0
	if len(fields) > 0 && fields[0] == "position" {
		fields, first = fields[1:], 1
	}
	pos, moves := fields, []string(nil)
	for i, w := range fields {
		if w == "moves" {
			pos, moves = fields[:i], fields[i+1:]
			break
		}
	}
	if len(pos) == 0 {
		return nil, errorf(f, line, "want startpos or an SFEN before the moves")
	}
	p, err := shogi.ParseSFEN(strings.Join(pos, " "))
	if err != nil {
		var se *shogi.SyntaxError
		if !errors.As(err, &se) {
			return nil, &ParseError{Format: f, Line: line, Msg: err.Error(), Err: err}
		}
		// The offsets refer to the joined fields: make them refer to
		// the line.
		c := *se
		c.Input = strings.TrimRight(t, " \t")
		if c.Offset >= 0 {
			c.Offset = lineOffset(t, first, c.Offset)
		}
		return nil, &ParseError{Format: f, Line: line, Msg: c.Message(), Err: &c}
	}
	g := &Game{Format: f, Start: p}
	if len(moves) > 0 {
		if msg := checkPlayable(&p); msg != "" {
			return nil, errorf(f, line, "the start position cannot be played from: %s", msg)
		}
	}
	for i, s := range moves {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			return nil, &ParseError{Format: f, Line: line, Msg: fmt.Sprintf("move %d (%s): %s", i+1, s, moveErrorText(err)), Err: err}
		}
		g.Moves = append(g.Moves, m)
		p.DoMove(m)
	}
	return g, nil
}

// lineOffset maps off, an offset in the fields of t from field first on
// joined by single spaces, to the offset in t.
func lineOffset(t string, first, off int) int {
	var starts []int // where the fields of t begin
	for i := 0; i < len(t); i++ {
		if t[i] != ' ' && t[i] != '\t' && (i == 0 || t[i-1] == ' ' || t[i-1] == '\t') {
			starts = append(starts, i)
		}
	}
	for i := first; i < len(starts); i++ {
		n := strings.IndexAny(t[starts[i]:]+" ", " \t")
		if off <= n {
			return starts[i] + off
		}
		off -= n + 1
	}
	return len(t)
}

// moveErrorText says why a USI move was refused, from the rules core's
// error without its package name.
func moveErrorText(err error) string {
	var ime *shogi.IllegalMoveError
	var se *shogi.SyntaxError
	switch {
	case errors.As(err, &ime):
		return ime.Message()
	case errors.As(err, &se):
		return se.Message()
	}
	return err.Error()
}
