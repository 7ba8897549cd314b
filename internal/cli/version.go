package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

func versionCommand() *command {
	return &command{
		name:    "version",
		summary: "print the version of tsume: module version, source revision, Go version",
		help: `
Version prints what the binary says of its build (runtime/debug's build
information): the module version ("(devel)" for a build from a checkout,
v1.2.3 for go install …@v1.2.3), the version control revision and its
time with "modified" when the checkout had uncommitted changes (go build
records them; go run and go test do not), and the Go version, the
operating system and the architecture:

  tsume (devel)
  module github.com/tsume-shogi/tsume
  revision 289bd85c… (2026-12-01T10:00:00Z, modified)
  go1.26.0 linux/amd64

A line that the build information does not give is left out.

Exit status: 0. More: docs/cli.md#version.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			return func(_ context.Context, e *env, args []string) error {
				if len(args) > 0 {
					return usageErrorf("version", "unexpected argument %q", args[0])
				}
				bi, _ := debug.ReadBuildInfo()
				writeVersion(e.stdout, bi)
				return nil
			}
		},
	}
}

// writeVersion writes the version report of bi (nil when the binary has
// no build information).
func writeVersion(w io.Writer, bi *debug.BuildInfo) {
	version, path := "(devel)", ""
	if bi != nil {
		path = bi.Main.Path
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
	}
	fmt.Fprintf(w, "tsume %s\n", version)
	if path != "" {
		fmt.Fprintf(w, "module %s\n", path)
	}
	var revision, when string
	modified := false
	if bi != nil {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if revision != "" {
		fmt.Fprintf(w, "revision %s", revision)
		switch {
		case when != "" && modified:
			fmt.Fprintf(w, " (%s, modified)", when)
		case when != "":
			fmt.Fprintf(w, " (%s)", when)
		case modified:
			w.Write([]byte(" (modified)"))
		}
		w.Write([]byte("\n"))
	}
	goVersion := runtime.Version()
	if bi != nil && bi.GoVersion != "" {
		goVersion = bi.GoVersion
	}
	fmt.Fprintf(w, "%s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
}
