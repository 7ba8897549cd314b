// Package cli implements the tsume command: the dispatch to subcommands,
// their flags, their output and their exit statuses. cmd/tsume only wires it
// to the process (arguments, standard streams, signals, exit).
//
// A subcommand lives in a file of its own with a constructor returning its
// [command]; commandList names them all. There is no registry filled by
// init functions: each Run builds the list afresh.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit statuses of Run.
const (
	ExitOK          = 0   // success (for a question: yes)
	ExitNo          = 1   // a negative answer, such as "this is not a mate" (reserved for such commands)
	ExitError       = 2   // bad usage, bad input or another failure
	ExitInterrupted = 130 // the context was cancelled (SIGINT or SIGTERM), as a shell reports 128+SIGINT
)

// command is one subcommand of tsume.
type command struct {
	name    string        // as typed: "perft"
	summary string        // one line for 'tsume help', no final full stop
	args    string        // the synopsis after "tsume NAME": "[--sfen SFEN] --depth N"
	help    string        // what the command does, its exit statuses and where docs/ says more, shown by 'tsume help NAME' (at most a screen with the flags: see helpLines)
	more    func() string // if set, help computed when shown (usi: the engine's options)
	// setup defines the command's flags on fs and returns the function that
	// runs the command once fs has parsed the arguments; run gets the
	// positional arguments left over.
	setup func(fs *flag.FlagSet) (run func(ctx context.Context, env *env, args []string) error)
}

// env is what a command may use of the outside world, and the command set.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	commands       map[string]*command
}

// commandList returns every subcommand of tsume.
func commandList() []*command {
	return []*command{helpCommand(), perftCommand(), generateCommand(), bankCommand(), verifyCommand(), renderCommand(), solveCommand(), usiCommand(), serveCommand(), matchCommand(), selfplayCommand(), mineCommand(), benchCommand(), analyzeCommand(), versionCommand()}
}

// commandSet returns the subcommands by name.
func commandSet() map[string]*command {
	set := make(map[string]*command)
	for _, c := range commandList() {
		set[c.name] = c
	}
	return set
}

// sortedCommands returns the commands of set sorted by name.
func sortedCommands(set map[string]*command) []*command {
	out := make([]*command, 0, len(set))
	for _, c := range set {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// Run runs tsume with the command-line arguments args (without the program
// name) and returns the exit status. Results go to stdout, diagnostics and
// timings to stderr. Cancelling ctx stops a long computation; Run then
// reports "interrupted" and returns ExitInterrupted.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, commands: commandSet()}

	top := flag.NewFlagSet("tsume", flag.ContinueOnError)
	top.SetOutput(io.Discard)
	if err := top.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeMainHelp(stdout, e.commands)
			return ExitOK
		}
		fmt.Fprintf(stderr, "tsume: %v (run 'tsume help' for usage)\n", err)
		return ExitError
	}
	args = top.Args()
	if len(args) == 0 {
		// No command: show what there is, but as an error, so that a
		// script that lost its arguments does not look successful.
		writeMainHelp(stderr, e.commands)
		return ExitError
	}
	c := e.commands[args[0]]
	if c == nil {
		fmt.Fprintf(stderr, "tsume: unknown command %q (run 'tsume help' for the list)\n", args[0])
		return ExitError
	}
	return runCommand(ctx, c, args[1:], e)
}

// runCommand parses a command's flags, runs it and turns its error into a
// message and an exit status.
func runCommand(ctx context.Context, c *command, args []string, e *env) int {
	fs := flag.NewFlagSet("tsume "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // Run writes the messages itself
	run := c.setup(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeCommandHelp(e.stdout, c)
			return ExitOK
		}
		fmt.Fprintf(e.stderr, "tsume %s: %v (run 'tsume help %s' for usage)\n", c.name, err, c.name)
		return ExitError
	}
	err := run(ctx, e, fs.Args())
	if err == nil {
		return ExitOK
	}
	var ex *exitError
	switch {
	case errors.As(err, &ex):
		if ex.msg != "" {
			fmt.Fprintf(e.stderr, "tsume %s: %s\n", c.name, undoubled(c.name, ex.msg))
		}
		return ex.code
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(e.stderr, "tsume %s: interrupted\n", c.name)
		return ExitInterrupted
	default:
		fmt.Fprintf(e.stderr, "tsume %s: %s\n", c.name, undoubled(c.name, message(err)))
		return ExitError
	}
}

// undoubled returns msg, the message of an error of the command name,
// without the "NAME: " that a package of the same name put in it, at its
// start or after a wrapper's words: "tsume bank: x.db: …", not "tsume
// bank: bank: x.db: …", and "tsume bank: merge: x.db: …", not "tsume
// bank: merge: bank: x.db: …".
func undoubled(name, msg string) string {
	for strings.HasPrefix(msg, name+": ") {
		msg = strings.TrimPrefix(msg, name+": ")
	}
	for strings.Contains(msg, ": "+name+": ") {
		msg = strings.ReplaceAll(msg, ": "+name+": ", ": ")
	}
	return msg
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// countSet returns how many of the flags names were given.
func countSet(fs *flag.FlagSet, names ...string) int {
	n := 0
	for _, name := range names {
		if isSet(fs, name) {
			n++
		}
	}
	return n
}

func writeMainHelp(w io.Writer, set map[string]*command) {
	var b strings.Builder
	b.WriteString("tsume is a toolkit for tsume shogi (詰将棋) problems.\n\n")
	b.WriteString("Usage:\n\n\ttsume <command> [arguments]\n\nCommands:\n\n")
	width := 0
	cmds := sortedCommands(set)
	for _, c := range cmds {
		width = max(width, len(c.name))
	}
	for _, c := range cmds {
		fmt.Fprintf(&b, "\t%-*s  %s\n", width, c.name, c.summary)
	}
	b.WriteString("\nRun 'tsume help <command>' for more about a command.\n")
	b.WriteString("Exit status: 0 success, 1 a negative answer, 2 bad usage or input, 130 interrupted.\n")
	io.WriteString(w, b.String())
}

// helpLines is the most lines 'tsume help COMMAND' may print: one
// screen. What does not fit goes in docs/.
const helpLines = 50

// writeCommandHelp writes the help of c: its synopsis, what it does,
// its exit statuses and where docs/ says more (c.help), what c.more
// adds, and its flags, one a line.
func writeCommandHelp(w io.Writer, c *command) {
	var b strings.Builder
	usage := "usage: tsume " + c.name
	if c.args != "" {
		usage += " " + c.args
	}
	writeWrapped(&b, usage, 0, len("usage: tsume "+c.name+" "))
	b.WriteString("\n")
	b.WriteString(strings.TrimSpace(c.help))
	b.WriteString("\n")
	if c.more != nil {
		b.WriteString("\n" + strings.TrimSpace(c.more()) + "\n")
	}
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	c.setup(fs)
	writeFlags(&b, fs)
	io.WriteString(w, b.String())
}

// writeFlags writes the flags of fs under "Flags:", one a line: the
// flag and its argument, then its usage and its default.
func writeFlags(b *strings.Builder, fs *flag.FlagSet) {
	type row struct{ left, right string }
	var rows []row
	width := 0
	// Flags of one variable are one flag and its aliases (generate's
	// --max_pieces and --max-pieces): the flag is the one with the
	// longest usage, and its line names the aliases too.
	main := map[flag.Value]*flag.Flag{}
	fs.VisitAll(func(f *flag.Flag) {
		if m := main[f.Value]; m == nil || len(f.Usage) > len(m.Usage) {
			main[f.Value] = f
		}
	})
	fs.VisitAll(func(f *flag.Flag) {
		if main[f.Value] != f {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		fs.VisitAll(func(a *flag.Flag) {
			if a.Value == f.Value && a != f {
				left += ", --" + a.Name
			}
		})
		if name != "" {
			left += " " + name
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "0s" {
			usage += " (default " + f.DefValue + ")"
		}
		rows = append(rows, row{left, usage})
		if len(left) <= maxFlagColumn {
			width = max(width, len(left))
		}
	})
	if len(rows) == 0 {
		return
	}
	b.WriteString("\nFlags:\n")
	for _, r := range rows {
		// A flag longer than the column pushes its usage to the right.
		writeWrapped(b, fmt.Sprintf("  %-*s  %s", width, r.left, r.right), 0, width+4)
	}
}

// maxFlagColumn is the widest flag (with its argument) that sets the
// column of the usages in writeFlags.
const maxFlagColumn = 20

// helpWidth is the width of the screen the help is written for: a line
// of the help is wrapped before it.
const helpWidth = 100

// writeWrapped writes line, wrapped at spaces to lines of at most
// helpWidth columns (a word longer than that stands alone), the first
// from column first, the others indented by indent spaces.
func writeWrapped(b *strings.Builder, line string, first, indent int) {
	col := first
	for i, word := range strings.Split(line, " ") {
		w := displayWidth(word)
		switch {
		case i == 0:
		case col+1+w > helpWidth && col > indent:
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
			if word == "" {
				continue
			}
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(word)
		col += w
	}
	b.WriteString("\n")
}

// displayWidth returns the columns s takes on a terminal: two for a wide
// (East Asian) character, one for the others.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 ||
			r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6) {
			n++
		}
	}
	return n
}
