package layout

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/tsume-shogi/tsume/"

// layers gives every package of the module its layer, bottom first. A
// package may import the standard library, golang.org/x modules and
// packages of a strictly lower layer, or of its own layer when it is a
// subpackage of the one it imports (gen/mate1 → gen). A package missing
// from this table fails the test: a new package takes its place here and
// in docs/design.md.
var layers = map[string]int{
	"shogi": 0,
	"graph": 0,
	// The outlines of the picture's characters, and the command that
	// writes them: data and a tool of render, below everything.
	"render/internal/glyphs":   0,
	"render/internal/glyphgen": 0,
	"variant":                  1,
	"record":                   1,
	"referee":                  1,
	"render":                   2,
	"mate":                     2,
	"helpmate":                 2,
	"engine/eval":              2,
	"engine/eval/nnue":         2,
	"engine":                   3,
	"graph/shogigraph":         3,
	"problem":                  3,
	"render/worksheet":         3,
	"verdict":                  3,
	"theme":                    3,
	"gen":                      4,
	"gen/mate1":                4,
	"gen/maten":                4,
	"gen/fairy":                4,
	"gen/realistic":            6,
	"selfplay":                 4,
	"report":                   5,
	"mine":                     5,
	"bank":                     5,
	"usi":                      6,
	"usi/mateengine":           6,
	"usi/usitest":              6,
	"usi/gameengine":           6,
	"match":                    6,
	"web":                      6,
	"internal/layout":          7,
	"internal/cli":             8,
	"cmd/tsume":                9,
}

// packages returns the module's package directories (relative, with
// slashes) and the root directory of the module.
func packages(t *testing.T) (map[string][]string, string) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			rel = filepath.ToSlash(rel)
			pkgs[rel] = append(pkgs[rel], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs, root
}

// TestImportsPointDown checks that no package imports one of a layer
// above it. Tests are held to the same rule, except that they may read
// the problem lists and use the test helpers (testMayImport).
func TestImportsPointDown(t *testing.T) {
	pkgs, _ := packages(t)
	fset := token.NewFileSet()
	for dir, files := range pkgs {
		layer, ok := layers[dir]
		if !ok {
			t.Errorf("package %s has no layer in internal/layout's table", dir)
			continue
		}
		for _, file := range files {
			f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			test := strings.HasSuffix(file, "_test.go")
			for _, imp := range f.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				if !strings.HasPrefix(path, module) {
					continue
				}
				dep := strings.TrimPrefix(path, module)
				depLayer, ok := layers[dep]
				switch {
				case !ok:
					t.Errorf("%s imports %s, which has no layer", file, dep)
				case depLayer < layer, dep == dir:
				case depLayer == layer && strings.HasPrefix(dir, dep+"/"):
				case test && testMayImport(dep):
				default:
					t.Errorf("%s (layer %d) imports %s (layer %d): dependencies point downwards", file, layer, dep, depLayer)
				}
			}
		}
	}
}

// testMayImport reports whether a test of a lower layer may import dep:
// only the problem lists, the generators (whose problems the format and
// graph tests use as data) and the test helpers.
func testMayImport(dep string) bool {
	switch dep {
	case "problem", "gen", "gen/mate1", "usi/usitest":
		return true
	}
	return false
}

// maxLines is the longest a Go file may grow before it should be split.
const maxLines = 600

// TestFileLength checks that no Go file, test files included, has grown
// past maxLines lines.
func TestFileLength(t *testing.T) {
	pkgs, root := packages(t)
	for _, files := range pkgs {
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(data, []byte("\n")); n > maxLines {
				rel, _ := filepath.Rel(root, file)
				t.Errorf("%s has %d lines (at most %d): split it by concept", rel, n, maxLines)
			}
		}
	}
}

// TestCommandsShareNoType checks that every type internal/cli declares is
// used by at most one command. A command's files are the file that
// declares its constructor (a function returning *command) and the files
// named after it (solve.go, solve_json.go); the other files of the package
// (cli.go, input.go, …) are the shared plumbing, and a type they declare
// may be used everywhere.
func TestCommandsShareNoType(t *testing.T) {
	dir := "../cli"
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	commands := commandFiles(files)
	if len(commands) < 5 {
		t.Fatalf("found only %d command files in internal/cli: %v", len(commands), commands)
	}
	// Types declared in a command's file.
	owner := map[string]string{}
	for name, f := range files {
		cmd, ok := commands[name]
		if !ok {
			continue
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				owner[s.(*ast.TypeSpec).Name.Name] = cmd
			}
		}
	}
	users := map[string]map[string]bool{}
	for name, f := range files {
		cmd, ok := commands[name]
		if !ok {
			cmd = "(shared: " + name + ")"
		}
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			if _, declared := owner[id.Name]; declared {
				if users[id.Name] == nil {
					users[id.Name] = map[string]bool{}
				}
				users[id.Name][cmd] = true
			}
			return true
		})
	}
	for typ, u := range users {
		if len(u) > 1 {
			var names []string
			for c := range u {
				names = append(names, c)
			}
			sort.Strings(names)
			t.Errorf("type %s (declared for %s) is used by %s: move it below internal/cli or into the one command", typ, owner[typ], strings.Join(names, ", "))
		}
	}
}

// commandFiles maps each file of internal/cli that belongs to one command
// to that command's file stem.
func commandFiles(files map[string]*ast.File) map[string]string {
	stems := map[string]bool{}
	for name, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || fn.Type.Results == nil || len(fn.Type.Results.List) != 1 {
				continue
			}
			if star, ok := fn.Type.Results.List[0].Type.(*ast.StarExpr); ok {
				if id, ok := star.X.(*ast.Ident); ok && id.Name == "command" && strings.HasSuffix(fn.Name.Name, "Command") {
					stems[strings.TrimSuffix(name, ".go")] = true
				}
			}
		}
	}
	out := map[string]string{}
	for name := range files {
		stem := strings.TrimSuffix(name, ".go")
		for s := range stems {
			if stem == s || strings.HasPrefix(stem, s+"_") {
				out[name] = s
			}
		}
	}
	return out
}
