package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/record"
)

// maxBatchLine bounds the length of one input line in batch mode; an SFEN
// is a few hundred bytes at most.
const maxBatchLine = 1 << 20

// batchSeparator separates the results of a batch in the human output.
var batchSeparator = strings.Repeat("-", 72)

// batchSource is the input of a batch: standard input (--sfen -), a
// file (--batch FILE), or the records of a file already read (--kif FILE
// etc. with several records).
type batchSource struct {
	isFile bool
	stdin  io.Reader // read unless isFile or games
	path   string    // opened if isFile
	// games are the records of a batch of records, and in the flags that
	// pick the position of each.
	games []*record.Game
	in    *positionInput
}

func batchStdin(stdin io.Reader) batchSource { return batchSource{stdin: stdin} }
func batchFile(path string) batchSource      { return batchSource{isFile: true, path: path} }
func batchGames(games []*record.Game, in *positionInput) batchSource {
	return batchSource{games: games, in: in}
}

// batch is a run of verify or solve in batch mode: one position a line,
// or a file of records, in; one result a position out.
type batch struct {
	w     *bufio.Writer // the results, flushed after each line
	json  bool          // one JSON object a line, without separators
	total int           // the results started so far
}

func newBatch(stdout io.Writer, json bool) *batch {
	return &batch{w: bufio.NewWriter(stdout), json: json}
}

// run calls each with the line number and the SFEN of every position of
// src, and each writes its result to b.w, starting it with b.next.
//
// The input is read as one SFEN (or USI position command) a line, blank
// lines and lines starting with # skipped, each given to each as it is
// (trimmed), so that a line that is not an SFEN is a result of its own;
// a line of bytes that are not text ends the batch as bad input, named
// as --file names it ("the input is not text");
// lines are read as they come, so that a pipe gets each result at once.
// An input whose first line that is not a comment is no SFEN, and which
// holds KIF, KI2 or CSA records, is read whole as records instead (see
// record.ReadRecords; what generate --format kif writes): each record's
// start position goes to each as an SFEN, with the line on which the
// record begins. A record that cannot be read is bad input (exit 2).
//
// The context is checked before each position: an interruption ends the
// batch with the context's error, after the results already written. An
// error of each ends it too. A file that cannot be opened or read, or a
// line longer than maxBatchLine, is bad input (exit 2).
func (b *batch) run(ctx context.Context, src batchSource, each func(lineNo int, line string) error) error {
	if src.games != nil {
		return b.runGames(ctx, src.games, src.in, each)
	}
	r, name := src.stdin, "standard input"
	if src.isFile {
		f, err := os.Open(src.path)
		if err != nil {
			return inputError(err)
		}
		defer f.Close()
		r, name = f, src.path
	}
	br := bufio.NewReader(r)
	head, records, err := sniffBatch(br, name)
	if err != nil {
		return err
	}
	if records {
		data, err := readAllLimited(io.MultiReader(bytes.NewReader(head), br), name)
		if err != nil {
			return err
		}
		if f := record.Detect(data); f == record.FormatKIF || f == record.FormatKI2 || f == record.FormatCSA {
			games, err := record.ReadRecords(data)
			if err != nil {
				return recordError(name, err)
			}
			return b.runGames(ctx, games, nil, each)
		}
		head, br = data, bufio.NewReader(bytes.NewReader(nil))
	}
	sc := bufio.NewScanner(io.MultiReader(bytes.NewReader(head), br))
	sc.Buffer(make([]byte, 0, 4096), maxBatchLine)
	lineNo := 0
	for {
		if err := ctx.Err(); err != nil {
			b.w.Flush() // keep the results already written
			return err
		}
		if !sc.Scan() {
			break
		}
		lineNo++
		raw := sc.Bytes()
		if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] == '#' {
			continue
		}
		line, err := record.Decode(raw)
		if err != nil {
			// Bytes that are not text: the message of --file, not the
			// bytes echoed as a bad SFEN.
			var pe *record.ParseError
			if errors.As(err, &pe) {
				pe.Line = lineNo
			}
			return recordError(name, err)
		}
		line = strings.TrimSpace(line)
		if err := b.one(each, lineNo, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return inputError(fmt.Errorf("%s: line %d is longer than %d bytes", name, lineNo+1, maxBatchLine))
		}
		return readError(name, err)
	}
	return nil
}

// sniffBatch reads br up to its first line that is neither blank nor a
// comment, and returns what it read and whether that line is not an SFEN
// or a USI position command: then the input may be a file of records.
func sniffBatch(br *bufio.Reader, name string) (head []byte, records bool, err error) {
	for len(head) <= maxBatchLine {
		line, err := br.ReadBytes('\n')
		head = append(head, line...)
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			// A line with the eight slashes of an SFEN board is meant as
			// one, even a bad one.
			f := record.Detect(t)
			sfen := f == record.FormatSFEN || f == record.FormatUSI || bytes.Count(t, []byte("/")) >= 8
			return head, !sfen, nil
		}
		if err == io.EOF {
			return head, false, nil
		}
		if err != nil {
			return nil, false, readError(name, err)
		}
	}
	return head, false, nil
}

// runGames calls each with the position of every record of games: the
// position --ply of in picks, or the start position when in is nil.
func (b *batch) runGames(ctx context.Context, games []*record.Game, in *positionInput, each func(lineNo int, line string) error) error {
	for _, g := range games {
		if err := ctx.Err(); err != nil {
			b.w.Flush()
			return err
		}
		p := g.Start
		if in != nil {
			var err error
			if p, err = in.positionOf(g); err != nil {
				return err
			}
		}
		if err := b.one(each, g.Line, p.SFEN()); err != nil {
			return err
		}
	}
	return nil
}

// one calls each for one position and flushes its result, so that a pipe
// sees it at once.
func (b *batch) one(each func(lineNo int, line string) error, lineNo int, line string) error {
	err := each(lineNo, line)
	if ferr := b.w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// next starts a result: in the human output, a separator goes before
// every result but the first.
func (b *batch) next() {
	if !b.json && b.total > 0 {
		b.w.WriteString(batchSeparator + "\n")
	}
	b.total++
}

// summary ends a batch of which good positions of b.total are what (for
// "N of M positions are valid problems"): the summary goes to standard
// error, and a batch with positions that are not is a negative answer
// (exit 1).
func (b *batch) summary(e *env, command string, good int, what string) error {
	summary := fmt.Sprintf("%d of %d positions are %s", good, b.total, what)
	if good < b.total {
		return &exitError{code: ExitNo, msg: summary}
	}
	fmt.Fprintf(e.stderr, "tsume %s: %s\n", command, summary)
	return nil
}
