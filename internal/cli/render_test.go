package cli

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// The render golden files live in testdata/render/, apart from the
// goldenCases of cli_test.go, so that TestGoldenFilesUsed (which globs
// testdata/*.golden) does not see them; TestRenderGoldenFilesUsed checks
// them instead.
const renderGoldenDir = "testdata/render"

// Positions used by the render cases.
const (
	rProblem = "4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1" // L*4b mates
	rMatsuri = matsuri                                        // White to move, promoted pieces, both hands
)

var renderGoldenCases = []goldenCase{
	{"help_render", []string{"help", "render"}, ""},
	{"help_render", []string{"render", "--help"}, ""},

	{"text_problem", []string{"render", "--sfen", rProblem}, ""},
	{"text_problem", []string{"render", "--sfen", rProblem, "--format", "text"}, ""},
	{"text_startpos_moves_title", []string{"render", "--moves", "7g7f 3c3d", "--title", "角換わり？"}, ""},
	{"bod_problem", []string{"render", "--sfen", rProblem, "--format", "bod"}, ""},
	{"bod_matsuri", []string{"render", "--sfen", rMatsuri, "--format", "bod"}, ""},
	{"sfen_moves", []string{"render", "--format", "sfen", "--moves", "7g7f 3c3d 8h2b+"}, ""},
	{"sfen_moves", []string{"render", "--format=sfen", "--moves", "7g7f 3c3d", "--move", "8h2b+"}, ""},
	{"kif_problem_mate", []string{"render", "--sfen", rProblem, "--format", "kif", "--moves", "L*4b", "--title", "一手詰"}, ""},
	{"kif_startpos_moves", []string{"render", "--format", "kif", "--moves", "7g7f 3c3d 8h2b+ 3a2b"}, ""},
	{"ki2_problem_mate", []string{"render", "--sfen", rProblem, "--format", "ki2", "--moves", "L*4b", "--title", "一手詰"}, ""},
	{"ki2_startpos_moves", []string{"render", "--format", "ki2", "--moves", "7g7f 3c3d 8h2b+ 3a2b"}, ""},
	{"csa_problem_mate", []string{"render", "--sfen", rProblem, "--format", "csa", "--move", "L*4b", "--title", "一手詰"}, ""},
	{"csa_matsuri", []string{"render", "--sfen", rMatsuri, "--format", "csa"}, ""},
	{"svg_problem_move", []string{"render", "--sfen", rProblem, "--format", "svg", "--move", "L*4b", "--title", "一手詰 <解答>"}, ""},
	{"svg_matsuri_highlight", []string{"render", "--sfen", rMatsuri, "--format", "svg", "--highlight", "4b,2b"}, ""},
	{"svg_problem_text", []string{"render", "--sfen", rProblem, "--format", "svg", "--svg-text", "--title", "一手詰"}, ""},

	// Positions from records (see input.go): a record converts whole,
	// with its headers; --ply picks the position; --moves replace the
	// record's moves.
	{"bod_matsuri", []string{"render", "--kif", "testdata/input/matsuri.kif", "--format", "bod"}, ""},
	{"text_record_ply", []string{"render", "--csa", "testdata/input/opening.csa", "--ply", "3"}, ""},
	{"text_record_ply", []string{"render", "--file", "testdata/input/opening.ki2", "--ply", "3"}, ""},
	{"text_record_ply", []string{"render", "--sfen", "position startpos moves 7g7f 3c3d 8h2b+", "--ply", "3"}, ""},
	{"text_record_ply", []string{"render", "--ki2", "testdata/input/opening.ki2", "--moves", "7g7f 3c3d 8h2b+"}, ""},
	{"kif_record_whole", []string{"render", "--csa", "testdata/input/opening.csa", "--format", "kif"}, ""},
	{"csa_record_whole", []string{"render", "--ki2", "testdata/input/opening.ki2", "--format", "csa"}, ""},
	{"ki2_record_from_ply", []string{"render", "--csa", "testdata/input/opening.csa", "--format", "ki2", "--ply", "12", "--title", "途中図から"}, ""},
	{"kif_record_moves_replace", []string{"render", "--ki2", "testdata/input/opening.ki2", "--format", "kif", "--moves", "2g2f"}, ""},

	{"err_render_illegal_move", []string{"render", "--moves", "7g7f 3c3d 8h2c+"}, ""},
	{"err_render_bad_move", []string{"render", "--moves", "7g7f 33cd"}, ""},
	{"err_render_illegal_last_move", []string{"render", "--sfen", rProblem, "--move", "L*5a"}, ""},
	{"err_render_unknown_format", []string{"render", "--format", "png"}, ""},
	{"err_render_highlight_not_svg", []string{"render", "--highlight", "5b", "--format", "bod"}, ""},
	{"err_render_svg_text_not_svg", []string{"render", "--svg-text"}, ""},
	{"err_render_highlight_and_move", []string{"render", "--format", "svg", "--highlight", "5b", "--move", "7g7f"}, ""},
	{"err_render_title_sfen", []string{"render", "--format", "sfen", "--title", "x"}, ""},
	{"err_render_bad_square", []string{"render", "--format", "svg", "--highlight", "5j"}, ""},
	{"err_render_bad_sfen", []string{"render", "--sfen", "4pkn2/9/5X3/9/9/9/9/9/9 b - 1"}, ""},
	{"err_render_record_line", []string{"render", "--kif", "testdata/input/bad.kif"}, ""},
	{"err_render_two_inputs", []string{"render", "--sfen", "startpos", "--csa", "testdata/input/opening.csa"}, ""},
	{"err_render_argument", []string{"render", "--sfen", "4k4/9/9/9/9/9/9/9/9", "b", "-", "1"}, ""},
}

func TestRenderGolden(t *testing.T) {
	testGoldenCases(t, renderGoldenDir, renderGoldenCases, nil)
}

// TestRenderGoldenFilesUsed catches render golden files no case writes.
func TestRenderGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, renderGoldenDir, renderGoldenCases)
}

// TestRenderErrors: a failing render writes one line to standard error
// and nothing to standard output, with exit status 2.
func TestRenderErrors(t *testing.T) {
	testErrorCases(t, renderGoldenCases, "tsume render: ")
}

// TestRenderOut: --out writes what standard output would get, and the
// picture is well-formed XML.
func TestRenderOut(t *testing.T) {
	for _, format := range renderFormats {
		args := []string{"render", "--sfen", rMatsuri, "--format", format, "--moves", "G*2c"}
		var stdout, stderr bytes.Buffer
		if code := Run(context.Background(), args, nil, &stdout, &stderr); code != ExitOK {
			t.Fatalf("%s: exit %d: %s", format, code, stderr.String())
		}
		path := filepath.Join(t.TempDir(), "out")
		var stdout2 bytes.Buffer
		if code := Run(context.Background(), append(args, "--out", path), nil, &stdout2, &stderr); code != ExitOK || stdout2.Len() != 0 {
			t.Fatalf("%s --out: exit %d, stdout %q, stderr %q", format, code, stdout2.String(), stderr.String())
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, stdout.Bytes()) {
			t.Errorf("%s: --out wrote something else than standard output gets", format)
		}
		if format == "svg" {
			dec := xml.NewDecoder(bytes.NewReader(data))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("svg is not well-formed: %v", err)
				}
			}
		}
	}
}
