package cli

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEExamples runs the examples of the README's console blocks
// ("$ tsume …" and the output that follows) and compares their output:
// standard output, and standard error too after a final "2>&1"; a final
// "2>/dev/null" drops it. The solver's timing line is compared without
// its time and speed: its node count, which does not depend on the
// machine, must be the README's.
func TestREADMEExamples(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	type example struct {
		command string
		want    strings.Builder
	}
	var examples []*example
	inBlock := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "```console":
			inBlock = true
		case inBlock && line == "```":
			inBlock = false
		case inBlock && strings.HasPrefix(line, "$ "):
			examples = append(examples, &example{command: strings.TrimPrefix(line, "$ ")})
		case inBlock && len(examples) > 0:
			examples[len(examples)-1].want.WriteString(line + "\n")
		}
	}
	if len(examples) < 3 {
		t.Fatalf("found %d examples in the README", len(examples))
	}
	for _, ex := range examples {
		words, err := shellWords(ex.command)
		if err != nil || len(words) == 0 || words[0] != "tsume" {
			t.Errorf("example %q: not a tsume command line (%v)", ex.command, err)
			continue
		}
		stderrToo := false
		switch last := words[len(words)-1]; last {
		case "2>&1":
			stderrToo, words = true, words[:len(words)-1]
		case "2>/dev/null":
			words = words[:len(words)-1]
		}
		var stdout, stderr bytes.Buffer
		Run(context.Background(), words[1:], nil, &stdout, &stderr)
		got := stdout.String()
		if stderrToo {
			got += stderr.String()
		}
		if normaliseREADME(got) != normaliseREADME(ex.want.String()) {
			t.Errorf("README example %q:\n--- got ---\n%s--- README ---\n%s", ex.command, got, ex.want.String())
		}
	}
}

// shellWords splits a command line as a shell would, for the quoting the
// README uses: words separated by spaces, "…" and '…' quoted.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '"' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, os.ErrInvalid
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// readmeTiming is the machine-dependent part of solve's last line.
var readmeTiming = regexp.MustCompile(`(?m)^(nodes [0-9]+), time [0-9]+\.[0-9]{2}s, [0-9]+ nodes/s$`)

// normaliseREADME replaces the time and speed of solve's last line.
func normaliseREADME(s string) string {
	return readmeTiming.ReplaceAllString(s, "$1, time <T>s, <R> nodes/s")
}
