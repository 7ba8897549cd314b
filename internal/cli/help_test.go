package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// docsRef matches a pointer to the documentation in a help text:
// docs/cli.md or docs/cli.md#solve.
var docsRef = regexp.MustCompile(`docs/([a-z0-9-]+\.md)(#[a-z0-9-]+)?`)

// TestHelpFitsAScreen checks that each command's help is one screen
// (helpLines lines of at most helpWidth columns) that states the
// synopsis, the exit statuses and where docs/ says the rest, that the
// pages and sections it points to exist, and that it says nothing twice.
func TestHelpFitsAScreen(t *testing.T) {
	for _, c := range commandList() {
		code, help, stderr := runCLI("help", c.name)
		if code != ExitOK || stderr != "" {
			t.Fatalf("tsume help %s: exit %d, stderr %q", c.name, code, stderr)
		}
		lines := strings.Split(strings.TrimSuffix(help, "\n"), "\n")
		if len(lines) > helpLines {
			t.Errorf("tsume help %s: %d lines, want at most %d", c.name, len(lines), helpLines)
		}
		for _, l := range lines {
			if displayWidth(l) > helpWidth {
				t.Errorf("tsume help %s: a line of %d columns, want at most %d: %q", c.name, displayWidth(l), helpWidth, l)
			}
		}
		if !strings.HasPrefix(help, "usage: tsume "+c.name) || !strings.Contains(help, "Exit status:") {
			t.Errorf("tsume help %s: no usage line or no exit status", c.name)
		}
		refs := docsRef.FindAllStringSubmatch(help, -1)
		if len(refs) == 0 {
			t.Errorf("tsume help %s: no pointer to docs/", c.name)
		}
		for _, ref := range refs {
			page, err := os.ReadFile("../../docs/" + ref[1])
			if err != nil {
				t.Errorf("tsume help %s points to %s: %v", c.name, ref[0], err)
				continue
			}
			if ref[2] != "" && !regexp.MustCompile(`(?m)^## `+regexp.QuoteMeta(ref[2][1:])+`\b`).Match(page) {
				t.Errorf("tsume help %s points to %s: no such section", c.name, ref[0])
			}
		}
		seen := map[string]bool{}
		for _, para := range strings.Split(help, "\n\n") {
			if seen[para] {
				t.Errorf("tsume help %s says twice: %q", c.name, para)
			}
			seen[para] = true
		}
	}
}

// TestHelpNamesAliases checks that a flag's alias is named on its line,
// not given a line of its own.
func TestHelpNamesAliases(t *testing.T) {
	_, help, _ := runCLI("help", "generate")
	if !strings.Contains(help, "\n  --max_pieces, --max-pieces N  at most N pieces") || strings.Contains(help, "same as --max_pieces") {
		t.Errorf("tsume help generate: --max-pieces not named with --max_pieces:\n%s", help)
	}
}

// TestUSIHelpListsEveryOption checks that tsume help usi lists every
// option the engine declares, each with what it is for, and no option
// it does not declare.
func TestUSIHelpListsEveryOption(t *testing.T) {
	_, help, _ := runCLI("help", "usi")
	declared := map[string]bool{}
	for _, o := range newUSIHandler().Options() {
		declared[o.Name] = true
		if !strings.Contains(help, "\n  "+o.Name+" ") {
			t.Errorf("tsume help usi does not list the option %s", o.Name)
		}
		if usiOptionHelp[o.Name] == "" {
			t.Errorf("the option %s has no line in usiOptionHelp", o.Name)
		}
	}
	for _, name := range []string{"EvalWeights", "SearchFeatures", "USI_Hash", "MateNodes"} {
		if !declared[name] {
			t.Errorf("the engine does not declare %s", name)
		}
	}
	for name := range usiOptionHelp {
		if !declared[name] {
			t.Errorf("usiOptionHelp describes %s, which the engine does not declare", name)
		}
	}
}
