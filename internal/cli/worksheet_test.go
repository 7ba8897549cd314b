package cli

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// checkPicture checks that data is a well-formed SVG picture of the
// position named in its <desc>, with one piece element per board piece,
// and returns that SFEN.
func checkPicture(t *testing.T, name string, data []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	pieces, inDesc, desc := 0, false, ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s is not well-formed XML: %v", name, err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			inDesc = el.Name.Local == "desc"
			for _, a := range el.Attr {
				if a.Name.Local == "class" && strings.HasPrefix(a.Value, "piece ") {
					pieces++
				}
			}
		case xml.EndElement:
			inDesc = false
		case xml.CharData:
			if inDesc {
				desc += string(el)
			}
		}
	}
	sfen := strings.TrimPrefix(desc, "SFEN ")
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: desc %q: %v", name, desc, err)
	}
	if n := p.Occupied().Count(); n != pieces {
		t.Errorf("%s: %d piece elements, the position has %d pieces", name, pieces, n)
	}
	return sfen
}

var (
	imgSrc    = regexp.MustCompile(`<img src="([0-9]+\.svg)"`)
	answerRow = regexp.MustCompile(`<li value="([0-9]+)">(▲[^<]+)<code>([^<]+)</code>(?:<br><span class="themes">手筋：([^<]+)</span>)?((?:<br><span class="variation">変化：[^<]+</span>)*)</li>`)
)

// checkWorksheet checks that dir holds the pictures 0001.svg … and an
// index.html listing exactly those, with one answer each, and returns the
// number of pictures.
func checkWorksheet(t *testing.T, dir string) int {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.svg"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for i, f := range files {
		if want := fmt.Sprintf("%04d.svg", i+1); filepath.Base(f) != want {
			t.Fatalf("picture %d is %s, want %s", i+1, filepath.Base(f), want)
		}
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, ".tsume-*")); len(tmp) > 0 {
		t.Errorf("temporary files left: %v", tmp)
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || !strings.HasSuffix(page, "</html>\n") ||
		!strings.Contains(page, "Black to play and mate in 1") || !strings.Contains(page, "一手詰") {
		t.Errorf("index.html is not a whole worksheet page:\n%s", page)
	}
	if i, j := strings.Index(page, `class="problems"`), strings.Index(page, `class="answers"`); i < 0 || j < i {
		t.Errorf("index.html: the answers do not follow the problems")
	}
	if !strings.Contains(page, "break-before: page") {
		t.Errorf("index.html: no page break before the answers")
	}
	imgs := imgSrc.FindAllStringSubmatch(page, -1)
	answers := answerRow.FindAllStringSubmatch(page, -1)
	if len(imgs) != len(files) || len(answers) != len(files) {
		t.Fatalf("index.html shows %d pictures and %d answers; the directory has %d pictures", len(imgs), len(answers), len(files))
	}
	for i, f := range files {
		if imgs[i][1] != filepath.Base(f) || answers[i][1] != fmt.Sprint(i+1) {
			t.Errorf("entry %d: picture %s, answer number %s", i+1, imgs[i][1], answers[i][1])
		}
		pic, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sfen := checkPicture(t, f, pic)
		// The answer is a legal move of the pictured position, in USI and
		// in Japanese.
		p, _ := shogi.ParseSFEN(sfen)
		m, err := p.ParseUSIMove(answers[i][3])
		if err != nil {
			t.Errorf("%s: answer %s: %v", f, answers[i][3], err)
			continue
		}
		if ja := p.JapaneseMove(m, shogi.NoSquare, shogi.JapaneseStyle{Mark: true}); ja != answers[i][2] {
			t.Errorf("%s: answer %q, want %q", f, answers[i][2], ja)
		}
	}
	return len(files)
}

// TestGenerateSVG: --format svg writes the pictures and the worksheet,
// the same problems as the sfen format, in order.
func TestGenerateSVG(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sheet")
	out, errs, code := runGenerateCLI(t, context.Background(), "--n", "7", "--seed", "3", "--max_pieces", "5", "--format", "svg", "--out", dir, "--workers", "2")
	if code != ExitOK || out != "" || !summaryLine.MatchString(errs) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if n := checkWorksheet(t, dir); n != 7 {
		t.Errorf("%d pictures, want 7", n)
	}
	sfens, _, _ := runGenerateCLI(t, context.Background(), "--n", "7", "--seed", "3", "--max_pieces", "5")
	for i, want := range strings.Split(strings.TrimSuffix(sfens, "\n"), "\n") {
		pic, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%04d.svg", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(pic, []byte("<desc>SFEN "+want+"</desc>")) || !bytes.Contains(pic, []byte(fmt.Sprintf("第%d問", i+1))) {
			t.Errorf("picture %d does not show %s with its number", i+1, want)
		}
		// The characters of the board and of the title 第N問 are
		// outlines: the picture needs no font.
		if n := bytes.Count(pic, []byte("<text")); n != 0 || !bytes.Contains(pic, []byte(`<use xlink:href="#tsume-`)) {
			t.Errorf("picture %d has %d <text> elements, or no outlines", i+1, n)
		}
	}
}

// TestWorksheetThemes: each answer of the worksheet names the themes of
// its problem's main line, those generate's jsonl gives it.
func TestWorksheetThemes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sheet")
	args := []string{"--length", "3", "--n", "8", "--seed", "3"}
	if _, errs, code := runGenerateCLI(t, context.Background(), append(args, "--format", "svg", "--out", dir)...); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	jsonl, _, _ := runGenerateCLI(t, context.Background(), append(args, "--format", "jsonl")...)
	ps, err := problem.ReadJSONL(strings.NewReader(jsonl), "generate jsonl")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	answers := answerRow.FindAllStringSubmatch(string(page), -1)
	if len(answers) != len(ps) {
		t.Fatalf("%d answers, %d problems", len(answers), len(ps))
	}
	named := 0
	for i, p := range ps {
		if want := themeSummary(p.Themes); answers[i][4] != want {
			t.Errorf("answer %d names the themes %q, want %q", i+1, answers[i][4], want)
		}
		if len(p.Themes) > 0 {
			named++
		}
	}
	if named == 0 {
		t.Error("no problem with a theme: the test tests nothing")
	}
}

// TestGenerateSVGText: with --svg-text the pictures draw their characters
// as text; without --format svg the flag is refused.
func TestGenerateSVGText(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sheet")
	out, errs, code := runGenerateCLI(t, context.Background(), "--n", "2", "--format", "svg", "--svg-text", "--out", dir)
	if code != ExitOK || out != "" || !summaryLine.MatchString(errs) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	pic, err := os.ReadFile(filepath.Join(dir, "0001.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(pic, []byte("<use")) || !bytes.Contains(pic, []byte(`font-weight="bold" text-anchor="middle" fill="#2b2118">玉</text>`)) {
		t.Errorf("--svg-text: the picture's characters are not text:\n%s", pic)
	}
	out, errs, code = runGenerateCLI(t, context.Background(), "--svg-text")
	if code != ExitError || out != "" || !strings.Contains(errs, "--svg-text is for --format svg") {
		t.Errorf("--svg-text without svg: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestGenerateSVGNeedsOut(t *testing.T) {
	out, errs, code := runGenerateCLI(t, context.Background(), "--format", "svg")
	if code != ExitError || out != "" || !strings.Contains(errs, "--format svg needs --out DIR") || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestGenerateSVGInterrupted cancels a long run: index.html lists exactly
// the pictures written.
func TestGenerateSVGInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"generate", "--n", "100000000", "--format", "svg", "--out", dir}, nil, &out, &errb)
	}()
	for {
		if files, _ := filepath.Glob(filepath.Join(dir, "*.svg")); len(files) >= 5 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != ExitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, ExitInterrupted, errb.String())
	}
	if n := checkWorksheet(t, dir); n < 5 {
		t.Errorf("%d pictures after the interruption, want at least 5", n)
	}
}
