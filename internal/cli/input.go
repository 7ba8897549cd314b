package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// maxRecordSize bounds the size of a record file: game records are a few
// kilobytes, and the bound keeps a wrong argument such as /dev/zero from
// filling the memory.
const maxRecordSize = 16 << 20

// positionInput is the flag group of every command that takes a position.
// It declares, on the command's flag set:
//
//	--sfen SFEN  the position as an SFEN, "startpos", or a USI command
//	             "position startpos|sfen … [moves …]"
//	--kif FILE   a KIF record (a lone board diagram is one too)
//	--ki2 FILE   a KI2 record
//	--csa FILE   a CSA record
//	--file FILE  a record in any of those formats, or an SFEN or USI
//	             line, its format told from the content
//	--ply N      the position after the first N moves of the record
//	             (default: its start position; for a USI position
//	             command, the position after all its moves, as in USI)
//
// FILE "-" reads standard input. Files may be UTF-8 or Shift_JIS, with LF
// or CRLF line ends (see package record). At most one of the five inputs
// may be given.
//
// Use it in three steps:
//
//	in := addPositionFlags(fs)        // in the command's setup, before parsing
//	in.defaultSFEN = shogi.StartSFEN  // optional: the position when no input flag is given
//	game, pos, err := in.load(e)      // in the run function; return err as it is
//
// load returns the record read (for --sfen, a record of that position and
// the moves of a USI command) and the position the flags mean (see
// plyOf: a record's start, a USI command's end, or --ply); a file of
// several records is bad input for it. A command that takes every record
// of such a file (solve, verify) calls loadGames instead, and positionOf
// for each record, or hands them to a batch (batchGames). Its errors are
// ready to return from a run function: bad usage (two inputs, a negative
// --ply, no input and no default) names the command's help, bad input
// gives exit status 2 with the file name and line, such as
// "problem.kif:12: move 3: ５五金 is not legal: …". load does not check the
// position against the rules: a command that needs a legal position calls
// Validate itself. A command with a batch mode of its own (verify's
// --sfen -) calls in.check() and tests in.sfen == "-" before calling
// load; given() tells whether any input flag was given. A command may
// reword a flag's help with fs.Lookup("sfen").Usage = "…".
type positionInput struct {
	fs                        *flag.FlagSet
	sfen, kif, ki2, csa, file string
	ply                       int
	// defaultSFEN is the position load returns when no input flag is
	// given; when it is empty, load reports bad usage instead.
	defaultSFEN string
}

// addPositionFlags declares the position flags on fs and returns the
// group; see positionInput.
func addPositionFlags(fs *flag.FlagSet) *positionInput {
	in := &positionInput{fs: fs}
	fs.StringVar(&in.sfen, "sfen", "", "the position: an `SFEN` (quoted), startpos, or 'position startpos moves …'")
	fs.StringVar(&in.kif, "kif", "", "a KIF record or board diagram in `FILE` (- for standard input)")
	fs.StringVar(&in.ki2, "ki2", "", "a KI2 record in `FILE` (- for standard input)")
	fs.StringVar(&in.csa, "csa", "", "a CSA record in `FILE` (- for standard input)")
	fs.StringVar(&in.file, "file", "", "a record or SFEN in `FILE`, of any format (- for standard input)")
	fs.IntVar(&in.ply, "ply", 0, "the position after `N` moves (default: a record's start, a USI command's end)")
	return in
}

// command returns the name of the command the flags belong to.
func (in *positionInput) command() string {
	return strings.TrimPrefix(in.fs.Name(), "tsume ")
}

// given reports whether one of the input flags (--sfen, --kif, --ki2,
// --csa, --file) was given.
func (in *positionInput) given() bool { return len(in.names()) > 0 }

// names returns the input flags given, as "--kif".
func (in *positionInput) names() []string {
	var names []string
	for _, name := range [...]string{"sfen", "kif", "ki2", "csa", "file"} {
		if isSet(in.fs, name) {
			names = append(names, "--"+name)
		}
	}
	return names
}

// check reports bad usage of the flags: more than one input, or a
// negative --ply. load calls it; a command that reads --sfen - itself
// calls it first.
func (in *positionInput) check() error {
	self := in.command()
	if names := in.names(); len(names) > 1 {
		return usageErrorf(self, "give one position, not %s", strings.Join(names, " and "))
	}
	if in.ply < 0 {
		return usageErrorf(self, "bad --ply %d: want 0 or more", in.ply)
	}
	return nil
}

// load reads the position the flags name; see positionInput. A file of
// several records is bad input: the command takes one position.
func (in *positionInput) load(e *env) (*record.Game, shogi.Position, error) {
	games, err := in.loadGames(e)
	if err != nil {
		return nil, shogi.Position{}, err
	}
	if len(games) > 1 {
		return nil, shogi.Position{}, &exitError{ExitError, fmt.Sprintf("%s holds %d records; %s takes one position (solve and verify take every record of a file)",
			in.fileName(), len(games), in.command())}
	}
	p, err := in.positionOf(games[0])
	if err != nil {
		return nil, shogi.Position{}, err
	}
	return games[0], p, nil
}

// loadGames reads the records the flags name: one, or every record of a
// file of several (see record.ReadRecords).
func (in *positionInput) loadGames(e *env) ([]*record.Game, error) {
	self := in.command()
	if err := in.check(); err != nil {
		return nil, err
	}
	var gs []*record.Game
	var err error
	switch {
	case isSet(in.fs, "kif"):
		gs, err = in.readFile(e, in.kif, record.ReadKIF)
	case isSet(in.fs, "ki2"):
		gs, err = in.readFile(e, in.ki2, record.ReadKI2)
	case isSet(in.fs, "csa"):
		gs, err = in.readFile(e, in.csa, record.ReadCSA)
	case isSet(in.fs, "file"):
		gs, err = in.readFile(e, in.file, record.ReadAny)
	default:
		text := in.defaultSFEN
		if isSet(in.fs, "sfen") {
			text = in.sfen
		} else if text == "" {
			return nil, usageErrorf(self, "want a position: --sfen SFEN, --kif FILE, --ki2 FILE, --csa FILE or --file FILE")
		}
		var g *record.Game
		g, err = readSFENFlag(e, text)
		gs = []*record.Game{g}
	}
	if err != nil {
		return nil, err
	}
	return gs, nil
}

// fileName names the file of the input flags, for messages.
func (in *positionInput) fileName() string {
	for _, name := range [...]string{in.kif, in.ki2, in.csa, in.file} {
		if name == "-" {
			return "standard input"
		} else if name != "" {
			return name
		}
	}
	return "the input"
}

// plyOf returns the number of moves of g to play: --ply if given, else
// all the moves of a USI position command (the position it means, as in
// USI) and none of a game record (its start position, the problem).
func (in *positionInput) plyOf(g *record.Game) int {
	if !isSet(in.fs, "ply") && (g.Format == record.FormatUSI || g.Format == record.FormatSFEN) {
		return len(g.Moves)
	}
	return in.ply
}

// positionOf returns the position of g that the flags ask for (see plyOf).
func (in *positionInput) positionOf(g *record.Game) (shogi.Position, error) {
	ply := in.plyOf(g)
	if ply > len(g.Moves) {
		return shogi.Position{}, &exitError{ExitError, fmt.Sprintf("bad --ply %d: the record has %d move%s", ply, len(g.Moves), plural(len(g.Moves)))}
	}
	p, err := g.PositionAt(ply)
	if err != nil {
		return shogi.Position{}, inputError(err)
	}
	return p, nil
}

// readSFENFlag reads the text of --sfen: an SFEN, startpos, or a USI
// position command, read as record.ReadSFEN and record.ReadUSI read a
// line of a file (--file, the web API), so that a bad SFEN gets the same
// message wherever it arrives: "bad SFEN (board field) at offset 9
// ('x'): …", the offset counted in the flag's text. Other faults, such as
// an illegal move of a USI command, start with "--sfen: ". Text with
// moves or the word position is read as a USI command.
func readSFENFlag(e *env, text string) (*record.Game, error) {
	if text == "-" {
		data, err := readAllLimited(e.stdin, "standard input")
		if err != nil {
			return nil, err
		}
		g, err := record.ReadAny(data)
		if err != nil {
			return nil, recordError("standard input", err)
		}
		return g, nil
	}
	read := record.ReadSFEN
	if fields := strings.Fields(text); len(fields) > 0 && (fields[0] == "position" || hasWord(fields, "moves")) {
		read = record.ReadUSI
	}
	g, err := read([]byte(text))
	if err != nil {
		var pe *record.ParseError
		var se *shogi.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, inputError(se) // it says where in the text the fault is
		case errors.As(err, &pe):
			// The text is one line: its number says nothing.
			return nil, &exitError{ExitError, "--sfen: " + pe.Msg}
		}
		return nil, inputError(err)
	}
	return g, nil
}

// readFile reads the records in the file name ("-" for standard input):
// with read, whose errors are reported as they are, and, when the file
// holds several records, every one of them (record.ReadRecords).
func (in *positionInput) readFile(e *env, name string, read func([]byte) (*record.Game, error)) ([]*record.Game, error) {
	var data []byte
	var err error
	label := name
	if name == "-" {
		label = "standard input"
		data, err = readAllLimited(e.stdin, label)
	} else {
		var f *os.File
		f, err = os.Open(name)
		if err != nil {
			return nil, inputError(err)
		}
		defer f.Close()
		data, err = readAllLimited(f, name)
	}
	if err != nil {
		return nil, err
	}
	g, err := read(data)
	// A file of several records, one SFEN a line included, is read whole;
	// with --file, whose one-record reader takes no second SFEN line, too.
	if gs, rerr := record.ReadRecords(data); rerr == nil && len(gs) > 1 && (err == nil || isSet(in.fs, "file")) {
		return gs, nil
	}
	if err != nil {
		return nil, recordError(label, err)
	}
	return []*record.Game{g}, nil
}

// readAllLimited reads r up to maxRecordSize bytes.
func readAllLimited(r io.Reader, name string) ([]byte, error) {
	if r == nil {
		r = strings.NewReader("")
	}
	data, err := io.ReadAll(io.LimitReader(r, maxRecordSize+1))
	if err != nil {
		return nil, readError(name, err)
	}
	if len(data) > maxRecordSize {
		return nil, inputError(fmt.Errorf("%s is larger than %d MiB; want a game record", name, maxRecordSize>>20))
	}
	return data, nil
}

// readError reports an error reading the input name as bad input:
// "reading NAME: …", or the error alone when it names the file already
// ("read f: is a directory", not "reading f: read f: is a directory").
func readError(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return inputError(err)
	}
	return inputError(fmt.Errorf("reading %s: %w", name, err))
}

// recordError turns a reader's error into bad input naming the file and
// the line: "problem.kif:12: …".
func recordError(name string, err error) error {
	var pe *record.ParseError
	if errors.As(err, &pe) {
		msg := name + ": " + pe.Msg
		if pe.Line > 0 {
			msg = fmt.Sprintf("%s:%d: %s", name, pe.Line, pe.Msg)
		}
		if pe.Format != record.FormatUnknown {
			msg += " (reading " + pe.Format.String() + ")"
		}
		return &exitError{ExitError, msg}
	}
	return &exitError{ExitError, name + ": " + message(err)}
}

func hasWord(fields []string, w string) bool {
	for _, f := range fields {
		if f == w {
			return true
		}
	}
	return false
}
