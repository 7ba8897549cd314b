package cli

import (
	"context"
	"flag"
)

func helpCommand() *command {
	return &command{
		name:    "help",
		summary: "show the list of commands, or the usage of one",
		args:    "[command]",
		help: `
Without an argument, help lists the commands with a line about each.
With the name of a command, it prints one screen about it, as 'tsume
COMMAND --help' does: its usage, what it does, its exit statuses and its
flags.

Exit status: 0 done, 2 an unknown command.
More: docs/cli.md, each command in full.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			return runHelp
		},
	}
}

func runHelp(_ context.Context, e *env, args []string) error {
	switch len(args) {
	case 0:
		writeMainHelp(e.stdout, e.commands)
		return nil
	case 1:
		c := e.commands[args[0]]
		if c == nil {
			return usageErrorf("help", "unknown command %q", args[0])
		}
		writeCommandHelp(e.stdout, c)
		return nil
	default:
		return usageErrorf("help", "want at most one command name; got %d arguments", len(args))
	}
}
