package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// maxBatchLine bounds the length of one input line in batch mode; an SFEN
// is a few hundred bytes at most.
const maxBatchLine = 1 << 20

// batchSeparator separates the results of a batch in the human output.
var batchSeparator = strings.Repeat("-", 72)

// batchSource is the input of a batch: standard input (--sfen -) or a
// file (--batch FILE).
type batchSource struct {
	isFile bool
	stdin  io.Reader // read unless isFile
	path   string    // opened if isFile
}

func batchStdin(stdin io.Reader) batchSource { return batchSource{stdin: stdin} }
func batchFile(path string) batchSource      { return batchSource{isFile: true, path: path} }

// batch is a run of verify or solve in batch mode: one SFEN a line in,
// one result a position out.
type batch struct {
	w     *bufio.Writer // the results, flushed after each line
	json  bool          // one JSON object a line, without separators
	total int           // the results started so far
}

func newBatch(stdout io.Writer, json bool) *batch {
	return &batch{w: bufio.NewWriter(stdout), json: json}
}

// run calls each with the number and the text (trimmed) of every line of
// src; blank lines and lines starting with # are skipped. each writes its
// result to b.w, starting it with b.next. The context is checked before
// each line: an interruption ends the batch with the context's error,
// after the results already written. An error of each ends it too. A file
// that cannot be opened or read, or a line longer than maxBatchLine, is
// bad input (exit 2).
func (b *batch) run(ctx context.Context, src batchSource, each func(lineNo int, line string) error) error {
	r, name := src.stdin, "standard input"
	if src.isFile {
		f, err := os.Open(src.path)
		if err != nil {
			return inputError(err)
		}
		defer f.Close()
		r, name = f, src.path
	}
	sc := bufio.NewScanner(r)
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
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		err := each(lineNo, line)
		// Flush each result, so that a pipe sees it at once.
		if ferr := b.w.Flush(); err == nil {
			err = ferr
		}
		if err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return inputError(fmt.Errorf("%s: line %d is longer than %d bytes", name, lineNo+1, maxBatchLine))
		}
		return inputError(fmt.Errorf("reading %s: %w", name, err))
	}
	return nil
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
